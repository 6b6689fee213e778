// The operators of `MainActorObservable` with `@MainActor` closures. They are the operators of
// `ObservableType` with the same names, whose `@Sendable` forms are `@_disfavoredOverload` so
// that these are chosen for a main-actor sequence (the solver would otherwise prefer the
// `@Sendable` form); for any other sequence only the `@Sendable` forms apply. Each closure is
// called through `_callOnMainActor` (Internal/MainActorCall.swift): directly on the main thread
// or queue, synchronously on the main queue otherwise. Only Swift 6 clients see them.

extension MainActorObservableType {
  /// Transforms each element with `transform`, run on the main actor.
  ///
  /// - Parameter transform: The transform. If it throws, the sequence fails with that error.
  /// - Returns: A main-actor sequence of the transformed elements.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func map<Result: Sendable>(
    _ transform: @escaping @MainActor (Element) throws -> Result
  ) -> MainActorObservable<Result> {
    let transformDirect = _nonisolatedThrowing(transform)
    return MainActorObservable<Result>(
      _mainActorDelivering: _plainSource.map { element in
        try
          (_isOnMainActorNow
          ? transformDirect(element) : _callOnMainQueueThrowing(transform, element))
      })
  }

  /// Transforms each element with `transform`, run on the main actor, and delivers the results
  /// that are not `nil`.
  ///
  /// - Parameter transform: Returns the element to deliver, or `nil` to skip it. If it throws,
  ///   the sequence fails with that error.
  /// - Returns: A main-actor sequence of the non-`nil` results.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func compactMap<Result: Sendable>(
    _ transform: @escaping @MainActor (Element) throws -> Result?
  ) -> MainActorObservable<Result> {
    let transformDirect = _nonisolatedThrowing(transform)
    return MainActorObservable<Result>(
      _mainActorDelivering: _plainSource.compactMap { element in
        try
          (_isOnMainActorNow
          ? transformDirect(element) : _callOnMainQueueThrowing(transform, element))
      })
  }

  /// Delivers the elements for which `predicate`, run on the main actor, returns `true`.
  ///
  /// - Parameter predicate: Decides whether an element is delivered. If it throws, the
  ///   sequence fails with that error.
  /// - Returns: A main-actor sequence of the elements that pass.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func filter(
    _ predicate: @escaping @MainActor (Element) throws -> Bool
  ) -> MainActorObservable<Element> {
    let predicateDirect = _nonisolatedThrowing(predicate)
    return MainActorObservable(
      _mainActorDelivering: _plainSource.filter { element in
        try
          (_isOnMainActorNow
          ? predicateDirect(element) : _callOnMainQueueThrowing(predicate, element))
      })
  }

  /// Projects each element, with `selector` run on the main actor, to an inner sequence and
  /// mirrors only the most recent one, delivering its events on the main actor.
  ///
  /// The inner sequence may deliver anywhere: what it sends on the main thread is delivered at
  /// once, as ``ObservableType/flatMapLatest(_:)`` delivers it; what it sends on another
  /// thread is queued on the main queue, in order, and dropped if a newer inner sequence
  /// replaces it first. RxSwift delivers the latter on the sending thread.
  ///
  /// - Parameter selector: Returns the inner sequence for an element. If it throws, the result
  ///   fails with that error.
  /// - Returns: A main-actor sequence of the latest inner sequence's elements.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func flatMapLatest<Inner: ObservableConvertibleType>(
    _ selector: @escaping @MainActor (Element) throws -> Inner
  ) -> MainActorObservable<Inner.Element> {
    let selectorDirect = _nonisolatedThrowing(selector)
    return MainActorObservable<Inner.Element>(
      _mainActorDelivering: _plainSource.flatMapLatest { element in
        try
          (_isOnMainActorNow
          ? selectorDirect(element) : _callOnMainQueueThrowing(selector, element)).asObservable()
          ._deliveredOnMainActor()
      })
  }

  /// Projects each element, with `selector` run on the main actor, to an inner sequence and
  /// merges the events of all of them, delivered on the main actor.
  ///
  /// What an inner sequence sends on the main thread is delivered at once; what it sends on
  /// another thread is queued on the main queue, in order.
  ///
  /// - Parameter selector: Returns the inner sequence for an element. If it throws, the result
  ///   fails with that error.
  /// - Returns: A main-actor sequence of the inner sequences' elements.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func flatMap<Inner: ObservableConvertibleType>(
    _ selector: @escaping @MainActor (Element) throws -> Inner
  ) -> MainActorObservable<Inner.Element> {
    let selectorDirect = _nonisolatedThrowing(selector)
    return MainActorObservable<Inner.Element>(
      _mainActorDelivering: _plainSource.flatMap { element in
        try
          (_isOnMainActorNow
          ? selectorDirect(element) : _callOnMainQueueThrowing(selector, element)).asObservable()
          ._deliveredOnMainActor()
      })
  }

  /// Combines each element with the latest element of `second`, using `resultSelector` run on
  /// the main actor.
  ///
  /// `second` is observed on the main actor: what it sends on another thread becomes its latest
  /// element when the main queue runs it, and its error is delivered on the main actor.
  ///
  /// - Parameters:
  ///   - second: The sequence whose latest element to combine with.
  ///   - resultSelector: Combines an element with the latest element of `second`. If it
  ///     throws, the result fails with that error.
  /// - Returns: A main-actor sequence of the combined elements.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func withLatestFrom<Second: ObservableConvertibleType, Result: Sendable>(
    _ second: Second,
    resultSelector: @escaping @MainActor (Element, Second.Element) throws -> Result
  ) -> MainActorObservable<Result> {
    let resultSelectorDirect = _nonisolatedThrowing(resultSelector)
    return MainActorObservable<Result>(
      _mainActorDelivering: _plainSource.withLatestFrom(
        second.asObservable()._deliveredOnMainActor()
      ) { element, latest in
        try
          (_isOnMainActorNow
          ? resultSelectorDirect(element, latest)
          : _callOnMainQueueThrowing(resultSelector, element, latest))
      })
  }

  /// Emits the latest element of `second` each time this sequence produces an element.
  ///
  /// `second` is observed on the main actor, as in ``withLatestFrom(_:resultSelector:)``.
  ///
  /// - Parameter second: The sequence whose latest element to emit.
  /// - Returns: A main-actor sequence of the latest elements of `second`.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func withLatestFrom<Second: ObservableConvertibleType>(
    _ second: Second
  ) -> MainActorObservable<Second.Element> {
    MainActorObservable<Second.Element>(
      _mainActorDelivering: _plainSource.withLatestFrom(
        second.asObservable()._deliveredOnMainActor()))
  }

  /// Skips elements that `comparer`, run on the main actor, considers equal to the previous
  /// emitted element.
  ///
  /// - Parameter comparer: Whether two elements are equal. If it throws, the sequence fails
  ///   with that error.
  /// - Returns: A main-actor sequence without consecutive elements that compare equal.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func distinctUntilChanged(
    _ comparer: @escaping @MainActor (Element, Element) throws -> Bool
  ) -> MainActorObservable<Element> {
    let comparerDirect = _nonisolatedThrowing(comparer)
    return MainActorObservable(
      _mainActorDelivering: _plainSource.distinctUntilChanged { previous, next in
        try
          (_isOnMainActorNow
          ? comparerDirect(previous, next) : _callOnMainQueueThrowing(comparer, previous, next))
      })
  }

  /// Accumulates the elements with `accumulator`, run on the main actor, and delivers each
  /// intermediate result.
  ///
  /// - Parameters:
  ///   - seed: The initial accumulated value.
  ///   - accumulator: Combines the accumulated value with an element. If it throws, the
  ///     sequence fails with that error.
  /// - Returns: A main-actor sequence of the accumulated values.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func scan<Accumulate: Sendable>(
    _ seed: Accumulate,
    accumulator: @escaping @MainActor (Accumulate, Element) throws -> Accumulate
  ) -> MainActorObservable<Accumulate> {
    let accumulatorDirect = _nonisolatedThrowing(accumulator)
    return MainActorObservable<Accumulate>(
      _mainActorDelivering: _plainSource.scan(seed) { accumulated, element in
        try
          (_isOnMainActorNow
          ? accumulatorDirect(accumulated, element)
          : _callOnMainQueueThrowing(accumulator, accumulated, element))
      })
  }

  /// Calls the given closures, on the main actor, at the events and moments of the
  /// subscription, and delivers the events unchanged.
  ///
  /// - Parameters:
  ///   - onNext: Called with each element before it is delivered.
  ///   - afterNext: Called with each element after it is delivered.
  ///   - onError: Called with the error before it is delivered.
  ///   - afterError: Called with the error after it is delivered.
  ///   - onCompleted: Called before completion is delivered.
  ///   - afterCompleted: Called after completion is delivered.
  ///   - onSubscribe: Called before the subscription to the _plainSource.
  ///   - onSubscribed: Called after the subscription to the _plainSource.
  ///   - onDispose: Called when the subscription is disposed.
  /// - Returns: A main-actor sequence of the same events.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func `do`(
    onNext: (@MainActor (Element) throws -> Void)? = nil,
    afterNext: (@MainActor (Element) throws -> Void)? = nil,
    onError: (@MainActor (any Swift.Error) throws -> Void)? = nil,
    afterError: (@MainActor (any Swift.Error) throws -> Void)? = nil,
    onCompleted: (@MainActor () throws -> Void)? = nil,
    afterCompleted: (@MainActor () throws -> Void)? = nil,
    onSubscribe: (@MainActor () -> Void)? = nil,
    onSubscribed: (@MainActor () -> Void)? = nil,
    onDispose: (@MainActor () -> Void)? = nil
  ) -> MainActorObservable<Element> {
    MainActorObservable(
      _mainActorDelivering: _plainSource.do(
        onNext: _throwingOnMainActor(onNext),
        afterNext: _throwingOnMainActor(afterNext),
        onError: _throwingOnMainActor(onError),
        afterError: _throwingOnMainActor(afterError),
        onCompleted: _throwingOnMainActor(onCompleted),
        afterCompleted: _throwingOnMainActor(afterCompleted),
        onSubscribe: _onMainActor(onSubscribe),
        onSubscribed: _onMainActor(onSubscribed),
        onDispose: _onMainActor(onDispose)))
  }

  /// Subscribes closures, run on the main actor, to the sequence's elements, error and
  /// completion.
  ///
  /// As with ``ObservableType/subscribe(onNext:onError:onCompleted:onDisposed:)``, the
  /// subscription is disposed after the terminal event, and an error without an `onError`
  /// handler goes to ``Hooks/defaultErrorHandler``.
  ///
  /// - Parameters:
  ///   - onNext: Called with each element.
  ///   - onError: Called with the error that ends the sequence.
  ///   - onCompleted: Called when the sequence completes.
  ///   - onDisposed: Called once when the subscription is disposed, for any reason.
  /// - Returns: A disposable that cancels the subscription.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func subscribe(
    onNext: (@MainActor (Element) -> Void)? = nil,
    onError: (@MainActor (any Swift.Error) -> Void)? = nil,
    onCompleted: (@MainActor () -> Void)? = nil,
    onDisposed: (@MainActor () -> Void)? = nil
  ) -> any Disposable {
    _plainSource.subscribe(
      onNext: _onMainActor(onNext), onError: _onMainActor(onError),
      onCompleted: _onMainActor(onCompleted), onDisposed: _onMainActor(onDisposed))
  }

  /// Subscribes `onNext`, run on the main actor, to the elements of the sequence.
  ///
  /// Completion ends the binding; an error ends it too and goes to ``Hooks/defaultErrorHandler``.
  ///
  /// - Parameter onNext: Called with each element.
  /// - Returns: A disposable that cancels the subscription and releases `onNext`.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func bind(onNext: @escaping @MainActor (Element) -> Void) -> any Disposable {
    _plainSource.bind(onNext: { element in _callOnMainActor(onNext, element) })
  }
}

