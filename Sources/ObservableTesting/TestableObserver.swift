import ObservableCore
import Testing

/// An observer that records every event with the virtual time it arrived, and checks the
/// observable grammar of each subscription as it goes.
///
/// Like RxTest's, it records every event it receives, in arrival order, from every
/// subscription: a test that subscribes one observer several times (to a `multicast`, a
/// `refCount`, or again after the first subscription ended) sees all their events in
/// ``events``.
///
/// Unlike RxTest's, it also checks the grammar, `next* (error | completed)?`, one subscription
/// at a time: each `subscribe`, `bind(to:)` or `drive` with this observer is checked apart
/// from the others, and so are the calls made to ``on(_:)`` directly. The running test fails,
/// whether Swift Testing or XCTest runs it, when one of them sees:
/// - an event after its terminal event, including a second terminal event;
/// - two calls at once, from different threads or nested on one thread.
///
/// So a second subscription that starts after the first one completed is fine; a source that
/// sends an element after its own completion is not. The violations are also kept in
/// ``grammarViolations``. See <doc:TestingWithXCTest> for how a failure finds its test,
/// including from other threads.
public final class TestableObserver<Element: Sendable>: ObserverType {
  private struct State {
    var events: [Recorded<Event<Element>>] = []
    var violations: [String] = []
    var terminated = false
    var subscriptions = 0
  }

  private let scheduler: any SchedulerClock
  private let state = _Mutex(State())
  /// The checks of the calls made to `on(_:)` directly rather than through a subscription.
  private let directCalls = _GrammarCheck(source: "direct calls to on(_:)")

  init(scheduler: any SchedulerClock) {
    self.scheduler = scheduler
    prepareFailureReporting()
  }

  /// Creates an observer for tests that run on real threads rather than virtual time.
  ///
  /// Every event is recorded at time 0; the grammar checks are the same.
  public convenience init() {
    self.init(scheduler: _ZeroClock())
  }

  /// Whether a terminal event has arrived, from any subscription.
  public var isTerminated: Bool {
    state.withLock { $0.terminated }
  }

  /// The elements received so far, without times.
  public var elements: [Element] {
    state.withLock { $0.events.compactMap { $0.value.element } }
  }

  /// Waits until a terminal event arrives, polling every millisecond, for at most `timeout` of
  /// sleep.
  ///
  /// The timeout counts the time spent asleep between polls, not the time on the clock: when
  /// other tests keep every thread busy, each poll waits its turn and the wait lasts longer,
  /// instead of giving up while the work it waits for is still queued behind them.
  ///
  /// - Parameter timeout: How long to sleep in total before giving up.
  /// - Returns: Whether a terminal event arrived in time.
  public func waitForTermination(timeout: Duration = .seconds(10)) async -> Bool {
    await _pollWhileSleepingAtMost(timeout) { isTerminated }
  }

  /// The events received so far, from every subscription, with their virtual times.
  public var events: [Recorded<Event<Element>>] {
    state.withLock { $0.events }
  }

  /// A description of every grammar violation seen so far.
  public var grammarViolations: [String] {
    state.withLock { $0.violations }
  }

  /// Records `event` at the scheduler's current time, checked with the other direct calls.
  ///
  /// - Parameter event: The event.
  public func on(_ event: Event<Element>) {
    record(event, checkedBy: directCalls)
  }

  /// An observer for one new subscription, whose events are recorded here and checked apart
  /// from other subscriptions'.
  ///
  /// Not public API: subscribing calls it.
  ///
  /// - Returns: The observer the new subscription delivers to.
  public func _observerForSubscription() -> AnyObserver<Element>? {
    let number = state.withLock { state -> Int in
      state.subscriptions += 1
      return state.subscriptions
    }
    let check = _GrammarCheck(source: "subscription \(number)")
    return AnyObserver { event in self.record(event, checkedBy: check) }
  }

  private func record(_ event: Event<Element>, checkedBy check: _GrammarCheck) {
    let entered = check.enter()
    let time = scheduler.currentTestTime
    let violation = state.withLock { state -> String? in
      var violation: String?
      if !entered {
        violation = "overlapping calls: \(event) arrived while another call was in progress"
      } else if check.isTerminated {
        violation = "\(event) arrived after a terminal event"
      }
      if event.isStopEvent {
        state.terminated = true
        check.isTerminated = true
      }
      state.events.append(Recorded(time: time, value: event))
      guard let violation else { return nil }
      let described = "\(violation) (\(check.source))"
      state.violations.append(described)
      return described
    }
    if entered { check.leave() }
    if let violation {
      recordTestFailure("Observable grammar violated at \(time): \(violation)", at: .unknown)
    }
  }
}

/// The grammar state of one stream of calls into a ``TestableObserver``: one subscription, or
/// the direct calls.
private final class _GrammarCheck: @unchecked Sendable {
  // SAFETY: `inCall` is atomic; `terminated` is read and written only inside the owning
  // observer's `state` lock.
  /// What the calls come from, for the failure message.
  let source: String
  private let inCall = _Atomic<Bool>(false)
  private var terminated = false

  init(source: String) {
    self.source = source
  }

  /// Whether a terminal event has arrived; read and written only under the observer's lock.
  var isTerminated: Bool {
    get { terminated }
    set { terminated = newValue }
  }

  /// Marks a call as started; `false` if another one was in progress.
  func enter() -> Bool {
    inCall.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent)
      .exchanged
  }

  /// Marks the call started by a successful ``enter()`` as finished.
  func leave() {
    inCall.store(false, ordering: .sequentiallyConsistent)
  }
}

/// Reads a scheduler's virtual clock in test ticks.
protocol SchedulerClock: Sendable {
  var currentTestTime: TestTime { get }
}

/// The clock of observers that are not driven by a ``TestScheduler``.
private struct _ZeroClock: SchedulerClock {
  var currentTestTime: TestTime { 0 }
}

/// Polls `condition` every millisecond until it holds or the polls have slept `budget` in total.
///
/// Counting sleep rather than clock time makes the wait robust to CPU starvation: a poll that
/// is resumed late has not used up the budget waiting for a thread.
///
/// - Returns: Whether `condition` held before the budget ran out.
func _pollWhileSleepingAtMost(_ budget: Duration, until condition: () -> Bool) async -> Bool {
  let step = Duration.milliseconds(1)
  var slept = Duration.zero
  while !condition() {
    guard slept < budget else { return false }
    try? await Task.sleep(for: step)
    slept += step
  }
  return true
}
