extension ObservableConvertibleType {
  /// Converts the sequence to an ``Infallible`` that continues with `infallible` if the
  /// sequence fails.
  ///
  /// ```
  /// source:                                    -1-2-#
  /// fallback:                                       -8-9-|
  /// asInfallible(onErrorFallbackTo: fallback)  -1-2--8-9-|
  /// ```
  ///
  /// - Parameter infallible: The sequence to continue with after an error.
  /// - Returns: An `Infallible` of this sequence's elements, then, after an error, those of
  ///   `infallible`.
  @_alwaysEmitIntoClient
  public func asInfallible(onErrorFallbackTo infallible: Infallible<Element>)
    -> Infallible<Element>
  {
    Infallible(raw: asObservable().catch { _ in infallible.asObservable() })
  }

  /// Converts the sequence to an ``Infallible`` that continues with the sequence `onErrorRecover`
  /// returns if the sequence fails.
  ///
  /// ```
  /// source:                                -1-2-#
  /// recover(error):                             -8-9-|
  /// asInfallible(onErrorRecover: recover)  -1-2--8-9-|
  /// ```
  ///
  /// - Parameter onErrorRecover: Returns the sequence to continue with, given the error.
  /// - Returns: An `Infallible` of this sequence's elements, then, after an error, those of the
  ///   recovery sequence.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func asInfallible(
    onErrorRecover: @escaping @Sendable (any Swift.Error) -> Infallible<Element>
  ) -> Infallible<Element> {
    Infallible(raw: asObservable().catch { onErrorRecover($0).asObservable() })
  }
}
