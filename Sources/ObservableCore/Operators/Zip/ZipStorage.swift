import Synchronization

/// One `zip` subscription: the lock around its state machine, and the delivery loop that runs
/// the result selector and calls the observer outside the lock.
///
/// Not public API.
@usableFromInline
internal final class _ZipStorage<Buffers: _ZipBuffers, Result: Sendable>: Sendable {
  @usableFromInline
  internal let state: _Mutex<_ZipStateMachine<Buffers>>
  @usableFromInline
  internal let downstream: AnyObserver<Result>
  @usableFromInline
  internal let resultSelector: @Sendable (Buffers.Snapshot) throws -> Result
  @usableFromInline
  internal let lifetime: _Lifetime
  @usableFromInline
  internal let resource: _ResourceToken

  /// Creates the storage and ties it to `lifetime`, whose disposal disposes every source.
  @inlinable
  internal init(
    buffers: Buffers,
    arity: Int,
    completesWhenUnpairable: Bool,
    downstream: AnyObserver<Result>,
    lifetime: _Lifetime,
    resultSelector: @escaping @Sendable (Buffers.Snapshot) throws -> Result
  ) {
    state = _Mutex(
      _ZipStateMachine(
        buffers: buffers, arity: arity, completesWhenUnpairable: completesWhenUnpairable))
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
  ///   - store: Appends an element to the source's buffer.
  @inlinable
  internal func subscribe<SourceElement: Sendable>(
    _ source: Observable<SourceElement>,
    at index: Int,
    store: @escaping @Sendable (inout Buffers, SourceElement) -> Void
  ) {
    guard !lifetime.isDisposed else { return }
    let child = _Lifetime(inheriting: lifetime)
    lifetime.add(child)
    source._subscribe(
      AnyObserver { [self] event in
        guard !child.isDisposed else { return }
        switch event {
        case .next(let element):
          perform(state.withLock { $0.sourceProducedElement(at: index) { store(&$0, element) } })
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
  internal func perform(_ action: _ZipStateMachine<Buffers>.Action) {
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
