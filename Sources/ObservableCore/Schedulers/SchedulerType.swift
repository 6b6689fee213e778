import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A span of time for schedulers and time-based operators, as in RxSwift.
///
/// Write intervals as RxSwift does, `.seconds(1)` or `.milliseconds(300)`. Every API that takes
/// an `RxTimeInterval` also has an overload that takes a Swift `Duration`, so
/// `.seconds(0.25)` or a `Duration` value work too.
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

  /// Whether every action this scheduler runs is a step of its own in time, as on a
  /// virtual-time scheduler.
  ///
  /// Not public API. Operators that deliver several queued events in one scheduled action for
  /// speed (``ObservableType/observe(on:)->Observable<Self.Element>``) schedule one action per event on such a scheduler
  /// instead, so that a test's timeline matches RxSwift's tick for tick. The default is
  /// `false`; ObservableTesting's `VirtualTimeScheduler` returns `true`.
  var _runsOneActionPerStep: Bool { get }
}

extension ImmediateSchedulerType {
  /// `false`: the scheduler's actions are not steps in time of their own.
  ///
  /// Not public API.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public var _runsOneActionPerStep: Bool { false }
}

/// A scheduler that can also run work later and periodically, and that has a clock.
public protocol SchedulerType: ImmediateSchedulerType {
  /// The scheduler's current time.
  var now: RxTime { get }

  /// Schedules `action` to run with `state` after `dueTime`.
  ///
  /// - Parameters:
  ///   - state: The value passed to `action`.
  ///   - dueTime: How long to wait before running `action`. `.never` never runs it.
  ///   - action: The work to run.
  /// - Returns: A disposable that cancels the work.
  func scheduleRelative<StateType: Sendable>(
    _ state: StateType,
    dueTime: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable

  /// Schedules `action` to run first after `startAfter` and then every `period`.
  ///
  /// Each run receives the state the previous run returned. Runs never overlap: a tick that
  /// comes while the previous run is still going waits for it.
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
  // No Swift 5-mode twin: a SchedulerType requirement (or its default), which cannot be
  // overloaded by language mode, so scheduler work is checked in every mode.
  /// Schedules periodic work by scheduling each tick relative to the previous one.
  ///
  /// This is the implementation for schedulers without a native periodic timer, such as the
  /// virtual-time schedulers. As in RxSwift, each tick schedules the next one before it runs
  /// `action`, and runs never overlap.
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
    let periodic = _PeriodicRun(scheduler: self, state: state, period: period, action: action)
    periodic.start(after: startAfter)
    return periodic
  }
}

/// Runs a periodic action on a scheduler by rescheduling it after every tick.
private final class _PeriodicRun<Scheduler: SchedulerType, State: Sendable>: Disposable {
  #if TRACE_RESOURCES
    /// Counts this object in `Resources.total` while it lives (the `TraceResources` trait).
    private let _traced = _TracedResource()
  #endif

  private struct Progress {
    var state: State
    var action: (@Sendable (State) -> State)?
    var pendingTicks = 0
    var isRunning = false
  }

  private let scheduler: Scheduler
  private let period: RxTimeInterval
  private let progress: _Mutex<Progress>
  private let timer = _TimerSlot()

  init(
    scheduler: Scheduler, state: State, period: RxTimeInterval,
    action: @escaping @Sendable (State) -> State
  ) {
    self.scheduler = scheduler
    self.period = period
    progress = _Mutex(Progress(state: state, action: action))
  }

  func start(after delay: RxTimeInterval) {
    scheduleTick(after: delay, generation: 0)
  }

  private func scheduleTick(after delay: RxTimeInterval, generation: UInt64) {
    let scheduled = scheduler.scheduleRelative(generation, dueTime: delay) { generation in
      self.tick(generation)
      return Disposables.create()
    }
    timer.install(scheduled, generation: generation)
  }

  private func tick(_ generation: UInt64) {
    guard !timer.isDisposed else { return }
    // The next tick is scheduled before this one runs, as RxSwift does, so that its place among
    // work due at the same time does not depend on how long the action takes.
    scheduleTick(after: period, generation: generation &+ 1)
    let shouldRun = progress.withLock { progress -> Bool in
      progress.pendingTicks += 1
      guard !progress.isRunning else { return false }
      progress.isRunning = true
      return true
    }
    guard shouldRun else { return }
    while case (let state, let action)? = nextRun() {
      let next = action(state)
      progress.withLock { $0.state = next }
    }
  }

