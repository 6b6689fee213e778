extension ObservableType {
  /// Skips elements while `predicate` holds, then emits every remaining element.
  ///
  /// ```
  /// source:                   -1-2-3-1-|
  /// skip(while: { $0 < 3 })   -----3-1-|
  /// ```
  ///
  /// Once `predicate` returns `false`, it is not called again.
  ///
  /// - Parameter predicate: Decides whether to keep skipping. If it throws, the sequence fails
  ///   with that error and the upstream subscription is disposed.
  /// - Returns: A sequence of the elements from the first one that fails `predicate` onwards.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func skip(
    while predicate: @escaping @Sendable (Element) throws -> Bool
  ) -> Observable<Element> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let passing = _SerializedFlag()
      source._subscribe(
        AnyObserver { event in
          if !passing.isSet, case .next(let element) = event {
            let skips: Bool
            do { skips = try predicate(element) } catch {
              observer.on(.error(error))
              lifetime.dispose()
              return
            }
            if skips { return }
            passing.set()
          }
          observer.on(event)
        },
        lifetime
      )
    })
  }
}