extension MainActorObservableType {
  /// Shares one subscription to the source among all subscribers, replaying the last `replay`
  /// elements to new ones, as ``ObservableType/share(replay:scope:)`` does.
  ///
  /// - Parameters:
  ///   - replay: How many of the latest elements to replay to a new subscriber.
  ///   - scope: How long the shared subject lives.
  /// - Returns: A main-actor sequence that shares one subscription to the _plainSource.
  @_alwaysEmitIntoClient
  public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected)
    -> MainActorObservable<Element>
  {
    MainActorObservable(_mainActorDelivering: _plainSource.share(replay: replay, scope: scope))
  }

  /// Delivers every event on the main queue, as `observe(on: MainScheduler.instance)` does on
  /// any sequence.
  ///
  /// - Parameter scheduler: The main scheduler.
  /// - Returns: A main-actor sequence of the same events.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func observe(on scheduler: MainScheduler) -> MainActorObservable<Element> {
    MainActorObservable(
      _mainActorDelivering: _plainSource.observe(on: scheduler as any ImmediateSchedulerType))
  }
}

extension MainActorObservableType where Element: Equatable {
  /// Skips elements equal to the previous emitted element.
  ///
  /// - Returns: A main-actor sequence without consecutive equal elements.
  @_alwaysEmitIntoClient
  public func distinctUntilChanged() -> MainActorObservable<Element> {
    MainActorObservable(_mainActorDelivering: _plainSource.distinctUntilChanged())
  }
}

