extension ObservableType {
  /// Drops every element and forwards only completion or the error.
  ///
  /// ```
  /// source:           -1-2-3-|
  /// ignoreElements()  -------|
  /// ```
  ///
  /// - Returns: A sequence without elements, which you can turn into a ``Completable`` with
  ///   `asCompletable()`.
  @_alwaysEmitIntoClient
  public func ignoreElements() -> Observable<Never> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      source._subscribe(
        AnyObserver { event in
          switch event {
          case .next: break
          case .error(let error): observer.on(.error(error))
          case .completed: observer.on(.completed)
          }
        },
        lifetime
      )
    })
  }
}
