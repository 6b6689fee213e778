import Synchronization

/// The per-subscription state of `take(until:)`.
///
/// Not public API.
///
/// The source shares the subscription's lifetime; the other sequence runs within a child
/// lifetime registered on it, so it can end on its own when it completes. Events of both are
/// serialized through one `Mutex`-guarded output.
@usableFromInline
internal final class _TakeUntilStorage<Element: Sendable>: Disposable {
  @usableFromInline
  internal struct State {
    @usableFromInline var machine = _TakeUntilStateMachine()
    @usableFromInline var output: _SerialOutput<Element>

    @inlinable
    init(downstream: AnyObserver<Element>) {
      output = _SerialOutput(downstream)
    }
  }

  @usableFromInline
  internal let state: _Mutex<State>
  @usableFromInline
  internal let lifetime: _Lifetime
  @usableFromInline
  internal let otherLifetime: _Lifetime
  @usableFromInline
  internal let resource: _ResourceToken

  @inlinable
  internal init(downstream: AnyObserver<Element>, lifetime: _Lifetime) {
    state = _Mutex(State(downstream: downstream))
    self.lifetime = lifetime
    otherLifetime = _Lifetime(inheriting: lifetime)
    resource = _ResourceToken(inheriting: lifetime.resource)
  }

  /// Subscribes to `other`, then, unless that already ended the result, to `source`.
  @inlinable
  internal func start<Other: ObservableType>(source: Observable<Element>, other: Other) {
    other.asObservable()._subscribe(
      AnyObserver { event in self.otherEvent(event) }, otherLifetime)
    guard !lifetime.isDisposed else { return }
    source._subscribe(AnyObserver { event in self.sourceEvent(event) }, lifetime)
  }

  @inlinable
  internal func sourceEvent(_ event: Event<Element>) {
    let pending = state.withLock { state in
      state.machine.sourceEventArrived(isTerminal: event.isStopEvent) == .forward
        ? state.output.send(event) : nil
    }
    deliver(pending)
  }

  @inlinable
  internal func otherEvent<OtherElement>(_ event: Event<OtherElement>) {
    guard !otherLifetime.isDisposed else { return }
    let failure = event.error
    let completed = event.isCompleted
    let (disposeOther, pending) = state.withLock {
      state -> (Bool, _PendingDelivery<Element>?) in
      if let failure {
        let fail = state.machine.otherFailed() == .fail
        return (false, fail ? state.output.send(.error(failure)) : nil)
      }
      if completed { return (state.machine.otherCompleted() == .disposeOther, nil) }
      let complete = state.machine.otherElementArrived() == .complete
      return (false, complete ? state.output.send(.completed) : nil)
    }
    if disposeOther { otherLifetime.dispose() }
    deliver(pending)
  }

  @inlinable
  internal func deliver(_ pending: _PendingDelivery<Element>?) {
    guard let pending else { return }
    _deliverSerially(pending, lifetime: lifetime) { state.withLock { $0.output.next() } }
  }

  /// Disposes the subscription to the other sequence and drops the downstream observer.
  @inlinable
  internal func dispose() {
    let released = state.withLock { state in
      state.machine.disposed()
      return state.output.cancel()
    }
    otherLifetime.dispose()
    _ = released
  }
}