  private func nextRun() -> (State, @Sendable (State) -> State)? {
    progress.withLock { progress in
      guard let action = progress.action, progress.pendingTicks > 0 else {
        progress.isRunning = false
        return nil
      }
      progress.pendingTicks -= 1
      return (progress.state, action)
    }
  }

  func dispose() {
    timer.dispose()
    let released = progress.withLock { progress in
      defer { progress.action = nil }
      return progress.action
    }
    _ = released
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

  /// The interval in nanoseconds, saturating at the bounds of `Int`, or `nil` for `.never`.
  @usableFromInline
  internal var _nanoseconds: Int? {
    func scaled(_ value: Int, by factor: Int) -> Int {
      let (result, overflow) = value.multipliedReportingOverflow(by: factor)
      return overflow ? (value < 0 ? Int.min : Int.max) : result
    }
    switch self {
    case .seconds(let value): return scaled(value, by: 1_000_000_000)
    case .milliseconds(let value): return scaled(value, by: 1_000_000)
    case .microseconds(let value): return scaled(value, by: 1_000)
    case .nanoseconds(let value): return value
    case .never: return nil
    @unknown default: return nil
    }
  }

  /// What is left of this interval once the time from `start` to `end` has passed.
  ///
  /// - Parameters:
  ///   - start: When the interval started.
  ///   - end: The time now.
  /// - Returns: The rest of the interval, negative if it has passed, `.never` for `.never`.
  @usableFromInline
  internal func _remaining(from start: RxTime, to end: RxTime) -> DispatchTimeInterval {
    guard let total = _nanoseconds else { return .never }
    let elapsed = _clampedNanoseconds(end.timeIntervalSince(start) * 1_000_000_000)
    let (rest, overflow) = total.subtractingReportingOverflow(elapsed)
    return .nanoseconds(overflow ? (elapsed > 0 ? Int.min : Int.max) : rest)
  }

  /// Whether the interval is zero or negative.
  @usableFromInline
  internal var _isNowOrPast: Bool {
    guard let nanoseconds = _nanoseconds else { return false }
    return nanoseconds <= 0
  }
}

/// Converts nanoseconds held in a `Double` to an `Int`, saturating instead of trapping.
///
/// - Parameter value: Nanoseconds.
/// - Returns: The nearest representable `Int`.
@usableFromInline
internal func _clampedNanoseconds(_ value: Double) -> Int {
  guard value.isFinite else { return value > 0 ? Int.max : (value < 0 ? Int.min : 0) }
  // Double(Int.max) rounds up to 2^63, which is out of range; Double(Int.min) is exact.
  if value >= Double(Int.max) { return Int.max }
  if value <= Double(Int.min) { return Int.min }
  return Int(value.rounded())
}

extension Duration {
  /// The duration in seconds, as a `Double`.
  @usableFromInline
  internal var _seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1_000_000_000_000_000_000
  }
}

extension SchedulerType {
  // No Swift 5-mode twin: a SchedulerType requirement (or its default), which cannot be
  // overloaded by language mode, so scheduler work is checked in every mode.
  /// Schedules `action` to run with `state` after `dueTime`.
  ///
  /// - Parameters:
  ///   - state: The value passed to `action`.
  ///   - dueTime: How long to wait, as a Swift `Duration`.
  ///   - action: The work to run.
  /// - Returns: A disposable that cancels the work.
  @_disfavoredOverload
  public func scheduleRelative<StateType: Sendable>(
    _ state: StateType,
    dueTime: Duration,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    scheduleRelative(state, dueTime: RxTimeInterval(dueTime), action: action)
  }

  // No Swift 5-mode twin: a SchedulerType requirement (or its default), which cannot be
  // overloaded by language mode, so scheduler work is checked in every mode.
  /// Schedules periodic work with Swift `Duration`s.
  ///
  /// - Parameters:
  ///   - state: The state passed to the first run.
  ///   - startAfter: The delay before the first run.
  ///   - period: The interval between runs.
  ///   - action: The work to run; returns the state for the next run.
  /// - Returns: A disposable that stops the runs.
  @_disfavoredOverload
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
