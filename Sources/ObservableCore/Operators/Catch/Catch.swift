extension ObservableType {
  /// Continues with the sequence `handler` returns when this sequence fails.
  ///
  /// ```
  /// source:                  -1-2-#
  /// fallback:                     -8-9-|
  /// catch { _ in fallback }  -1-2--8-9-|
  /// ```
  ///
  /// The handler runs at most once per subscription: an error from the fallback sequence ends
  /// the result. Chains of `catch` (a fallback that is itself a `catch`, however deep) run in
  /// a loop, so fallbacks that fail synchronously do not grow the stack.
  ///
  /// - Parameter handler: Returns the sequence to continue with, given the error. If it
  ///   throws, the result fails with the thrown error.
  /// - Returns: The elements of this sequence, then, after an error, those of the fallback.
  @available(swift, introduced: 6)
  @inlinable
  public func `catch`(
    _ handler: @escaping @Sendable (any Swift.Error) throws -> Observable<Element>
  ) -> Observable<Element> {
    _CatchObservable(source: asObservable(), handler: handler)
  }

  /// Replaces an error with one last element, then completes.
  ///
  /// ```
  /// source:            -1-2-#
  /// catchAndReturn(0)  -1-2-[0|]
  /// ```
  ///
  /// - Parameter element: The element to emit, before completing, if this sequence fails.
  /// - Returns: The elements of this sequence, then `element` if it fails.
  @inlinable
  public func catchAndReturn(_ element: Element) -> Observable<Element> {
    self.catch { _ in .just(element) }
  }
}
