extension ObservableType {
  /// Transforms each element with `transform`.
  ///
  /// ```
  /// source:          -1-2-3-|
  /// map { $0 * 10 }  -a-b-c-|
  ///
  /// a = 10, b = 20, c = 30
  /// ```
  ///
  /// - Parameter transform: The transform. If it throws, the sequence fails with that error
  ///   and the upstream subscription is disposed.
  /// - Returns: A sequence of transformed elements.
  @_disfavoredOverload
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func map<Result: Sendable>(
    _ transform: @escaping @Sendable (Element) throws -> Result
  ) -> Observable<Result> {
    // Fuses with a `map`, `filter` or `compactMap` right before it (see Fusion.swift).
    return asObservable()._appendingStage(_ElementStage<_MapKind>(transform))
  }
}
