extension ObservableType {
  /// Turns every event, the terminal one included, into an element.
  ///
  /// ```
  /// source:        -1-2-#
  /// materialize()  -a-b-[c|]
  ///
  /// a = next(1), b = next(2), c = error(marble error)
  /// ```
  ///
  /// The result never fails: it emits the source's terminal event as its last element, then
  /// completes. ``ObservableType/dematerialize()`` reverses it.
  ///
  /// - Returns: A sequence of the source's events.
  @_alwaysEmitIntoClient
  public func materialize() -> Observable<Event<Element>> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      source._subscribe(
        AnyObserver { event in
          observer.on(.next(event))
          guard event.isStopEvent, !lifetime.isDisposed else { return }
          observer.on(.completed)
        },
        lifetime
      )
    })
  }
}
