/// One `combineLatest` or `zip` subscription: the lock around its state machine, and the
/// delivery loop that runs the result selector and calls the observer outside the lock.
///
/// Not public API.
@usableFromInline
internal final class _CombiningStorage<Slots: _CombiningSlots, Result: Sendable>: Sendable {
  @usableFromInline
  internal let state: _Mutex<_CombiningStateMachine<Slots>>
  @usableFromInline
  internal let downstream: AnyObserver<Result>
  @usableFromInline
  internal let resultSelector: @Sendable (Slots.Snapshot) throws -> Result
  @usableFromInline
  internal let lifetime: _Lifetime
  @usableFromInline
  internal let resource: _ResourceToken

  /// Creates the storage and ties it to `lifetime`, whose disposal disposes every source.
  ///
  /// - Parameters:
  ///   - slots: The empty slots.
  ///   - arity: The number of sources, at least one.
  ///   - completesWhenUnmatched: See ``_CombiningStateMachine/completesWhenUnmatched``.
  ///   - downstream: The observer of the result.
  ///   - lifetime: The subscription's lifetime.
  ///   - resultSelector: Turns a snapshot into a result element.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(
    slots: Slots,
    arity: Int,
    completesWhenUnmatched: Bool,
    downstream: AnyObserver<Result>,
    lifetime: _Lifetime,
    resultSelector: @escaping @Sendable (Slots.Snapshot) throws -> Result
  ) {
    state = _Mutex(
      _CombiningStateMachine(
        slots: slots, arity: arity, completesWhenUnmatched: completesWhenUnmatched))
    self.downstream = downstream
    self.resultSelector = resultSelector
    self.lifetime = lifetime
    resource = _ResourceToken(inheriting: lifetime.resource)
    lifetime.onDispose { [self] in _ = state.withLock { $0.disposed() } }
  }

  /// Subscribes to `source` as source number `index`, in a child lifetime, replacing the
  /// source's latest element with each new one (`combineLatest`).
  ///
  /// - Parameters:
  ///   - source: The source.
  ///   - index: Its position.
  ///   - replace: Swaps an element into the source's slot; the previous element comes back in
  ///     the `inout` argument and is released outside the lock.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func subscribe<SourceElement: Sendable>(
    _ source: Observable<SourceElement>,
    at index: Int,
    replace: @escaping @Sendable (inout Slots, inout SourceElement?) -> Void
  ) {
    guard let child = childLifetime() else { return }
    source._subscribe(
      AnyObserver { [self] event in
        guard !child.isDisposed else { return }
        switch event {
        case .next(let element):
          var slot: SourceElement? = element
          perform(state.withLock { $0.sourceProducedElement(at: index) { replace(&$0, &slot) } })
        case .error, .completed:
          sourceTerminated(event.error, at: index, child: child)
        }
      },
      child
    )
  }

  /// Subscribes to `source` as source number `index`, in a child lifetime, appending each
  /// element to the source's buffer (`zip`).
  ///
  /// - Parameters:
  ///   - source: The source.
  ///   - index: Its position.
  ///   - append: Appends an element to the source's buffer.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func subscribe<SourceElement: Sendable>(
    _ source: Observable<SourceElement>,
    at index: Int,
    append: @escaping @Sendable (inout Slots, SourceElement) -> Void
  ) {
    guard let child = childLifetime() else { return }
    source._subscribe(
      AnyObserver { [self] event in
        guard !child.isDisposed else { return }
        switch event {
        case .next(let element):
          perform(state.withLock { $0.sourceProducedElement(at: index) { append(&$0, element) } })
        case .error, .completed:
          sourceTerminated(event.error, at: index, child: child)
        }
      },
      child
    )
  }

  /// A lifetime for one source, or `nil` once the subscription is disposed.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func childLifetime() -> _Lifetime? {
    guard !lifetime.isDisposed else { return nil }
    let child = _Lifetime(inheriting: lifetime)
    lifetime.add(child)
    return child
  }

  /// Source `index`, subscribed in `child`, failed with `error` or, if it is `nil`, completed.
  ///
  /// Kept out of line so the element path of the observers above stays small, and not generic
  /// over the source's element, so that a client compiles it once per combining operator, not
  /// once per source type.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  @inline(never)
  internal func sourceTerminated(_ error: (any Swift.Error)?, at index: Int, child: _Lifetime) {
    child.dispose()
    if let error {
      perform(state.withLock { $0.sourceFailed(error) })
    } else {
      perform(state.withLock { $0.sourceCompleted(at: index) })
    }
  }

  /// Delivers events while the state machine hands them out (see `_deliverCombined`).
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func perform(_ action: _CombiningStateMachine<Slots>.Action) {
    state._deliverCombined(action, selecting: resultSelector, to: downstream, lifetime: lifetime)
  }
}
