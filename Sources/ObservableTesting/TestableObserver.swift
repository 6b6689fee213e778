import ObservableCore
import Synchronization
import Testing

/// An observer that records every event with the virtual time it arrived, and checks the
/// observable grammar as it goes.
///
/// The running test fails, whether Swift Testing or XCTest runs it, when the observer sees:
/// - an event after a terminal event, including a second terminal event;
/// - two calls at once from different threads.
///
/// The violations are also kept in ``grammarViolations``. See <doc:TestingWithXCTest> for how a failure
/// finds its test, including from other threads.
public final class TestableObserver<Element: Sendable>: ObserverType {
  private struct State {
    var events: [Recorded<Event<Element>>] = []
    var violations: [String] = []
    var terminated = false
  }

  private let scheduler: any SchedulerClock
  private let state = _Mutex(State())
  private let inCall = Atomic<Bool>(false)

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

  /// Whether a terminal event has arrived.
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

  /// The events received so far, with their virtual times.
  public var events: [Recorded<Event<Element>>] {
    state.withLock { $0.events }
  }

  /// A description of every grammar violation seen so far.
  public var grammarViolations: [String] {
    state.withLock { $0.violations }
  }

  /// Records `event` at the scheduler's current time.
  ///
  /// - Parameter event: The event.
  public func on(_ event: Event<Element>) {
    let entered = inCall.compareExchange(
      expected: false, desired: true, ordering: .sequentiallyConsistent
    ).exchanged
    let time = scheduler.currentTestTime
    let violation = state.withLock { state -> String? in
      var violation: String?
      if !entered {
        violation = "overlapping calls: \(event) arrived while another call was in progress"
      } else if state.terminated {
        violation = "\(event) arrived after a terminal event"
      }
      if event.isStopEvent { state.terminated = true }
      state.events.append(Recorded(time: time, value: event))
      if let violation { state.violations.append(violation) }
      return violation
    }
    if entered { inCall.store(false, ordering: .sequentiallyConsistent) }
    if let violation {
      recordTestFailure("Observable grammar violated at \(time): \(violation)", at: .unknown)
    }
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
