extension ObservableType where Element: ObservableConvertibleType {
  /// Mirrors the most recent inner sequence of a sequence of sequences.
  ///
  /// ```
  /// source:         -A------B-----|
  /// A:               -1-2-3-4
  /// B:                      -5-6-|
  /// switchLatest()  --1-2-3--5-6--|
  /// ```
  ///
  /// Each new inner sequence replaces the previous one, whose subscription is disposed; events
  /// the previous one still sends are ignored. The result completes when the source and the
  /// latest inner have both completed, and fails as soon as either fails.
  ///
  /// - Returns: The elements of the latest inner sequence.
  @_alwaysEmitIntoClient
  public func switchLatest() -> Observable<Element.Element> {
    flatMapLatest { $0 }
  }
}
