/// The per-subscription state of `take(until:)` and `skip(until:)`.
///
/// Not public API.
///
/// The source shares the subscription's lifetime; the other sequence runs within a child
/// lifetime, disposed with the subscription or as soon as the machine says so. Events of both
/// are serialized through one `Mutex`-guarded output.
@usableFromInline
internal final class _GateStorage<Element: Sendable, Policy: _GatePolicy>: Disposable {
  @usableFromInline
  internal let state: _Mutex<_MachineAndOutput<_GateStateMachine<Policy>, Element>>
  @usableFromInline
  internal let lifetime: _Lifetime
  @usableFromInline
  internal let otherLifetime: _Lifetime
  @usableFromInline
  internal let resource: _ResourceToken

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(downstream: AnyObserver<Element>, lifetime: _Lifetime) {
    state = _Mutex(_MachineAndOutput(_GateStateMachine(), downstream: downstream))
    self.lifetime = lifetime
    otherLifetime = _Lifetime(inheriting: lifetime)
    resource = _ResourceToken(inheriting: lifetime.resource)
  }

  /// Subscribes to both sequences, the other one first if the gate starts open (so that an
  /// element it sends during `subscribe` ends the result before the source is subscribed);
  /// the second is skipped if the first already ended the result.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func start<Other: ObservableType>(source: Observable<Element>, other: Other) {
    if Policy.startsOpen { subscribe(other) } else { subscribe(source) }
    guard !lifetime.isDisposed else { return }
    if Policy.startsOpen { subscribe(source) } else { subscribe(other) }
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func subscribe(_ source: Observable<Element>) {
    source._subscribe(AnyObserver { event in self.sourceEvent(event) }, lifetime)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func subscribe<Other: ObservableType>(_ other: Other) {
    other.asObservable()._subscribe(
      AnyObserver { event in self.otherEvent(event) }, otherLifetime)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func sourceEvent(_ event: Event<Element>) {
    let (action, pending) = state.withLock {
      state -> (_GateStateMachine<Policy>.SourceAction, _PendingOutput<Element>?) in
      let action =
        if case .next = event {
          state.machine.sourceElementArrived()
        } else {
          state.machine.sourceTerminated(failed: event.error != nil)
        }
      return (action, action == .forward ? state.output.send(event) : nil)
    }
    deliver(pending)
    if action == .stopSilently { lifetime.dispose() }
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func otherEvent<OtherElement>(_ event: Event<OtherElement>) {
    guard !otherLifetime.isDisposed else { return }
    let failure = event.error
    let completed = event.isCompleted
    let (action, pending) = state.withLock {
      state -> (_GateStateMachine<Policy>.OtherAction, _PendingOutput<Element>?) in
      let action =
        if failure != nil {
          state.machine.otherFailed()
        } else if completed {
          state.machine.otherCompleted()
        } else {
          state.machine.otherElementArrived()
        }
      switch action {
      case .complete: return (action, state.output.send(.completed))
      case .fail: return (action, failure.flatMap { state.output.send(.error($0)) })
      case .disposeOther, .none: return (action, nil)
      }
    }
    if action == .disposeOther { otherLifetime.dispose() }
    deliver(pending)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func deliver(_ pending: _PendingOutput<Element>?) {
    guard let pending else { return }
    state._drainOutput(pending, lifetime: lifetime)
  }

  /// Disposes the subscription to the other sequence and drops the downstream observer.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func dispose() {
    let released = state.withLock { state in
      state.machine.disposed()
      return state.output.cancel()
    }
    otherLifetime.dispose()
    _ = released
  }
}
