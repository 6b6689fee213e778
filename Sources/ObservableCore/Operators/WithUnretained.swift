extension ObservableType {
  /// Pairs each element with `object`, which the sequence holds only weakly, and completes
  /// once `object` is gone.
  ///
  /// ```
  /// source:                     -1-2---3-4-|
  /// object:                     -----x        (x: the last strong reference goes away)
  /// withUnretained(o) { $1 }    -1-2---|
  /// ```
  ///
  /// The sequence never keeps `object` alive: each element is combined with it only if it
  /// still exists at that moment. The first element that arrives after `object` has been
  /// freed completes the result instead, and disposes the upstream subscription.
  ///
  /// Beware of sharing operators that replay, such as `share(replay: 1)`, after this one:
  /// their buffer holds the combined elements, and so `object`, strongly.
  ///
  /// - Parameters:
  ///   - object: The object to pass along with each element. It must be `Sendable`, since
  ///     `resultSelector` may run on any thread; a `@MainActor` class is.
  ///   - resultSelector: Combines `object` and an element. If it throws, the result fails with
  ///     that error and the upstream subscription is disposed.
  /// - Returns: A sequence of the combined values.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func withUnretained<Object: AnyObject & Sendable, Result: Sendable>(
    _ object: Object,
    resultSelector: @escaping @Sendable (Object, Element) throws -> Result
  ) -> Observable<Result> {
    _withUnretained(object, resultSelector: resultSelector)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func _withUnretained<Object: AnyObject & Sendable, Result: Sendable>(
    _ object: Object,
    resultSelector: @escaping @Sendable (Object, Element) throws -> Result
  ) -> Observable<Result> {
    let source = asObservable()
    return Observable(_run: { [weak object] observer, lifetime in
      source._subscribe(
        AnyObserver { [weak object] event in
          switch event {
          case .next(let element):
            guard let object else {
              observer.on(.completed)
              lifetime.dispose()
              return
            }
            let result: Result
            do { result = try resultSelector(object, element) } catch {
              observer.on(.error(error))
              lifetime.dispose()
              return
            }
            observer.on(.next(result))
          case .error(let error):
            observer.on(.error(error))
          case .completed:
            observer.on(.completed)
          }
        },
        lifetime
      )
    })
  }

  /// Pairs each element with `object`, which the sequence holds only weakly, and completes
  /// once `object` is gone.
  ///
  /// ```
  /// source:            -1-2---3-4-|
  /// object:            -----x        (x: the last strong reference goes away)
  /// withUnretained(o)  -a-b---|
  ///
  /// a = (o, 1), b = (o, 2)
  /// ```
  ///
  /// The sequence never keeps `object` alive: the first element that arrives after `object`
  /// has been freed completes the result instead, and disposes the upstream subscription.
  ///
  /// - Parameter object: The object to pass along with each element. It must be `Sendable`;
  ///   a `@MainActor` class is.
  /// - Returns: A sequence of `(object, element)` pairs.
  @_alwaysEmitIntoClient
  public func withUnretained<Object: AnyObject & Sendable>(_ object: Object)
    -> Observable<(Object, Element)>
  {
    _withUnretained(object) { ($0, $1) }
  }
}
