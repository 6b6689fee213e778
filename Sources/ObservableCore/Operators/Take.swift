extension ObservableType {
  /// Emits the first `count` elements, then completes.
  ///
  /// ```
  /// source:  -1-2-3-4-|
  /// take(2)  -1-[2|]
  /// ```
  ///
  /// The upstream subscription is disposed as soon as the last element has been emitted.
  ///
  /// - Parameter count: The number of elements to take. With zero the result completes
  ///   without subscribing; a negative count fails with ``RxError/argumentOutOfRange``.
  /// - Returns: A sequence of at most `count` elements.
  @_alwaysEmitIntoClient
  public func take(_ count: Int) -> Observable<Element> {
    guard count > 0 else {
      return count == 0 ? .empty() : .error(RxError.argumentOutOfRange)
    }
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let remaining = _SinkState(count, lifetime: lifetime)
      source._subscribe(
        AnyObserver { event in
          guard remaining.value > 0 else { return }
          switch event {
          case .next:
            remaining.value -= 1
            observer.on(event)
            if remaining.value == 0 {
              observer.on(.completed)
              lifetime.dispose()
            }
          case .error, .completed:
            remaining.value = 0
            observer.on(event)
          }
        },
        lifetime
      )
    })
  }
}
