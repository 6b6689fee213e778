import Dispatch

extension ObservableType {
  /// Fails with ``RxError/timeout`` if `dueTime` passes without an event: after subscribing,
  /// and after each element.
  ///
  /// ```
  /// source:     -1--2-------3-|
  /// timeout(4)  -1--2---#        (#: RxError.timeout)
  /// ```
  ///
  /// The upstream subscription is disposed when the timeout fires.
  ///
  /// - Parameters:
  ///   - dueTime: The longest time to wait for each event.
  ///   - scheduler: The scheduler that runs the timers.
  /// - Returns: The same sequence, failing if it is silent for `dueTime`.
  @_alwaysEmitIntoClient
  public func timeout(_ dueTime: RxTimeInterval, scheduler: any SchedulerType)
    -> Observable<Element>
  {
    timeout(dueTime, other: Observable<Element>.error(RxError.timeout), scheduler: scheduler)
  }

  /// Switches to `other` if `dueTime` passes without an event: after subscribing, and after
  /// each element.
  ///
  /// ```
  /// source:             -1--2-------3-|
  /// other:                      a-b-|
  /// timeout(4, other:)  -1--2---a-b-|
  /// ```
  ///
  /// When the timeout fires, the upstream subscription is disposed and `other` is subscribed;
  /// from then on the result is `other`'s events.
  ///
  /// - Parameters:
  ///   - dueTime: The longest time to wait for each event.
  ///   - other: The sequence to switch to on timeout.
  ///   - scheduler: The scheduler that runs the timers.
  /// - Returns: The source's events until a timeout, then `other`'s.
  @_alwaysEmitIntoClient
  public func timeout<Other: ObservableConvertibleType>(
    _ dueTime: RxTimeInterval, other: Other, scheduler: any SchedulerType
  ) -> Observable<Element> where Other.Element == Element {
    let source = asObservable()
    let other = other.asObservable()
    return Observable(_run: { observer, lifetime in
      let original = _Lifetime(inheriting: lifetime)
      let storage = _TimeoutStorage(
        downstream: observer, lifetime: lifetime, original: original, other: other,
        dueTime: dueTime, scheduler: scheduler)
      lifetime.add(storage)
      lifetime.add(original)
      // As in RxSwift, the first timer starts before subscribing.
      storage.startTimer(generation: 0)
      source._subscribe(
        AnyObserver { event in
          guard !original.isDisposed else { return }
          storage.upstreamEvent(event)
          if event.isStopEvent { original.dispose() }
        },
        original)
    })
  }

  /// Fails with ``RxError/timeout`` if `dueTime` passes without an event, with the time as a
  /// Swift `Duration`.
  ///
  /// ```
  /// source:     -1--2-------3-|
  /// timeout(4)  -1--2---#        (#: RxError.timeout)
  /// ```
  ///
  /// - Parameters:
  ///   - dueTime: The longest time to wait for each event.
  ///   - scheduler: The scheduler that runs the timers.
  /// - Returns: The same sequence, failing if it is silent for `dueTime`.
  @_alwaysEmitIntoClient
  @_disfavoredOverload
  public func timeout(_ dueTime: Duration, scheduler: any SchedulerType) -> Observable<Element> {
    timeout(RxTimeInterval(dueTime), scheduler: scheduler)
  }

  /// Switches to `other` if `dueTime` passes without an event, with the time as a Swift
  /// `Duration`.
  ///
  /// ```
  /// source:             -1--2-------3-|
  /// other:                      a-b-|
  /// timeout(4, other:)  -1--2---a-b-|
  /// ```
  ///
  /// - Parameters:
  ///   - dueTime: The longest time to wait for each event.
  ///   - other: The sequence to switch to on timeout.
  ///   - scheduler: The scheduler that runs the timers.
  /// - Returns: The source's events until a timeout, then `other`'s.
  @_alwaysEmitIntoClient
  @_disfavoredOverload
  public func timeout<Other: ObservableConvertibleType>(
    _ dueTime: Duration, other: Other, scheduler: any SchedulerType
  ) -> Observable<Element> where Other.Element == Element {
    timeout(RxTimeInterval(dueTime), other: other, scheduler: scheduler)
  }
}
