import Dispatch

extension ObservableType {
  /// Emits an element only after `dueTime` has passed without another element arriving.
  ///
  /// ```
  /// source:        -a-b-----c--d---|
  /// debounce(3)    ------b--------d|
  /// ```
  ///
  /// Each element restarts the timer; when it fires, the latest element is emitted. On
  /// completion the pending element, if any, is emitted at once, then the completion. An error
  /// is forwarded at once and drops the pending element. This is RxSwift's `debounce`.
  ///
  /// ```swift
  /// searchText
  ///   .debounce(.milliseconds(300), scheduler: MainScheduler.instance)
  ///   .subscribe(onNext: { search($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - dueTime: How long the source must be quiet before its latest element is emitted.
  ///   - scheduler: The scheduler that runs the timers and delivers the timed elements.
  /// - Returns: The debounced sequence.
  @_alwaysEmitIntoClient
  public func debounce(_ dueTime: RxTimeInterval, scheduler: any SchedulerType)
    -> Observable<Element>
  {
    _timeDriven(scheduler: scheduler) { _DebounceStateMachine(dueTime: dueTime) }
  }

  /// Emits an element only after `dueTime` has passed without another element arriving, with
  /// the time as a Swift `Duration`.
  ///
  /// ```
  /// source:        -a-b-----c--d---|
  /// debounce(3)    ------b--------d|
  /// ```
  ///
  /// - Parameters:
  ///   - dueTime: How long the source must be quiet before its latest element is emitted.
  ///   - scheduler: The scheduler that runs the timers and delivers the timed elements.
  /// - Returns: The debounced sequence.
  @_alwaysEmitIntoClient
  @_disfavoredOverload
  public func debounce(_ dueTime: Duration, scheduler: any SchedulerType) -> Observable<Element> {
    debounce(RxTimeInterval(dueTime), scheduler: scheduler)
  }
}
