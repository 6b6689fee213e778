import Synchronization

/// One `combineLatest` subscription: the lock around its state machine, and the delivery
/// loop that runs the result selector and calls the observer outside the lock.
///
/// Not public API.
@usableFromInline
internal final class _CombineLatestStorage<Values: _CombineLatestValues, Result: Sendable>:
  Sendable
{
  @usableFromInline
  internal let state: _Mutex<_CombineLatestStateMachine<Values>>
  @usableFromInline
  internal let downstream: AnyObserver<Result>
  @usableFromInline
  internal let resultSelector: @Sendable (Values.Snapshot) throws -> Result
  @usableFromInline
  internal let lifetime: _Lifetime
  @usableFromInline
  internal let resource: _ResourceToken

  /// Creates the storage and ties it to `lifetime`, whose disposal disposes every source.
  @inlinable
  internal init(
    values: Values,
    arity: Int,
    downstream: AnyObserver<Result>,
    lifetime: _Lifetime,
    resultSelector: @escaping @Sendable (Values.Snapshot) throws -> Result
  ) {
    state = _Mutex(_CombineLatestStateMachine(values: values, arity: arity))
    self.downstream = downstream
    self.resultSelector = resultSelector
    self.lifetime = lifetime
    resource = _ResourceToken(inheriting: lifetime.resource)
    lifetime.onDispose { [self] in _ = state.withLock { $0.disposed() } }
  }

  /// Subscribes to `source` as source number `index`, in a child lifetime.
  ///
  /// - Parameters:
  ///   - source: The source.
  ///   - index: Its position.
  ///   - store: Swaps an element into the source's slot of the latest values; the previous
  ///     element comes back in the `inout` argument and is released outside the lock.
  @inlinable
  internal func subscribe<SourceElement: Sendable>(
    _ source: Observable<SourceElement>,
    at index: Int,
    store: @escaping @Sendable (inout Values, inout SourceElement?) -> Void
  ) {
    guard !lifetime.isDisposed else { return }
    let child = _Lifetime(inheriting: lifetime)
    lifetime.add(child)
    source._subscribe(
      AnyObserver { [self] event in
        guard !child.isDisposed else { return }
        switch event {
        case .next(let element):
          var slot: SourceElement? = element
          let action = state.withLock { $0.sourceProducedElement(at: index) { store(&$0, &slot) } }
          perform(action)
        case .error(let error):
          child.dispose()
          perform(state.withLock { $0.sourceFailed(error) })
        case .completed:
          child.dispose()
          perform(state.withLock { $0.sourceCompleted(at: index) })
        }
      },
      child
    )
  }

  /// Delivers events while the state machine hands them out.
  @inlinable
  internal func perform(_ action: _CombineLatestStateMachine<Values>.Action) {
    guard case .deliver(var event) = action else { return }
    while !lifetime.isDisposed {
      switch event {
      case .next(let snapshot):
        let result: Result
        do { result = try resultSelector(snapshot) } catch {
          _ = state.withLock { $0.resultSelectorFailed() }
          downstream.on(.error(error))
          lifetime.dispose()
          return
        }
        downstream.on(.next(result))
      case .error(let error):
        downstream.on(.error(error))
        lifetime.dispose()
        return
      case .completed:
        downstream.on(.completed)
        lifetime.dispose()
        return
      }
      guard case .deliver(let next) = state.withLock({ $0.deliveryFinished() }) else { return }
      event = next
    }
  }
}
