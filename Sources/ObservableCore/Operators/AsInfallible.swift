extension ObservableConvertibleType {
  /// Converts the sequence to an ``Infallible`` that replaces an error with one last element.
  ///
  /// ```
  /// source:                             -1-2-#
  /// asInfallible(onErrorJustReturn: 0)  -1-2-[0|]
  /// ```
  ///
  /// - Parameter element: The element to emit, before completing, if the sequence fails.
  /// - Returns: An `Infallible` of the same elements.
  @_alwaysEmitIntoClient
  public func asInfallible(onErrorJustReturn element: Element) -> Infallible<Element> {
    let source = asObservable()
    return Infallible(
      raw: Observable(_run: { observer, lifetime in
        source._subscribe(
          AnyObserver { event in
            switch event {
            case .next, .completed:
              observer.on(event)
            case .error:
              observer.on(.next(element))
              observer.on(.completed)
            }
          },
          lifetime
        )
      }))
  }
}
