/// The per-subscription state of `amb`.
///
/// Not public API.
///
/// Subscribes each source within its own child lifetime, kept in the state machine; the
/// first event decides the race, and the losers' lifetimes are disposed after the lock.
@usableFromInline
internal final class _AmbStorage<Element: Sendable>: Disposable {
  @usableFromInline
  internal let state: _Mutex<_MachineAndOutput<_AmbStateMachine, Element>>
  @usableFromInline
  internal let lifetime: _Lifetime
  @usableFromInline
  internal let resource: _ResourceToken

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(downstream: AnyObserver<Element>, lifetime: _Lifetime) {
    state = _Mutex(_MachineAndOutput(_AmbStateMachine(), downstream: downstream))
    self.lifetime = lifetime
    resource = _ResourceToken(inheriting: lifetime.resource)
  }

  /// Subscribes `sources` in order, until one of them has sent an event.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func start(_ sources: [Observable<Element>]) {
    for (index, source) in sources.enumerated() {
      guard !lifetime.isDisposed else { return }
      let child = _Lifetime(inheriting: lifetime)
      let action = state.withLock { $0.machine.sourceStarting(index: index, lifetime: child) }
      guard action == .subscribe else { return }
      source._subscribe(AnyObserver { event in self.sourceEvent(event, index: index) }, child)
    }
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func sourceEvent(_ event: Event<Element>, index: Int) {
    let (losers, pending) = state.withLock {
      state -> ([_Lifetime], _PendingOutput<Element>?) in
      switch state.machine.eventArrived(from: index, isTerminal: event.isStopEvent) {
      case .forward(let losers): return (losers, state.output.send(event))
      case .drop: return ([], nil)
      }
    }
    for loser in losers { loser.dispose() }
    guard let pending else { return }
    state._drainOutput(pending, lifetime: lifetime)
  }

  /// Disposes every subscribed source.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func dispose() {
    let (lifetimes, released) = state.withLock { state in
      (state.machine.disposed(), state.output.cancel())
    }
    for lifetime in lifetimes { lifetime.dispose() }
    _ = released
  }
}
