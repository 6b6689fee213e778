extension ObservableType {
  /// Emits only the elements that satisfy `predicate`.
  ///
  /// ```
  /// source:               -1-2-3-4-|
  /// filter { $0.isEven }  ---2---4-|
  /// ```
  ///
  /// - Parameter predicate: Decides whether an element passes. If it throws, the sequence
  ///   fails with that error and the upstream subscription is disposed.
  /// - Returns: A sequence of the elements that pass.
  @available(swift, introduced: 6)
  @inlinable
  public func filter(
    _ predicate: @escaping @Sendable (Element) throws -> Bool
  ) -> Observable<Element> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      source._subscribe(
        AnyObserver { event in
          switch event {
          case .next(let element):
            let passes: Bool
            do { passes = try predicate(element) } catch {
              observer.on(.error(error))
              lifetime.dispose()
              return
            }
            if passes { observer.on(event) }
          case .error, .completed:
            observer.on(event)
          }
        },
        lifetime
      )
    })
  }
}
