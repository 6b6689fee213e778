extension ObservableType {
  /// Transforms each element with `transform` and emits the non-`nil` results.
  ///
  /// ```
  /// source:                 -"1"-"x"-"3"-|
  /// compactMap { Int($0) }  -1-------3---|
  /// ```
  ///
  /// - Parameter transform: The transform; a `nil` result is skipped. If it throws, the
  ///   sequence fails with that error and the upstream subscription is disposed.
  /// - Returns: A sequence of the non-`nil` transformed elements.
  @available(swift, introduced: 6)
  @inlinable
  public func compactMap<Result: Sendable>(
    _ transform: @escaping @Sendable (Element) throws -> Result?
  ) -> Observable<Result> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      source._subscribe(
        AnyObserver { event in
          switch event {
          case .next(let element):
            let result: Result?
            do { result = try transform(element) } catch {
              observer.on(.error(error))
              lifetime.dispose()
              return
            }
            if let result { observer.on(.next(result)) }
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
