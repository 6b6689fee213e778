import Synchronization

/// The per-subscription state of `retry()` and `retry(_:)`.
///
/// Not public API.
///
/// Subscribes each attempt within its own child lifetime from a ``_SubscribeLoop``, so a
/// source that fails synchronously is retried in a loop rather than recursively.
@usableFromInline
internal final class _RetryStorage<Element: Sendable>: Disposable {
  @usableFromInline
  internal struct State {
    @usableFromInline var machine: _RetryStateMachine
    @usableFromInline var output: _SerialOutput<Element>

    @inlinable
    init(maxAttempts: Int?, downstream: AnyObserver<Element>) {
      machine = _RetryStateMachine(maxAttempts: maxAttempts)
      output = _SerialOutput(downstream)
    }
  }

  @usableFromInline
  internal let state: _Mutex<State>
  @usableFromInline
  internal let source: Observable<Element>
  @usableFromInline
  internal let lifetime: _Lifetime
  @usableFromInline
  internal let loop = _SubscribeLoop()
  @usableFromInline
  internal let resource: _ResourceToken

  @inlinable
  internal init(
    source: Observable<Element>, maxAttempts: Int?, downstream: AnyObserver<Element>,
    lifetime: _Lifetime
  ) {
    state = _Mutex(State(maxAttempts: maxAttempts, downstream: downstream))
    self.source = source
    self.lifetime = lifetime
    resource = _ResourceToken(inheriting: lifetime.resource)
  }

  @inlinable
  internal func start() {
    loop.run { subscribeAttempt() }
  }

  /// One subscribe-loop step.
  @inlinable
  internal func subscribeAttempt() {
    guard !lifetime.isDisposed else { return }
    let child = _Lifetime(inheriting: lifetime)
    let action = state.withLock { $0.machine.subscribeRequested(lifetime: child) }
    guard case .subscribe(let id) = action else { return }
    source._subscribe(AnyObserver { event in self.sourceEvent(event, id: id) }, child)
  }

  @inlinable
  internal func sourceEvent(_ event: Event<Element>, id: UInt64) {
    switch event {
    case .next:
      let pending = state.withLock { state in
        state.machine.elementArrived(id: id) == .forward ? state.output.send(event) : nil
      }
      deliver(pending)
    case .completed:
      let pending = state.withLock { state in
        state.machine.sourceCompleted(id: id) == .forward ? state.output.send(event) : nil
      }
      deliver(pending)
    case .error:
      let (failed, pending) = state.withLock {
        state -> (_Lifetime?, _PendingDelivery<Element>?) in
        switch state.machine.sourceFailed(id: id) {
        case .disposeAndRetry(let failed): return (failed, nil)
        case .fail: return (nil, state.output.send(event))
        case .drop: return (nil, nil)
        }
      }
      deliver(pending)
      guard let failed else { return }
      failed.dispose()
      loop.run { subscribeAttempt() }
    }
  }

  @inlinable
  internal func deliver(_ pending: _PendingDelivery<Element>?) {
    guard let pending else { return }
    _deliverSerially(pending, lifetime: lifetime) { state.withLock { $0.output.next() } }
  }

  /// Disposes the running attempt.
  @inlinable
  internal func dispose() {
    let (running, released) = state.withLock { state in
      (state.machine.disposed(), state.output.cancel())
    }
    running?.dispose()
    _ = released
  }
}
