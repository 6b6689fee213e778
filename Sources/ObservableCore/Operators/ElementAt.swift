extension ObservableType {
  /// Emits only the element at `index`, then completes.
  ///
  /// ```
  /// source:         -a-b-c-|
  /// element(at: 1)  ---[b|]
  /// element(at: 5)  -------#  (#: RxError.argumentOutOfRange)
  /// ```
  ///
  /// The upstream subscription is disposed as soon as the element has been emitted.
  ///
  /// - Parameter index: The zero-based index of the element to emit.
  /// - Returns: A sequence of one element. It fails with ``RxError/argumentOutOfRange`` if the
  ///   source completes before reaching `index`, or at once if `index` is negative (RxSwift
  ///   stops the process instead).
  @_alwaysEmitIntoClient
  public func element(at index: Int) -> Observable<Element> {
    guard index >= 0 else { return .error(RxError.argumentOutOfRange) }
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let remaining = _SinkState(index, lifetime: lifetime)
      source._subscribe(
        AnyObserver { event in
          guard remaining.value >= 0 else { return }
          switch event {
          case .next:
            if remaining.value > 0 {
              remaining.value -= 1
              return
            }
            remaining.value = -1
            observer.on(event)
            guard !lifetime.isDisposed else { return }
            observer.on(.completed)
            lifetime.dispose()
          case .error:
            remaining.value = -1
            observer.on(event)
          case .completed:
            remaining.value = -1
            observer.on(.error(RxError.argumentOutOfRange))
          }
        },
        lifetime
      )
    })
  }
}
