import Dispatch

extension ObservableType {
  /// Emits each element and the completion `dueTime` later than it arrived; forwards an error
  /// at once.
  ///
  /// ```
  /// source:      -1-2-3-|
  /// delay(2)     ---1-2-3-|
  /// source:      -1-2-#
  /// delay(2)     ---1-#
  /// ```
  ///
  /// The upstream subscription ends when upstream terminates, even while delayed events are
  /// still on their way. An error drops the elements that have not been emitted yet, as in
  /// RxSwift. Events that fall due together are emitted in order, one per scheduler turn, as
  /// in RxSwift: on a `TestScheduler` each one after the first comes a tick later, so
  /// `Observable.just(1)` delayed by 2 from 200 gives `.next(202, 1)` then `.completed(203)`.
  ///
  /// - Parameters:
  ///   - dueTime: How long to delay each event.
  ///   - scheduler: The scheduler that runs the timers and delivers the delayed events.
  /// - Returns: The delayed sequence.
  @_alwaysEmitIntoClient
  public func delay(_ dueTime: RxTimeInterval, scheduler: any SchedulerType)
    -> Observable<Element>
  {
    _timeDriven(scheduler: scheduler) { _DelayStateMachine(dueTime: dueTime) }
  }

  /// Emits each element and the completion `dueTime` later than it arrived, with the time as a
  /// Swift `Duration`; forwards an error at once.
  ///
  /// ```
  /// source:      -1-2-3-|
  /// delay(2)     ---1-2-3-|
  /// ```
  ///
  /// - Parameters:
  ///   - dueTime: How long to delay each event.
  ///   - scheduler: The scheduler that runs the timers and delivers the delayed events.
  /// - Returns: The delayed sequence.
  @_alwaysEmitIntoClient
  @_disfavoredOverload
  public func delay(_ dueTime: Duration, scheduler: any SchedulerType) -> Observable<Element> {
    delay(RxTimeInterval(dueTime), scheduler: scheduler)
  }
}
