extension Observable {
  /// Returns a sequence that emits `element` and completes.
  ///
  /// ```
  /// just(1): (1|)
  /// ```
  ///
  /// - Parameter element: The only element.
  /// - Returns: A one-element sequence.
  @inlinable
  public static func just(_ element: Element) -> Observable<Element> {
    Observable(_runImmediately: { observer, lifetime in
      observer.on(.next(element))
      guard !lifetime.isDisposed else { return }
      observer.on(.completed)
    })
  }
}
