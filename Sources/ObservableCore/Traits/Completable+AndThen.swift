extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
  /// Runs `second` after this `Completable` completes, and returns its outcome.
  ///
  /// ```
  /// self:            --|
  /// second:            -[1|]
  /// andThen(second)  ---[1|]
  /// ```
  ///
  /// `second` is subscribed only after this work completes; if it fails, `second` never runs.
  ///
  /// - Parameter second: The `Single` to run next.
  /// - Returns: A ``Single`` with `second`'s outcome, or this work's error.
  @_alwaysEmitIntoClient
  public func andThen<Next: Sendable>(_ second: Single<Next>) -> Single<Next> {
    Single(raw: _then(second.asObservable()))
  }

  /// Runs `second` after this `Completable` completes, and returns its outcome.
  ///
  /// `second` is subscribed only after this work completes; if it fails, `second` never runs.
  ///
  /// - Parameter second: The `Maybe` to run next.
  /// - Returns: A ``Maybe`` with `second`'s outcome, or this work's error.
  @_alwaysEmitIntoClient
  public func andThen<Next: Sendable>(_ second: Maybe<Next>) -> Maybe<Next> {
    Maybe(raw: _then(second.asObservable()))
  }

  /// Runs `second` after this `Completable` completes.
  ///
  /// `second` is subscribed only after this work completes; if it fails, `second` never runs.
  ///
  /// - Parameter second: The work to run next.
  /// - Returns: A `Completable` that completes when both have completed.
  @_alwaysEmitIntoClient
  public func andThen(_ second: Completable) -> Completable {
    Completable(raw: source.concat(second))
  }

  /// Subscribes to `second` after this `Completable` completes, and emits its events.
  ///
  /// `second` is subscribed only after this work completes; if it fails, `second` never runs.
  ///
  /// - Parameter second: The sequence to continue with.
  /// - Returns: An ``Observable`` of `second`'s events, or this work's error.
  @_alwaysEmitIntoClient
  public func andThen<Next: Sendable>(_ second: Observable<Next>) -> Observable<Next> {
    _then(second)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func _then<Next: Sendable>(_ second: Observable<Next>) -> Observable<Next> {
    let first = source
    let retyped = Observable<Next>(_run: { observer, lifetime in
      first._subscribe(
        AnyObserver { event in
          switch event {
          case .error(let error): observer.on(.error(error))
          case .completed: observer.on(.completed)
          }
        },
        lifetime
      )
    })
    return retyped.concat(second)
  }
}
