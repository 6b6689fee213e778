extension ObservableType {
  /// Emits elements until `predicate` holds for one, then completes.
  ///
  /// ```
  /// source:                                         -1-2-3-1-|
  /// take(until: { $0 == 3 })                        -1-2-|
  /// take(until: { $0 == 3 }, behavior: .inclusive)  -1-2-[3|]
  /// ```
  ///
  /// The upstream subscription is disposed as soon as `predicate` first returns `true`.
  ///
  /// - Parameters:
  ///   - predicate: Decides whether to stop. If it throws, the sequence fails with that error
  ///     and the upstream subscription is disposed.
  ///   - behavior: Whether to also emit the element that satisfies `predicate`;
  ///     ``TakeBehavior/exclusive`` by default.
  /// - Returns: A sequence of the elements before the first one that satisfies `predicate`.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func take(
    until predicate: @escaping @Sendable (Element) throws -> Bool,
    behavior: TakeBehavior = .exclusive
  ) -> Observable<Element> {
    _take(whileCondition: predicate, expected: false, behavior: behavior)
  }
}
