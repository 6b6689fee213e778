// The closure-free operators of `ObservableType` that keep a `MainActorObservable` one, so that
// a chain after `observe(on: MainScheduler.instance)` can go on with `@MainActor` closures after
// them. Each forwards to the operator of the same name. Like every main-actor form, they rely on
// the closures being called through the checks in Internal/MainActorCall.swift, not on where
// these operators deliver: an element that `startWith` sends during a subscription made on
// another thread still reaches the next `@MainActor` closure on the main actor.

extension MainActorObservableType {
  /// Emits `elements` first, then the elements of this sequence, as
  /// ``ObservableType/startWith(_:)`` does.
  ///
  /// - Parameter elements: The elements to emit first.
  /// - Returns: A main-actor sequence that starts with `elements`.
  @_alwaysEmitIntoClient
  public func startWith(_ elements: Element...) -> MainActorObservable<Element> {
    MainActorObservable(_mainActorDelivering: _plainSource._startWith(elements))
  }

  /// Emits the first `count` elements, then completes, as ``ObservableType/take(_:)`` does.
  ///
  /// - Parameter count: How many elements to emit.
  /// - Returns: A main-actor sequence of at most `count` elements.
  @_alwaysEmitIntoClient
  public func take(_ count: Int) -> MainActorObservable<Element> {
    MainActorObservable(_mainActorDelivering: _plainSource.take(count))
  }

  /// Skips the first `count` elements, as ``ObservableType/skip(_:)`` does.
  ///
  /// - Parameter count: How many elements to skip.
  /// - Returns: A main-actor sequence without the first `count` elements.
  @_alwaysEmitIntoClient
  public func skip(_ count: Int) -> MainActorObservable<Element> {
    MainActorObservable(_mainActorDelivering: _plainSource.skip(count))
  }

  /// Ends with `element` and completion instead of an error, as
  /// ``ObservableType/catchAndReturn(_:)`` does.
  ///
  /// - Parameter element: The last element to emit if the sequence fails.
  /// - Returns: A main-actor sequence that does not fail.
  @_alwaysEmitIntoClient
  public func catchAndReturn(_ element: Element) -> MainActorObservable<Element> {
    MainActorObservable(_mainActorDelivering: _plainSource.catchAndReturn(element))
  }

  /// Resubscribes after an error, without limit, as ``ObservableType/retry()`` does.
  ///
  /// - Returns: A main-actor sequence that resubscribes after each error.
  @_alwaysEmitIntoClient
  public func retry() -> MainActorObservable<Element> {
    MainActorObservable(_mainActorDelivering: _plainSource.retry())
  }

  /// Subscribes up to `maxAttemptCount` times in all, resubscribing after an error, as
  /// ``ObservableType/retry(_:)`` does.
  ///
  /// - Parameter maxAttemptCount: How many subscriptions to make at most, the first included.
  /// - Returns: A main-actor sequence that fails only with the last attempt's error.
  @_alwaysEmitIntoClient
  public func retry(_ maxAttemptCount: Int) -> MainActorObservable<Element> {
    MainActorObservable(_mainActorDelivering: _plainSource.retry(maxAttemptCount))
  }

  /// Emits an element only after `dueTime` has passed without another, with the timers on the
  /// main queue, as ``ObservableType/debounce(_:scheduler:)-(RxTimeInterval,_)`` does.
  ///
  /// - Parameters:
  ///   - dueTime: How long the source must be quiet before its latest element is emitted.
  ///   - scheduler: The main scheduler, which runs the timers.
  /// - Returns: A main-actor sequence of the debounced elements.
  @_alwaysEmitIntoClient
  public func debounce(_ dueTime: RxTimeInterval, scheduler: MainScheduler)
    -> MainActorObservable<Element>
  {
    MainActorObservable(
      _mainActorDelivering: _plainSource.debounce(
        dueTime, scheduler: scheduler as any SchedulerType))
  }

  /// Emits an element, then ignores elements for `dueTime`, with the timers on the main queue,
  /// as ``ObservableType/throttle(_:latest:scheduler:)-(RxTimeInterval,_,_)`` does.
  ///
  /// - Parameters:
  ///   - dueTime: The minimum time between two emitted elements.
  ///   - latest: Whether to emit the latest element dropped during each window when it ends.
  ///   - scheduler: The main scheduler, which runs the timers.
  /// - Returns: A main-actor sequence of the throttled elements.
  @_alwaysEmitIntoClient
  public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: MainScheduler)
    -> MainActorObservable<Element>
  {
    MainActorObservable(
      _mainActorDelivering: _plainSource.throttle(
        dueTime, latest: latest, scheduler: scheduler as any SchedulerType))
  }
}
