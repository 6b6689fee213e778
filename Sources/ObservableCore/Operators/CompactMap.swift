extension ObservableType {
  /// Transforms each element with `transform` and emits the non-`nil` results.
  ///
  /// ```
  /// source:                 -1-x-3-|
  /// compactMap { Int($0) }  -1---3-|
  /// ```
  ///
  /// - Parameter transform: The transform; a `nil` result is skipped. If it throws, the
  ///   sequence fails with that error and the upstream subscription is disposed.
  /// - Returns: A sequence of the non-`nil` transformed elements.
  @_disfavoredOverload
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func compactMap<Result: Sendable>(
    _ transform: @escaping @Sendable (Element) throws -> Result?
  ) -> Observable<Result> {
    // Fuses with a `map`, `filter` or `compactMap` right before it (see Fusion.swift).
    return asObservable()._appendingStage(_ElementStage<_CompactMapKind>(transform))
  }
}
