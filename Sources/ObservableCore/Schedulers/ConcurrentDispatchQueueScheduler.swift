import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A scheduler that runs work on a dispatch queue, possibly several items at once.
///
/// Use it for independent work that may run in parallel. Operators that deliver on it, such as
/// ``ObservableType/observe(on:)->Observable<Self.Element>``, still never call an observer twice at once.
///
/// ```swift
/// let background = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
/// let thumbnails = urls.map { load($0).subscribe(on: background) }
/// ```
public final class ConcurrentDispatchQueueScheduler: SchedulerType {
  let configuration: _DispatchQueueConfiguration

  /// The current time: the system clock.
  public var now: RxTime {
    Date()
  }

  /// Creates a scheduler on `queue`.
  ///
  /// - Parameters:
  ///   - queue: The queue to run work on, usually a concurrent one.
  ///   - leeway: How late timers may fire, to let the system save power.
  public init(queue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
    configuration = _DispatchQueueConfiguration(queue: queue, leeway: leeway)
  }

  /// Creates a scheduler on `queue`, with the leeway as a Swift `Duration`.
  ///
  /// - Parameters:
  ///   - queue: The queue to run work on.
  ///   - leeway: How late timers may fire.
  @_disfavoredOverload
  public convenience init(queue: DispatchQueue, leeway: Duration) {
    self.init(queue: queue, leeway: RxTimeInterval(leeway))
  }

  /// Creates a scheduler on the global queue of quality of service `qos`.
  ///
  /// - Parameters:
  ///   - qos: The quality of service of the work.
  ///   - leeway: How late timers may fire.
  public convenience init(qos: DispatchQoS, leeway: DispatchTimeInterval = .nanoseconds(0)) {
    self.init(queue: DispatchQueue.global(qos: qos.qosClass), leeway: leeway)
  }

  /// Creates a scheduler on a global queue, with the leeway as a Swift `Duration`.
  ///
  /// - Parameters:
  ///   - qos: The quality of service of the work.
  ///   - leeway: How late timers may fire.
  @_disfavoredOverload
  public convenience init(qos: DispatchQoS, leeway: Duration) {
    self.init(qos: qos, leeway: RxTimeInterval(leeway))
  }

  // No Swift 5-mode twin: a SchedulerType requirement (or its default), which cannot be
  // overloaded by language mode, so scheduler work is checked in every mode.
  /// Schedules `action` to run on the queue.
  ///
  /// - Parameters:
  ///   - state: The value passed to `action`.
  ///   - action: The work to run.
  /// - Returns: A disposable that cancels the work if it has not started.
  public func schedule<StateType: Sendable>(
    _ state: StateType,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    configuration.schedule(state, action: action)
  }

  // No Swift 5-mode twin: a SchedulerType requirement (or its default), which cannot be
  // overloaded by language mode, so scheduler work is checked in every mode.
  /// Schedules `action` to run on the queue after `dueTime`.
  ///
  /// - Parameters:
  ///   - state: The value passed to `action`.
  ///   - dueTime: The delay; `.never` never runs the action.
  ///   - action: The work to run.
  /// - Returns: A disposable that cancels the timer.
  public func scheduleRelative<StateType: Sendable>(
    _ state: StateType,
    dueTime: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    configuration.scheduleRelative(state, dueTime: dueTime, action: action)
  }

  // No Swift 5-mode twin: a SchedulerType requirement (or its default), which cannot be
  // overloaded by language mode, so scheduler work is checked in every mode.
  /// Schedules `action` to run after `startAfter` and then every `period`.
  ///
  /// A dispatch timer drives the runs, so they do not drift, and they never overlap.
  ///
  /// - Parameters:
  ///   - state: The state passed to the first run.
  ///   - startAfter: The delay before the first run.
  ///   - period: The interval between runs.
  ///   - action: The work to run; returns the state for the next run.
  /// - Returns: A disposable that stops the timer.
  public func schedulePeriodic<StateType: Sendable>(
    _ state: StateType,
    startAfter: RxTimeInterval,
    period: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> StateType
  ) -> any Disposable {
    configuration.schedulePeriodic(
      state, startAfter: startAfter, period: period, action: action)
  }
}
