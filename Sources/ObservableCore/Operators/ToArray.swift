extension ObservableType {
  /// Collects every element into an array, emitted as a ``Single`` when the sequence
  /// completes.
  ///
  /// ```
  /// source:    -1-2-3-|
  /// toArray()  -------[a|]
  ///
  /// a = [1, 2, 3]
  /// ```
  ///
  /// - Returns: A `Single` of all the elements, in order; an empty array if the sequence
  ///   completes without elements. If the sequence fails, the `Single` fails with the same
  ///   error.
  @_alwaysEmitIntoClient
  public func toArray() -> Single<[Element]> {
    let source = asObservable()
    return Single(
      raw: Observable(_run: { observer, lifetime in
        let elements = _SinkState<[Element]>([], lifetime: lifetime)
        source._subscribe(
          AnyObserver { event in
            switch event {
            case .next(let element):
              elements.value.append(element)
            case .error(let error):
              elements.value = []
              observer.on(.error(error))
            case .completed:
              let all = elements.value
              elements.value = []
              observer.on(.next(all))
              guard !lifetime.isDisposed else { return }
              observer.on(.completed)
            }
          },
          lifetime
        )
      }))
  }
}
