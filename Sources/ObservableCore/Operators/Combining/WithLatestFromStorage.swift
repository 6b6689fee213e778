/// One `withLatestFrom` subscription: the lock around its state machine, and the delivery
/// loop that runs the result selector and calls the observer outside the lock.
///
/// Not public API.
@usableFromInline
internal final class _WithLatestFromStorage<First: Sendable, Second: Sendable, Result: Sendable>:
  Sendable
{
  @usableFromInline
  internal let state = _Mutex(_WithLatestFromStateMachine<First, Second>())
  @usableFromInline
  internal let downstream: AnyObserver<Result>
  @usableFromInline
  internal let resultSelector: @Sendable (First, Second) throws -> Result
  @usableFromInline
  internal let lifetime: _Lifetime
  @usableFromInline
  internal let resource: _ResourceToken

  /// Creates the storage and ties it to `lifetime`, whose disposal disposes both sources.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(
    downstream: AnyObserver<Result>,
    lifetime: _Lifetime,
    resultSelector: @escaping @Sendable (First, Second) throws -> Result
  ) {
    self.downstream = downstream
    self.resultSelector = resultSelector
    self.lifetime = lifetime
    resource = _ResourceToken(inheriting: lifetime.resource)
    lifetime.onDispose { [self] in _ = state.withLock { $0.disposed() } }
  }

  /// Subscribes to both sources, the second one first, each in a child lifetime.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func run(first: Observable<First>, second: Observable<Second>) {
    let secondLifetime = _Lifetime(inheriting: lifetime)
    lifetime.add(secondLifetime)
    second._subscribe(
      AnyObserver { [self] event in
        guard !secondLifetime.isDisposed else { return }
        switch event {
        case .next(let element):
          _ = state.withLock { $0.secondProducedElement(element) }
        case .error(let error):
          secondLifetime.dispose()
          perform(state.withLock { $0.sourceFailed(error) })
        case .completed:
          secondLifetime.dispose()
        }
      },
      secondLifetime
    )
    guard !lifetime.isDisposed else { return }
    let firstLifetime = _Lifetime(inheriting: lifetime)
    lifetime.add(firstLifetime)
    first._subscribe(
      AnyObserver { [self] event in
        guard !firstLifetime.isDisposed else { return }
        switch event {
        case .next(let element):
          perform(state.withLock { $0.firstProducedElement(element) })
        case .error(let error):
          firstLifetime.dispose()
          perform(state.withLock { $0.sourceFailed(error) })
        case .completed:
          firstLifetime.dispose()
          perform(state.withLock { $0.firstCompleted() })
        }
      },
      firstLifetime
    )
  }

  /// Delivers events while the state machine hands them out (see `_deliverCombined`).
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func perform(_ action: _WithLatestFromStateMachine<First, Second>.Action) {
    state._deliverCombined(
      action, selecting: { try resultSelector($0.0, $0.1) }, to: downstream, lifetime: lifetime)
  }
}
