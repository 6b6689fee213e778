import Dispatch

extension ObservableType {
  /// Splits the sequence into windows, each an observable of elements, that close when they
  /// hold `count` elements or when `timeSpan` has passed, whichever comes first.
  ///
  /// ```
  /// source:                        -1-2-3-4-----5-|
  /// window(timeSpan: 6, count: 3)  a----b-----c---|
  /// window a:                      -1-2-[3|]
  /// window b:                           --4---|
  /// window c:                                 --5-|
  /// ```
  ///
  /// The first window opens on subscribing, and a new one opens as soon as the previous one
  /// closes. A window is hot: subscribe to it when it arrives (as `merge` or `flatMap` do) to
  /// receive all of its elements. On completion or error the current window and the result
  /// both terminate.
  ///
  /// As in RxSwift, disposing the result does not cut short a window that is still being
  /// observed: the upstream subscription lasts until the result and every window subscription
  /// have been disposed.
  ///
  /// - Parameters:
  ///   - timeSpan: The longest time a window stays open.
  ///   - count: The most elements a window holds; must be at least 1, or the sequence fails
  ///     with ``RxError/argumentOutOfRange``.
  ///   - scheduler: The scheduler that runs the timers.
  /// - Returns: A sequence of windows.
  @_alwaysEmitIntoClient
  public func window(timeSpan: RxTimeInterval, count: Int, scheduler: any SchedulerType)
    -> Observable<Observable<Element>>
  {
    guard count > 0 else { return .error(RxError.argumentOutOfRange) }
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let upstream = _Lifetime(inheriting: lifetime)
      let storage = _WindowStorage(
        downstream: observer, upstream: upstream, timeSpan: timeSpan, count: count,
        scheduler: scheduler)
      lifetime.onDispose { storage.outerDisposed() }
      storage.start()
      source._subscribe(
        AnyObserver { event in
          guard !upstream.isDisposed else { return }
          storage.upstreamEvent(event)
          if event.isStopEvent { upstream.dispose() }
        },
        upstream)
    })
  }

  /// Splits the sequence into windows by time or count, with the time span as a Swift
  /// `Duration`; see ``window(timeSpan:count:scheduler:)``.
  ///
  /// ```
  /// source:                        -1-2-3-4-----5-|
  /// window(timeSpan: 6, count: 3)  a----b-----c---|
  /// window a:                      -1-2-[3|]
  /// window b:                           --4---|
  /// window c:                                 --5-|
  /// ```
  ///
  /// - Parameters:
  ///   - timeSpan: The longest time a window stays open.
  ///   - count: The most elements a window holds; at least 1.
  ///   - scheduler: The scheduler that runs the timers.
  /// - Returns: A sequence of windows.
  @_alwaysEmitIntoClient
  @_disfavoredOverload
  public func window(timeSpan: Duration, count: Int, scheduler: any SchedulerType)
    -> Observable<Observable<Element>>
  {
    window(timeSpan: RxTimeInterval(timeSpan), count: count, scheduler: scheduler)
  }
}
