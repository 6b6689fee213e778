import Dispatch

extension ObservableType {
  /// Emits the elements that arrive during the first `duration` after subscribing, then
  /// completes.
  ///
  /// ```
  /// source:        -1-2-3-4-|
  /// take(for: 4)   -1-2|
  /// ```
  ///
  /// The upstream subscription is disposed when the time is up.
  ///
  /// - Parameters:
  ///   - duration: How long to take elements.
  ///   - scheduler: The scheduler that runs the timer.
  /// - Returns: The elements that arrive within `duration`.
  @_alwaysEmitIntoClient
  public func take(for duration: RxTimeInterval, scheduler: any SchedulerType)
    -> Observable<Element>
  {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      // The timer and the upstream can send from different threads: the sink serializes them.
      let sink = _CreateSink(downstream: observer, lifetime: lifetime)
      lifetime.onDispose { sink.dispose() }
      lifetime.add(
        scheduler.scheduleRelative((), dueTime: duration) { _ in
          sink.on(.completed)
          return Disposables.create()
        })
      source._subscribe(AnyObserver { sink.on($0) }, lifetime)
    })
  }

  /// Emits the elements that arrive during the first `duration` after subscribing, then
  /// completes; the duration as a Swift `Duration`.
  ///
  /// ```
  /// source:        -1-2-3-4-|
  /// take(for: 4)   -1-2|
  /// ```
  ///
  /// - Parameters:
  ///   - duration: How long to take elements.
  ///   - scheduler: The scheduler that runs the timer.
  /// - Returns: The elements that arrive within `duration`.
  @_alwaysEmitIntoClient
  @_disfavoredOverload
  public func take(for duration: Duration, scheduler: any SchedulerType) -> Observable<Element> {
    take(for: RxTimeInterval(duration), scheduler: scheduler)
  }
}
