extension ObservableType {
  /// Applies `accumulator` to each element and the running state, and emits every
  /// intermediate state.
  ///
  /// ```
  /// source:                  -1-2-3-|
  /// scan(0) { $0 + $1 }      -1-3-6-|
  /// ```
  ///
  /// Each subscription starts again from `seed`. Use ``reduce(_:accumulator:)`` to emit only
  /// the final state.
  ///
  /// - Parameters:
  ///   - seed: The initial state.
  ///   - accumulator: Combines the current state with an element into the next state. If it
  ///     throws, the sequence fails with that error and the upstream subscription is disposed.
  /// - Returns: A sequence of the accumulated states.
  @_disfavoredOverload
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func scan<Accumulate: Sendable>(
    _ seed: Accumulate,
    accumulator: @escaping @Sendable (Accumulate, Element) throws -> Accumulate
  ) -> Observable<Accumulate> {
    scan(into: seed) { state, element in state = try accumulator(state, element) }
  }

  /// Applies `accumulator` to each element and the running state, mutating the state in place,
  /// and emits every intermediate state.
  ///
  /// ```
  /// source:                           -1-2-3-|
  /// scan(into: []) { $0.append($1) }  -a-b-c-|
  ///
  /// a = [1], b = [1, 2], c = [1, 2, 3]
  /// ```
  ///
  /// Each subscription starts again from `seed`.
  ///
  /// - Parameters:
  ///   - seed: The initial state.
  ///   - accumulator: Updates the state with an element. If it throws, the sequence fails
  ///     with that error and the upstream subscription is disposed.
  /// - Returns: A sequence of the accumulated states.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func scan<Accumulate: Sendable>(
    into seed: Accumulate,
    accumulator: @escaping @Sendable (inout Accumulate, Element) throws -> Void
  ) -> Observable<Accumulate> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let state = _SinkState(seed, lifetime: lifetime)
      source._subscribe(
        AnyObserver { event in
          switch event {
          case .next(let element):
            do { try accumulator(&state.value, element) } catch {
              observer.on(.error(error))
              lifetime.dispose()
              return
            }
            observer.on(.next(state.value))
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
