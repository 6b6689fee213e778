extension ObservableType {
  /// Pairs each element with its zero-based index.
  ///
  /// ```
  /// source:       -a-b-c-|
  /// enumerated()  -x-y-z-|
  ///
  /// x = (0, a), y = (1, b), z = (2, c)
  /// ```
  ///
  /// - Returns: A sequence of `(index, element)` tuples. It fails with ``RxError/overflow``
  ///   instead of emitting index `Int.max`.
  @_alwaysEmitIntoClient
  public func enumerated() -> Observable<(index: Int, element: Element)> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let nextIndex = _SinkState(0, lifetime: lifetime)
      source._subscribe(
        AnyObserver { event in
          switch event {
          case .next(let element):
            let index = nextIndex.value
            guard index < Int.max else {
              observer.on(.error(RxError.overflow))
              lifetime.dispose()
              return
            }
            nextIndex.value = index + 1
            observer.on(.next((index: index, element: element)))
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
