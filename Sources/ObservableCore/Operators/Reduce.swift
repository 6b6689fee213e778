extension ObservableType {
  /// Applies `accumulator` to each element and the running state, then emits the final state,
  /// transformed by `mapResult`, when the sequence completes.
  ///
  /// ```
  /// source:                                            -1-2-3-|
  /// reduce(0, accumulator: +, mapResult: { "\($0)" })  -------[6|]
  /// ```
  ///
  /// - Parameters:
  ///   - seed: The initial state.
  ///   - accumulator: Combines the current state with an element into the next state. If it
  ///     throws, the sequence fails with that error and the upstream subscription is disposed.
  ///   - mapResult: Transforms the final state into the result. If it throws, the sequence
  ///     fails with that error.
  /// - Returns: A sequence of one element, emitted when the source completes. If the source
  ///   fails, the result fails with the same error.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func reduce<Accumulate: Sendable, Result: Sendable>(
    _ seed: Accumulate,
    accumulator: @escaping @Sendable (Accumulate, Element) throws -> Accumulate,
    mapResult: @escaping @Sendable (Accumulate) throws -> Result
  ) -> Observable<Result> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let state = _SinkState(seed, lifetime: lifetime)
      source._subscribe(
        AnyObserver { event in
          switch event {
          case .next(let element):
            do { state.value = try accumulator(state.value, element) } catch {
              observer.on(.error(error))
              lifetime.dispose()
            }
          case .error(let error):
            observer.on(.error(error))
          case .completed:
            let result: Result
            do { result = try mapResult(state.value) } catch {
              observer.on(.error(error))
              lifetime.dispose()
              return
            }
            observer.on(.next(result))
            guard !lifetime.isDisposed else { return }
            observer.on(.completed)
          }
        },
        lifetime
      )
    })
  }

  /// Applies `accumulator` to each element and the running state, then emits the final state
  /// when the sequence completes.
  ///
  /// ```
  /// source:                    -1-2-3-|
  /// reduce(0, accumulator: +)  -------[6|]
  /// ```
  ///
  /// - Parameters:
  ///   - seed: The initial state; emitted as is if the sequence completes empty.
  ///   - accumulator: Combines the current state with an element into the next state. If it
  ///     throws, the sequence fails with that error and the upstream subscription is disposed.
  /// - Returns: A sequence of one element, emitted when the source completes. If the source
  ///   fails, the result fails with the same error.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func reduce<Accumulate: Sendable>(
    _ seed: Accumulate,
    accumulator: @escaping @Sendable (Accumulate, Element) throws -> Accumulate
  ) -> Observable<Accumulate> {
    reduce(seed, accumulator: accumulator, mapResult: { $0 })
  }
}
