extension ObservableType {
  /// Skips the first `count` elements and emits the rest.
  ///
  /// ```
  /// source:  -1-2-3-4-|
  /// skip(2)  -----3-4-|
  /// ```
  ///
  /// - Parameter count: How many leading elements to skip. A negative count fails with
  ///   ``RxError/argumentOutOfRange`` (RxSwift treats it as zero), as negative counts do
  ///   everywhere in this library.
  /// - Returns: A sequence without the first `count` elements.
  @_alwaysEmitIntoClient
  public func skip(_ count: Int) -> Observable<Element> {
    guard count >= 0 else { return .error(RxError.argumentOutOfRange) }
    let source = asObservable()
    guard count > 0 else { return source }
    return Observable(_run: { observer, lifetime in
      let remaining = _SinkState(count, lifetime: lifetime)
      source._subscribe(
        AnyObserver { event in
          if case .next = event, remaining.value > 0 {
            remaining.value -= 1
            return
          }
          observer.on(event)
        },
        lifetime
      )
    })
  }
}
