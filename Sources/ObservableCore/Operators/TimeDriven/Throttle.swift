import Dispatch

extension ObservableType {
  /// Emits an element, then ignores elements for `dueTime`; with `latest`, also emits the last
  /// element that arrived during that window when it ends.
  ///
  /// ```
  /// source:                       -123------456-----|
  /// throttle(4)                   -1---3----4---6---|
  /// throttle(4, latest: false)    -1--------4-------|
  /// ```
  ///
  /// The first element passes at once. An element that arrives less than `dueTime` after the
  /// last emitted one is dropped, or, with `latest: true`, kept and emitted when `dueTime` has
  /// passed since that last emission (a newer element replaces it meanwhile). With
  /// `latest: true`, a completion that arrives while an element is waiting is delayed until
  /// that element has been emitted. An error is forwarded at once and drops a waiting element.
  /// This is RxSwift's `throttle`, including the timeline of `latest: true`.
  ///
  /// ```swift
  /// refreshButtonTaps
  ///   .throttle(.seconds(1), latest: false, scheduler: MainScheduler.instance)
  ///   .subscribe(onNext: { reload() })
  /// ```
  ///
  /// - Parameters:
  ///   - dueTime: The minimum time between two emitted elements.
  ///   - latest: Whether to emit the latest element dropped during each window when it ends.
  ///   - scheduler: The scheduler whose clock measures the windows and that runs the timers.
  /// - Returns: The throttled sequence.
  @_alwaysEmitIntoClient
  public func throttle(
    _ dueTime: RxTimeInterval, latest: Bool = true, scheduler: any SchedulerType
  ) -> Observable<Element> {
    _timeDriven(scheduler: scheduler) { _ThrottleStateMachine(dueTime: dueTime, latest: latest) }
  }

  /// Emits an element, then ignores elements for `dueTime`, with the time as a Swift
  /// `Duration`; see ``throttle(_:latest:scheduler:)``.
  ///
  /// ```
  /// source:                       -123------456-----|
  /// throttle(4)                   -1---3----4---6---|
  /// throttle(4, latest: false)    -1--------4-------|
  /// ```
  ///
  /// - Parameters:
  ///   - dueTime: The minimum time between two emitted elements.
  ///   - latest: Whether to emit the latest element dropped during each window when it ends.
  ///   - scheduler: The scheduler whose clock measures the windows and that runs the timers.
  /// - Returns: The throttled sequence.
  @_alwaysEmitIntoClient
  @_disfavoredOverload
  public func throttle(_ dueTime: Duration, latest: Bool = true, scheduler: any SchedulerType)
    -> Observable<Element>
  {
    throttle(RxTimeInterval(dueTime), latest: latest, scheduler: scheduler)
  }
}
