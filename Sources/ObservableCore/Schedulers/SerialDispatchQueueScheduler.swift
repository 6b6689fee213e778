import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A scheduler that runs work on a serial dispatch queue, one item at a time, in order.
///
/// Create it with a queue name, or on top of any queue (the scheduler makes a serial queue that
/// targets it). Delayed and periodic work uses dispatch timers on that queue.
///
/// ```swift
/// let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "com.example.work")
/// Observable.of(1, 2, 3)
///   .observe(on: scheduler)
///   .subscribe(onNext: { print($0) })   // runs on com.example.work
/// ```
public class SerialDispatchQueueScheduler: SchedulerType,
  // SAFETY: the only stored property is an immutable, Sendable configuration; subclasses in this
  // module keep their own state in atomics.
  @unchecked Sendable
{
  @usableFromInline
  let configuration: _DispatchQueueConfiguration

  /// The current time: the system clock.
  public var now: RxTime {
    Date()
  }

  init(serialQueue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
    configuration = _DispatchQueueConfiguration(queue: serialQueue, leeway: leeway)
  }

  /// Creates a scheduler with its own serial queue.
  ///
  /// - Parameters:
  ///   - internalSerialQueueName: The label of the queue.
  ///   - serialQueueConfiguration: Called once with the new queue, to configure it.
  ///   - leeway: How late timers may fire, to let the system save power.
  public convenience init(
    internalSerialQueueName: String,
    serialQueueConfiguration: ((DispatchQueue) -> Void)? = nil,
    leeway: DispatchTimeInterval = .nanoseconds(0)
  ) {
    let queue = DispatchQueue(label: internalSerialQueueName, attributes: [])
    serialQueueConfiguration?(queue)
    self.init(serialQueue: queue, leeway: leeway)
  }

  /// Creates a scheduler with its own serial queue, with the leeway as a Swift `Duration`.
  ///
  /// - Parameters:
  ///   - internalSerialQueueName: The label of the queue.
  ///   - serialQueueConfiguration: Called once with the new queue, to configure it.
  ///   - leeway: How late timers may fire.
  @_disfavoredOverload
  public convenience init(
    internalSerialQueueName: String,
    serialQueueConfiguration: ((DispatchQueue) -> Void)? = nil,
    leeway: Duration
  ) {
    self.init(
      internalSerialQueueName: internalSerialQueueName,
      serialQueueConfiguration: serialQueueConfiguration, leeway: RxTimeInterval(leeway))
  }

  /// Creates a scheduler with a serial queue that targets `queue`.
  ///
  /// Work runs one item at a time even if `queue` is concurrent.
  ///
  /// - Parameters:
  ///   - queue: The queue the work finally runs on.
  ///   - internalSerialQueueName: The label of the serial queue.
  ///   - leeway: How late timers may fire.
  public convenience init(
    queue: DispatchQueue, internalSerialQueueName: String,
    leeway: DispatchTimeInterval = .nanoseconds(0)
  ) {
    let serialQueue = DispatchQueue(
      label: internalSerialQueueName, attributes: [], target: queue)
    self.init(serialQueue: serialQueue, leeway: leeway)
  }

  /// Creates a scheduler with a serial queue that targets `queue`, with the leeway as a Swift
  /// `Duration`.
  ///
  /// - Parameters:
  ///   - queue: The queue the work finally runs on.
  ///   - internalSerialQueueName: The label of the serial queue.
  ///   - leeway: How late timers may fire.
  @_disfavoredOverload
  public convenience init(
    queue: DispatchQueue, internalSerialQueueName: String, leeway: Duration
  ) {
    self.init(
      queue: queue, internalSerialQueueName: internalSerialQueueName,
      leeway: RxTimeInterval(leeway))
  }

  /// Creates a scheduler with a serial queue on the global queue of quality of service `qos`.
  ///
  /// - Parameters:
  ///   - qos: The quality of service of the work.
  ///   - internalSerialQueueName: The label of the serial queue.
  ///   - leeway: How late timers may fire.
  public convenience init(
    qos: DispatchQoS, internalSerialQueueName: String = "rx.global_dispatch_queue.serial",
    leeway: DispatchTimeInterval = .nanoseconds(0)
  ) {
    let serialQueue = DispatchQueue(
      label: internalSerialQueueName, qos: qos, attributes: [],
      target: DispatchQueue.global(qos: qos.qosClass))
    self.init(serialQueue: serialQueue, leeway: leeway)
  }

  /// Creates a scheduler with a serial queue on a global queue, with the leeway as a Swift
  /// `Duration`.
  ///
  /// - Parameters:
  ///   - qos: The quality of service of the work.
  ///   - internalSerialQueueName: The label of the serial queue.
  ///   - leeway: How late timers may fire.
  @_disfavoredOverload
  public convenience init(
    qos: DispatchQoS, internalSerialQueueName: String = "rx.global_dispatch_queue.serial",
    leeway: Duration
  ) {
    self.init(
      qos: qos, internalSerialQueueName: internalSerialQueueName, leeway: RxTimeInterval(leeway))
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
  public final func scheduleRelative<StateType: Sendable>(
    _ state: StateType,
    dueTime: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    configuration.scheduleRelative(state, dueTime: dueTime, action: action)
  }

  // No Swift 5-mode twin: a SchedulerType requirement (or its default), which cannot be
  // overloaded by language mode, so scheduler work is checked in every mode.
  /// Schedules `action` to run on the queue after `startAfter` and then every `period`.
  ///
  /// A dispatch timer drives the runs, so they do not drift.
  ///
  /// - Parameters:
  ///   - state: The state passed to the first run.
  ///   - startAfter: The delay before the first run.
  ///   - period: The interval between runs.
  ///   - action: The work to run; returns the state for the next run.
  /// - Returns: A disposable that stops the timer.
  public final func schedulePeriodic<StateType: Sendable>(
    _ state: StateType,
    startAfter: RxTimeInterval,
    period: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> StateType
  ) -> any Disposable {
    configuration.schedulePeriodic(
      state, startAfter: startAfter, period: period, action: action)
  }
}