extension ObservableType {
  /// Combines the latest elements of 2 main-actor sequences with `resultSelector`, run on the
  /// main actor, as ``ObservableType/combineLatest(_:_:resultSelector:)->Observable<Self.Element>`` does.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  ///   - resultSelector: Combines the latest elements. If it throws, the result fails with
  ///     that error.
  /// - Returns: A main-actor sequence of the combined latest elements.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public static func combineLatest<
    Source1: MainActorObservableType, Source2: MainActorObservableType
  >(
    _ source1: Source1, _ source2: Source2,
    resultSelector: @escaping @MainActor (Source1.Element, Source2.Element) throws -> Element
  ) -> MainActorObservable<Element> {
    MainActorObservable(
      _mainActorDelivering: Observable.combineLatest(source1._plainSource, source2._plainSource) {
        first, second in try _callOnMainActorThrowing(resultSelector, first, second)
      })
  }
}

/// A `@Sendable` throwing callback that runs `callback` with its argument on the main actor.
#if DEBUG
  @inlinable
#else
  @_alwaysEmitIntoClient
#endif
internal func _throwingOnMainActor<Value: Sendable>(
  _ callback: (@MainActor (Value) throws -> Void)?
) -> (@Sendable (Value) throws -> Void)? {
  guard let callback else { return nil }
  return { value in try _callOnMainActorThrowing(callback, value) }
}

/// A `@Sendable` throwing callback that runs `callback` on the main actor.
#if DEBUG
  @inlinable
#else
  @_alwaysEmitIntoClient
#endif
internal func _throwingOnMainActor(
  _ callback: (@MainActor () throws -> Void)?
) -> (@Sendable () throws -> Void)? {
  guard let callback else { return nil }
  return { try _callOnMainActorThrowing({ (_: Void) throws -> Void in try callback() }, ()) }
}
