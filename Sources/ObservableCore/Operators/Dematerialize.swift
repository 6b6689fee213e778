extension ObservableType where Element: EventConvertible, Element.Element: Sendable {
  /// Turns a sequence of events back into the events themselves.
  ///
  /// ```
  /// source:          -a-b-c-
  /// dematerialize()  -1-2-|
  ///
  /// a = next(1), b = next(2), c = completed
  /// ```
  ///
  /// The reverse of ``materialize()``. An `.error` or `.completed` element ends the result,
  /// and the upstream subscription is disposed.
  ///
  /// - Returns: A sequence of the wrapped events. An upstream error or completion is
  ///   forwarded too.
  @_alwaysEmitIntoClient
  public func dematerialize() -> Observable<Element.Element> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      source._subscribe(
        AnyObserver { event in
          switch event {
          case .next(let wrapped):
            let inner = wrapped.event
            observer.on(inner)
            if inner.isStopEvent { lifetime.dispose() }
          case .error(let error):
            observer.on(.error(error))
          case .completed:
            observer.on(.completed)
          }
        },
        lifetime
      )
    })
  }
}
