extension ObservableType {
  /// Transforms each element with `transform`.
  ///
  /// ```
  /// source:         -1-2-3-|
  /// map { $0 * 10 } -10-20-30-|
  /// ```
  ///
  /// - Parameter transform: The transform. If it throws, the sequence fails with that error
  ///   and the upstream subscription is disposed.
  /// - Returns: A sequence of transformed elements.
  @available(swift, introduced: 6)
  @inlinable
  public func map<Result: Sendable>(
    _ transform: @escaping @Sendable (Element) throws -> Result
  ) -> Observable<Result> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      source._subscribe(
        AnyObserver { event in
          switch event {
          case .next(let element):
            let result: Result
            do { result = try transform(element) } catch {
              observer.on(.error(error))
              lifetime.dispose()
              return
            }
            observer.on(.next(result))
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
