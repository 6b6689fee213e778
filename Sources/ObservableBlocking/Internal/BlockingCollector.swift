import Dispatch
import Foundation
import ObservableCore

extension BlockingObservable {
  /// Subscribes, waits until the sequence ends, `limit` elements satisfying `predicate` have
  /// arrived, `predicate` throws, or the timeout passes, and returns what it collected.
  ///
  /// Not API: what every blocking operator does.
  ///
  /// - Parameters:
  ///   - limit: How many elements to collect before the subscription is disposed; `nil` for
  ///     all of them.
  ///   - predicate: Which elements to collect; `nil` for all.
  /// - Returns: The elements collected and how the wait ended.
  internal func _collect(
    limit: Int?, predicate: (@Sendable (Element) throws -> Bool)?
  ) -> MaterializedSequenceResult<Element> {
    let subscription = SingleAssignmentDisposable()
    let collector = _BlockingCollector<Element>(
      limit: limit, predicate: predicate, onEnd: { subscription.dispose() })
    let source = source
    let subscribe: @Sendable () -> Void = {
      subscription.setDisposable(source.subscribe { collector.on($0) })
    }
    // As RxBlocking does: inside the current thread's trampoline if one runs, so that work the
    // source schedules on `CurrentThreadScheduler` runs before the wait, not never.
    if CurrentThreadScheduler.isScheduleRequired {
      _ = CurrentThreadScheduler.instance.schedule(()) { _ in
        subscribe()
        return Disposables.create()
      }
    } else {
      subscribe()
    }
    let deadline = timeout.map { Date(timeIntervalSinceNow: $0) }
    if !collector.wait(until: deadline) {
      // Unless the source ended meanwhile, this ends the wait, which disposes the subscription.
      collector.end(.failure(RxError.timeout))
    }
    return collector.result
  }
}

/// The elements a blocking operator has collected, and a wait for the end.
///
/// Not API.
internal final class _BlockingCollector<Element: Sendable>: Sendable {
  private struct State {
    var elements: [Element] = []
    var outcome: Result<Void, any Error>?
  }

  private let limit: Int?
  private let predicate: (@Sendable (Element) throws -> Bool)?
  /// Run once, when the wait has its end: disposes the subscription.
  private let onEnd: @Sendable () -> Void
  private let state = _Mutex(State())
  private let ended = DispatchSemaphore(value: 0)

  init(
    limit: Int?, predicate: (@Sendable (Element) throws -> Bool)?,
    onEnd: @escaping @Sendable () -> Void
  ) {
    self.limit = limit
    self.predicate = predicate
    self.onEnd = onEnd
  }

  /// Receives one event of the source.
  func on(_ event: Event<Element>) {
    switch event {
    case .next(let element):
      let keep: Bool
      do {
        keep = try predicate?(element) ?? true
      } catch {
        end(.failure(error))
        return
      }
      guard keep else { return }
      let full = state.withLock { state -> Bool in
        guard state.outcome == nil else { return false }
        state.elements.append(element)
        guard let limit, state.elements.count >= limit else { return false }
        state.outcome = .success(())
        return true
      }
      if full { finish() }
    case .error(let error):
      end(.failure(error))
    case .completed:
      end(.success(()))
    }
  }

  /// Ends the wait with `outcome`, unless it has ended already.
  func end(_ outcome: Result<Void, any Error>) {
    let first = state.withLock { state -> Bool in
      guard state.outcome == nil else { return false }
      state.outcome = outcome
      return true
    }
    if first { finish() }
  }

  /// Disposes the subscription and wakes the waiting thread; called outside the lock, once: by
  /// whoever set the outcome.
  private func finish() {
    onEnd()
    ended.signal()
  }

  /// Whether the wait has ended.
  private var hasEnded: Bool {
    state.withLock { $0.outcome != nil }
  }

  /// Blocks until the wait ends or `deadline` passes, running the current run loop meanwhile
  /// on the main thread.
  ///
  /// - Returns: `false` if `deadline` passed first.
  func wait(until deadline: Date?) -> Bool {
    guard Thread.isMainThread else {
      guard let deadline else {
        ended.wait()
        return true
      }
      let seconds = max(0, deadline.timeIntervalSinceNow)
      return ended.wait(timeout: .now() + seconds) == .success || hasEnded
    }
    // On the main thread the main queue's work, `MainScheduler`'s included, runs only while
    // the run loop runs: run it in short turns, and sleep briefly when it has nothing to run.
    while !hasEnded {
      let now = Date()
      if let deadline, now >= deadline { return false }
      let turn = now.addingTimeInterval(0.01)
      let until = deadline.map { min($0, turn) } ?? turn
      if !RunLoop.current.run(mode: .default, before: until) {
        _ = ended.wait(timeout: .now() + .milliseconds(1))
      }
    }
    return true
  }

  /// The elements and how the wait ended.
  var result: MaterializedSequenceResult<Element> {
    state.withLock { state in
      switch state.outcome {
      case .failure(let error)?: return .failed(elements: state.elements, error: error)
      case .success?, nil: return .completed(elements: state.elements)
      }
    }
  }
}
