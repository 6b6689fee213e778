extension ObservableType {
  /// Emits `elements` first, then the elements of this sequence.
  ///
  /// ```
  /// source:          -3-4-|
  /// startWith(1, 2)  [12]3-4-|  (1 and 2 at once, then the source)
  /// ```
  ///
  /// The prefix is emitted synchronously during `subscribe`, before subscribing to the source.
  ///
  /// - Parameter elements: The elements to emit first.
  /// - Returns: A sequence that starts with `elements`.
  @_alwaysEmitIntoClient
  public func startWith(_ elements: Element...) -> Observable<Element> {
    _startWith(elements)
  }

  /// ``startWith(_:)`` with the elements in an array, for the forms that forward to it.
  ///
  /// - Parameter elements: The elements to emit first.
  /// - Returns: A sequence that starts with `elements`.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func _startWith(_ elements: [Element]) -> Observable<Element> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      for element in elements {
        guard !lifetime.isDisposed else { return }
        observer.on(.next(element))
      }
      guard !lifetime.isDisposed else { return }
      source._subscribe(observer, lifetime)
    })
  }
}
