/// The per-subscription state of `flatMapLatest` and `switchLatest`.
///
/// Not public API.
///
/// Holds the state machine and the serial output behind one `Mutex`; every method takes the
/// lock for one decision and performs the resulting side effects (disposing, subscribing,
/// delivering) after releasing it. Registered on the subscription's lifetime, so disposing the
/// subscription disposes the latest inner.
@usableFromInline
internal final class _FlatMapLatestStorage<Element: Sendable>: _OuterInnerStorage, Disposable {
  @usableFromInline
  internal let state: _Mutex<_MachineAndOutput<_FlatMapLatestStateMachine, Element>>
  @usableFromInline
  internal let lifetime: _Lifetime
  /// The outer sequence's subscription, disposed as soon as it completes.
  @usableFromInline
  internal let outerLifetime: _Lifetime
  @usableFromInline
  internal let resource: _ResourceToken

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(downstream: AnyObserver<Element>, lifetime: _Lifetime) {
    state = _Mutex(_MachineAndOutput(_FlatMapLatestStateMachine(), downstream: downstream))
    self.lifetime = lifetime
    outerLifetime = _Lifetime(inheriting: lifetime)
    resource = _ResourceToken(inheriting: lifetime.resource)
  }

  /// The outer sequence produced an element, mapped to `inner`.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func outerElementArrived(_ inner: Observable<Element>) {
    if let just = inner as? _Just<Element> {
      immediateElementArrived(just.element)
      return
    }
    let child = _Lifetime(inheriting: lifetime)
    let action = state.withLock { $0.machine.outerElementArrived(inner: child) }
    switch action {
    case .subscribe(let id, let previous):
      previous?.dispose()
      inner._subscribe(AnyObserver { event in self.innerEvent(event, id: id) }, child)
    case .discard:
      break
    }
  }

  /// The outer sequence produced an element mapped to `just(element)`: deliver `element`
  /// without subscribing.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func immediateElementArrived(_ element: Element) {
    let (previous, pending) = state.withLock {
      state -> (_Lifetime?, _PendingOutput<Element>?) in
      switch state.machine.immediateElementArrived() {
      case .deliver(let previous, let complete):
        let pending = state.output.send(.next(element))
        // Queued behind the element: whoever delivers the element delivers this too.
        if complete { _ = state.output.send(.completed) }
        return (previous, pending)
      case .discard:
        return (nil, nil)
      }
    }
    previous?.dispose()
    deliver(pending)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func innerEvent(_ event: Event<Element>, id: UInt64) {
    switch event {
    case .next:
      let pending = state.withLock { state in
        state.machine.innerElementArrived(id: id) == .forward ? state.output.send(event) : nil
      }
      deliver(pending)
    case .error:
      let pending = state.withLock { state in
        state.machine.innerFailed(id: id) == .forward ? state.output.send(event) : nil
      }
      deliver(pending)
    case .completed:
      let (finished, pending) = state.withLock {
        state -> (_Lifetime?, _PendingOutput<Element>?) in
        switch state.machine.innerCompleted(id: id) {
        case .disposeInner(let inner): return (inner, nil)
        case .disposeInnerAndComplete(let inner): return (inner, state.output.send(.completed))
        case .none: return (nil, nil)
        }
      }
      finished?.dispose()
      deliver(pending)
    }
  }

  /// Disposes the latest inner and drops the downstream observer.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func dispose() {
    outerLifetime.dispose()
    let (inner, released) = state.withLock { state in
      (state.machine.disposed(), state.output.cancel())
    }
    inner?.dispose()
    _ = released
  }
}
