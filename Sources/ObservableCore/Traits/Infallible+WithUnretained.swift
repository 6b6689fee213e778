extension Infallible {
  /// Pairs each element with `object`, which the sequence holds only weakly, and completes
  /// once `object` is gone.
  ///
  /// ```
  /// source:                     -1-2---3-4-|
  /// object:                     -----x        (x: the last strong reference goes away)
  /// withUnretained(o) { $1 }    -1-2---|
  /// ```
  ///
  /// The first element that arrives after `object` has been freed completes the result
  /// instead, and disposes the upstream subscription. See
  /// ``ObservableType/withUnretained(_:resultSelector:)``.
  ///
  /// - Parameters:
  ///   - object: The object to pass along with each element. It must be `Sendable`, since
  ///     `resultSelector` may run on any thread; a `@MainActor` class is.
  ///   - resultSelector: Combines `object` and an element.
  /// - Returns: An `Infallible` of the combined values.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func withUnretained<Object: AnyObject & Sendable, Result: Sendable>(
    _ object: Object,
    resultSelector: @escaping @Sendable (Object, Element) -> Result
  ) -> Infallible<Result> {
    Infallible<Result>(raw: source.withUnretained(object, resultSelector: resultSelector))
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
  /// - Parameter object: The object to pass along with each element. It must be `Sendable`;
  ///   a `@MainActor` class is.
  /// - Returns: An `Infallible` of `(object, element)` pairs.
  @_alwaysEmitIntoClient
  public func withUnretained<Object: AnyObject & Sendable>(_ object: Object)
    -> Infallible<(Object, Element)>
  {
    Infallible<(Object, Element)>(raw: source.withUnretained(object))
  }
}
