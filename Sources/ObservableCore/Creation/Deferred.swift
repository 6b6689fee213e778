extension Observable {
  /// Returns a sequence that calls `observableFactory` for each subscriber and subscribes to
  /// the observable it returns.
  ///
  /// ```swift
  /// let now = Observable<Int>.deferred { .just(counter.next()) }
  /// ```
  ///
  /// The factory runs when a subscription starts, not when `deferred` is called, so every
  /// subscriber gets a fresh sequence.
  ///
  /// - Parameter observableFactory: Builds the sequence for one subscription. If it throws,
  ///   that subscription fails with the thrown error.
  /// - Returns: A sequence that defers its creation until subscription.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public static func deferred(
    _ observableFactory: @escaping @Sendable () throws -> Observable<Element>
  ) -> Observable<Element> {
    Observable(_run: { observer, lifetime in
      let source: Observable<Element>
      do { source = try observableFactory() } catch {
        observer.on(.error(error))
        return
      }
      source._subscribe(observer, lifetime)
    })
  }
}
