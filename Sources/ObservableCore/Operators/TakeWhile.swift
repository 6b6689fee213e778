extension ObservableType {
  /// Emits elements while `predicate` holds, then completes.
  ///
  /// ```
  /// source:                                        -1-2-3-1-|
  /// take(while: { $0 < 3 })                        -1-2-|
  /// take(while: { $0 < 3 }, behavior: .inclusive)  -1-2-[3|]
  /// ```
  ///
  /// The upstream subscription is disposed as soon as `predicate` first returns `false`.
  ///
  /// - Parameters:
  ///   - predicate: Decides whether to keep taking elements. If it throws, the sequence fails
  ///     with that error and the upstream subscription is disposed.
  ///   - behavior: Whether to also emit the first element that fails `predicate`;
  ///     ``TakeBehavior/exclusive`` by default.
  /// - Returns: A sequence of the leading elements that satisfy `predicate`.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func take(
    while predicate: @escaping @Sendable (Element) throws -> Bool,
    behavior: TakeBehavior = .exclusive
  ) -> Observable<Element> {
    _take(whileCondition: predicate, expected: true, behavior: behavior)
  }

  /// Emits elements until `condition(element) == expected` no longer holds, then completes.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func _take(
    whileCondition condition: @escaping @Sendable (Element) throws -> Bool,
    expected: Bool,
    behavior: TakeBehavior
  ) -> Observable<Element> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let done = _SerializedFlag()
      source._subscribe(
        AnyObserver { event in
          guard !done.isSet else { return }
          switch event {
          case .next(let element):
            let keepGoing: Bool
            do { keepGoing = try condition(element) == expected } catch {
              done.set()
              observer.on(.error(error))
              lifetime.dispose()
              return
            }
            if keepGoing {
              observer.on(event)
              return
            }
            done.set()
            if behavior == .inclusive {
              observer.on(event)
              guard !lifetime.isDisposed else { return }
            }
            observer.on(.completed)
            lifetime.dispose()
          case .error, .completed:
            done.set()
            observer.on(event)
          }
        },
        lifetime
      )
    })
  }
}
