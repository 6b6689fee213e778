extension ObservableType {
  /// Emits the last `count` elements when the sequence completes.
  ///
  /// ```
  /// source:      -1-2-3-4-|
  /// takeLast(2)  ---------[34|]
  /// ```
  ///
  /// Buffers up to `count` elements until the sequence completes, then emits them in order.
  ///
  /// - Parameter count: How many trailing elements to emit. A negative count fails with
  ///   ``RxError/argumentOutOfRange`` (RxSwift stops the process instead).
  /// - Returns: A sequence of at most `count` elements. If the source fails, the buffered
  ///   elements are dropped and the error is forwarded.
  @_alwaysEmitIntoClient
  public func takeLast(_ count: Int) -> Observable<Element> {
    guard count >= 0 else { return .error(RxError.argumentOutOfRange) }
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let buffer = _SinkState(_Queue<Element>(), lifetime: lifetime)
      source._subscribe(
        AnyObserver { event in
          switch event {
          case .next(let element):
            guard count > 0 else { return }
            if buffer.value.count == count { _ = buffer.value.popFirst() }
            buffer.value.append(element)
          case .error(let error):
            buffer.value.removeAll()
            observer.on(.error(error))
          case .completed:
            while let element = buffer.value.popFirst() {
              guard !lifetime.isDisposed else { return }
              observer.on(.next(element))
            }
            guard !lifetime.isDisposed else { return }
            observer.on(.completed)
          }
        },
        lifetime
      )
    })
  }
}
