import ObservableCore
import Testing

// Helpers for the AsyncBridge tests. Their names start with `Bridge` so that files added to
// this target later cannot collide with them.

/// The error that bridge test sources fail with.
struct BridgeTestError: Error, Equatable {
  var id = 0
}

/// A thread-safe box for values shared with `@Sendable` test closures.
final class BridgeBox<Value: Sendable>: Sendable {
  private let storage: _Mutex<Value>

  init(_ value: Value) {
    storage = _Mutex(value)
  }

  var value: Value {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }

  @discardableResult
  func mutate<R: Sendable>(_ body: (inout Value) -> R) -> R {
    storage.withLock { body(&$0) }
  }
}

/// Counts occurrences of something and lets a task await the n-th one, without sleeping.
///
/// A wait ends early, recording an issue, if the waiting task is cancelled, which is what a
/// test's time limit does; a missing event then fails the test instead of hanging it.
final class BridgeSignal: Sendable {
  private struct Waiter {
    var id: UInt64
    var target: Int
    var continuation: CheckedContinuation<Void, Never>
  }

  private struct State {
    var count = 0
    var nextID: UInt64 = 0
    var waiters: [Waiter] = []
  }

  private let state = _Mutex(State())

  init() {}

  /// How many times ``fire()`` was called.
  var count: Int { state.withLock { $0.count } }

  func fire() {
    let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.count += 1
      let count = state.count
      let ready = state.waiters.filter { $0.target <= count }.map(\.continuation)
      state.waiters.removeAll { $0.target <= count }
      return ready
    }
    for continuation in ready { continuation.resume() }
  }

  /// Returns once ``fire()`` has been called at least `target` times.
  func wait(
    for target: Int = 1, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let id = state.withLock { state -> UInt64 in
      defer { state.nextID += 1 }
      return state.nextID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let ready = state.withLock { state -> Bool in
          if state.count >= target || Task.isCancelled { return true }
          state.waiters.append(Waiter(id: id, target: target, continuation: continuation))
          return false
        }
        if ready { continuation.resume() }
      }
    } onCancel: {
      let waiter = state.withLock { state -> Waiter? in
        guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
        return state.waiters.remove(at: index)
      }
      waiter?.continuation.resume()
    }
    if count < target {
      Issue.record("cancelled while waiting for signal #\(target)", sourceLocation: sourceLocation)
    }
  }
}

/// An Observable the test drives by hand, which records its subscriptions and runs of its
/// dispose action.
final class BridgeSource<Element: Sendable>: Sendable {
  private let subject = PublishSubject<Element>()
  /// Fires on each subscription, once the subscription is in place.
  let subscribed = BridgeSignal()
  /// Fires each time a subscription's dispose action has run.
  let disposed = BridgeSignal()

  init() {}

  var observable: Observable<Element> {
    Observable.create { observer in
      let subscription = self.subject.subscribe(observer)
      self.subscribed.fire()
      return Disposables.create {
        subscription.dispose()
        self.disposed.fire()
      }
    }
  }

  func send(_ element: Element) { subject.onNext(element) }
  func complete() { subject.onCompleted() }
  func fail(_ error: any Error) { subject.onError(error) }
}

/// Polls `condition` until it holds or `timeout` passes, in the caller's isolation.
///
/// For states that no event announces. Called on the main actor, it reads main-actor state
/// (a `@MainActor` model's properties), and between polls the main actor is free, so work
/// queued on the main queue runs.
func bridgeEventually(
  timeout: Duration = .seconds(10), isolation: isolated (any Actor)? = #isolation,
  _ condition: () -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  var polls = 0
  while !condition() {
    guard clock.now < deadline else { return false }
    polls += 1
    if polls < 100 {
      await Task.yield()
    } else {
      try? await clock.sleep(for: .milliseconds(1))
    }
  }
  return true
}

/// An Observable that sends `elements` synchronously when subscribed, then completes if
/// `completes`; its dispose action fires `disposed`.
func bridgeBurst(
  _ elements: [Int], completes: Bool = true, disposed: BridgeSignal = BridgeSignal()
) -> Observable<Int> {
  Observable.create { observer in
    for element in elements { observer.onNext(element) }
    if completes { observer.onCompleted() }
    return Disposables.create { disposed.fire() }
  }
}

/// Cancels the current task.
func bridgeCancelCurrentTask() {
  withUnsafeCurrentTask { $0?.cancel() }
}

/// Suspends the current task until it is cancelled, then fires `cancelled`.
///
/// For async closures that must prove they saw cancellation.
func bridgeWaitForCancellation(_ cancelled: BridgeSignal? = nil) async {
  let state = _Mutex<(CheckedContinuation<Void, Never>?, isCancelled: Bool)>((nil, false))
  await withTaskCancellationHandler {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let resumeNow = state.withLock { state -> Bool in
        if state.isCancelled { return true }
        state.0 = continuation
        return false
      }
      if resumeNow { continuation.resume() }
    }
  } onCancel: {
    let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
      state.isCancelled = true
      defer { state.0 = nil }
      return state.0
    }
    continuation?.resume()
  }
  cancelled?.fire()
}

/// Waits until every resource counted in `scope` has been released.
func bridgeReleased(_ scope: ResourceScope) async -> Bool {
  await bridgeEventually { scope.live == 0 }
}
