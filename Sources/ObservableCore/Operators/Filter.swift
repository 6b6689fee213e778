extension ObservableType {
  /// Emits only the elements that satisfy `predicate`.
  ///
  /// ```
  /// source:               -1-2-3-4-|
  /// filter { $0.isEven }  ---2---4-|
  /// ```
  ///
  /// - Parameter predicate: Decides whether an element passes. If it throws, the sequence
  ///   fails with that error and the upstream subscription is disposed.
  /// - Returns: A sequence of the elements that pass.
  @_disfavoredOverload
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func filter(
    _ predicate: @escaping @Sendable (Element) throws -> Bool
  ) -> Observable<Element> {
    // Fuses with a `map`, `filter` or `compactMap` right before it (see Fusion.swift).
    return asObservable()._appendingStage(_ElementStage<_FilterKind>(predicate))
  }
}
