import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A span of time for schedulers and time-based operators, as in RxSwift.
///
/// Every API that takes an `RxTimeInterval` also has an overload that takes a Swift `Duration`.
public typealias RxTimeInterval = DispatchTimeInterval

/// A point in time as schedulers report it.
public typealias RxTime = Date

/// A scheduler that runs work as soon as it can.
public protocol ImmediateSchedulerType: Sendable {
  /// Schedules `action` to run with `state`.
  ///
  /// - Parameters:
  ///   - state: The value passed to `action`.
  ///   - action: The work to run. It returns a disposable that cancels anything it started.
  /// - Returns: A disposable that cancels the work if it has not run yet, and disposes what
  ///   `action` returned if it has.
  func schedule<StateType: Sendable>(
    _ state: StateType,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable
}

/// A scheduler that can also run work later and periodically, and that has a clock.
public protocol SchedulerType: ImmediateSchedulerType {
  /// The scheduler's current time.
  var now: RxTime { get }

  /// Schedules `action` to run with `state` after `dueTime`.
  ///
  /// - Parameters:
  ///   - state: The value passed to `action`.
  ///   - dueTime: How long to wait before running `action`.
  ///   - action: The work to run.
  /// - Returns: A disposable that cancels the work.
  func scheduleRelative<StateType: Sendable>(
    _ state: StateType,
    dueTime: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable

  /// Schedules `action` to run first after `startAfter` and then every `period`.
  ///
  /// Each run receives the state the previous run returned.
  ///
  /// - Parameters:
  ///   - state: The state passed to the first run.
  ///   - startAfter: The delay before the first run.
  ///   - period: The interval between runs.
  ///   - action: The work to run; returns the state for the next run.
  /// - Returns: A disposable that stops the runs.
  func schedulePeriodic<StateType: Sendable>(
    _ state: StateType,
    startAfter: RxTimeInterval,
    period: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> StateType
  ) -> any Disposable
}

extension SchedulerType {
  /// Schedules periodic work by rescheduling relative work after each run.
  ///
  /// Schedulers with a native periodic timer override this.
  ///
  /// - Parameters:
  ///   - state: The state passed to the first run.
  ///   - startAfter: The delay before the first run.
  ///   - period: The interval between runs.
  ///   - action: The work to run; returns the state for the next run.
  /// - Returns: A disposable that stops the runs.
  public func schedulePeriodic<StateType: Sendable>(
    _ state: StateType,
    startAfter: RxTimeInterval,
    period: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> StateType
  ) -> any Disposable {
    let periodic = _PeriodicRun(scheduler: self, period: period, action: action)
    periodic.schedule(state, after: startAfter)
    return periodic
  }
}

/// Reschedules a periodic action on a scheduler without a native periodic timer.
private final class _PeriodicRun<Scheduler: SchedulerType, State: Sendable>: Disposable {
  let scheduler: Scheduler
  let period: RxTimeInterval
  let action: @Sendable (State) -> State
  let current = SerialDisposable()

  init(scheduler: Scheduler, period: RxTimeInterval, action: @escaping @Sendable (State) -> State) {
    self.scheduler = scheduler
    self.period = period
    self.action = action
  }

  func schedule(_ state: State, after delay: RxTimeInterval) {
    current.disposable = scheduler.scheduleRelative(state, dueTime: delay) { [weak self] state in
      guard let self, !self.current.isDisposed else { return Disposables.create() }
      self.schedule(self.action(state), after: self.period)
      return Disposables.create()
    }
  }

  func dispose() {
    current.dispose()
  }
}

extension DispatchTimeInterval {
  /// Creates a dispatch interval from a Swift `Duration`, rounded to whole nanoseconds.
  ///
  /// Durations beyond the range of `Int` nanoseconds (about 292 years) become `.never`.
  ///
  /// - Parameter duration: The duration.
  public init(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    let (secondNanos, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let (total, overflow2) = secondNanos.addingReportingOverflow(attoseconds / 1_000_000_000)
    self = overflow || overflow2 ? .never : .nanoseconds(Int(total))
  }

  /// The interval in seconds, or `.infinity` for `.never`.
  public var seconds: Double {
    switch self {
    case .seconds(let value): return Double(value)
    case .milliseconds(let value): return Double(value) / 1_000
    case .microseconds(let value): return Double(value) / 1_000_000
    case .nanoseconds(let value): return Double(value) / 1_000_000_000
    case .never: return .infinity
    @unknown default: return .infinity
    }
  }

  /// The interval as a Swift `Duration`, or `nil` for `.never`.
  public var duration: Duration? {
    switch self {
    case .seconds(let value): return .seconds(value)
    case .milliseconds(let value): return .milliseconds(value)
    case .microseconds(let value): return .microseconds(value)
    case .nanoseconds(let value): return .nanoseconds(value)
    case .never: return nil
    @unknown default: return nil
    }
  }
}

extension SchedulerType {
  /// Schedules `action` to run with `state` after `dueTime`.
  ///
  /// - Parameters:
  ///   - state: The value passed to `action`.
  ///   - dueTime: How long to wait, as a Swift `Duration`.
  ///   - action: The work to run.
  /// - Returns: A disposable that cancels the work.
  public func scheduleRelative<StateType: Sendable>(
    _ state: StateType,
    dueTime: Duration,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    scheduleRelative(state, dueTime: RxTimeInterval(dueTime), action: action)
  }

  /// Schedules periodic work with Swift `Duration`s.
  ///
  /// - Parameters:
  ///   - state: The state passed to the first run.
  ///   - startAfter: The delay before the first run.
  ///   - period: The interval between runs.
  ///   - action: The work to run; returns the state for the next run.
  /// - Returns: A disposable that stops the runs.
  public func schedulePeriodic<StateType: Sendable>(
    _ state: StateType,
    startAfter: Duration,
    period: Duration,
    action: @escaping @Sendable (StateType) -> StateType
  ) -> any Disposable {
    schedulePeriodic(
      state, startAfter: RxTimeInterval(startAfter), period: RxTimeInterval(period),
      action: action)
  }
}
