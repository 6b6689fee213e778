import Dispatch

extension ObservableType {
  /// Subscribes to this sequence only after `dueTime` has passed.
  ///
  /// ```
  /// source (cold):           --1-2-|
  /// delaySubscription(3)  -----1-2-|
  /// ```
  ///
  /// Nothing happens until the delay has passed; disposing before then cancels the
  /// subscription altogether.
  ///
  /// - Parameters:
  ///   - dueTime: How long to wait before subscribing.
  ///   - scheduler: The scheduler that runs the timer and subscribes.
  /// - Returns: The same sequence, subscribed later.
  @_alwaysEmitIntoClient
  public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: any SchedulerType)
    -> Observable<Element>
  {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      lifetime.add(
        scheduler.scheduleRelative((), dueTime: dueTime) { _ in
          guard !lifetime.isDisposed else { return Disposables.create() }
          source._subscribe(observer, lifetime)
          return Disposables.create()
        })
    })
  }

  /// Subscribes to this sequence only after `dueTime` has passed, with the delay as a Swift
  /// `Duration`.
  ///
  /// ```
  /// source (cold):           --1-2-|
  /// delaySubscription(3)  -----1-2-|
  /// ```
  ///
  /// - Parameters:
  ///   - dueTime: How long to wait before subscribing.
  ///   - scheduler: The scheduler that runs the timer and subscribes.
  /// - Returns: The same sequence, subscribed later.
  @_alwaysEmitIntoClient
  @_disfavoredOverload
  public func delaySubscription(_ dueTime: Duration, scheduler: any SchedulerType)
    -> Observable<Element>
  {
    delaySubscription(RxTimeInterval(dueTime), scheduler: scheduler)
  }
}
