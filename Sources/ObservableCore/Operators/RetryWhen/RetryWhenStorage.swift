import Synchronization

/// The per-subscription state of `retry(when:)`.
///
/// Not public API.
///
/// Owns the subject that feeds the handler's errors and the subscription to the trigger the
/// handler returned (within a child lifetime registered on the subscription). Each attempt
/// runs within its own child lifetime and is started from a ``_SubscribeLoop``, so a source
/// that fails synchronously, answered by a trigger that emits synchronously, is retried in a
/// loop rather than recursively.
@usableFromInline
internal final class _RetryWhenStorage<Element: Sendable, Failure: Swift.Error>: Disposable {
  @usableFromInline
  internal struct State {
    @usableFromInline var machine = _RetryWhenStateMachine()
    @usableFromInline var output: _SerialOutput<Element>

    @inlinable
    init(downstream: AnyObserver<Element>) {
      output = _SerialOutput(downstream)
    }
  }

  @usableFromInline
  internal let state: _Mutex<State>
  @usableFromInline
  internal let source: Observable<Element>
  @usableFromInline
  internal let errors = PublishSubject<Failure>()
  @usableFromInline
  internal let lifetime: _Lifetime
  @usableFromInline
  internal let loop = _SubscribeLoop()
  @usableFromInline
  internal let resource: _ResourceToken

  @inlinable
  internal init(source: Observable<Element>, downstream: AnyObserver<Element>, lifetime: _Lifetime)
  {
    state = _Mutex(State(downstream: downstream))
    self.source = source
    self.lifetime = lifetime
    resource = _ResourceToken(inheriting: lifetime.resource)
  }

  /// The failures of the attempts, as the handler sees them.
  @inlinable
  internal var failures: Observable<Failure> {
    let errors = errors
    return Observable(_run: { observer, lifetime in errors._subscribe(observer, lifetime) })
  }

  /// Subscribes to `trigger`, then starts the first attempt.
  @inlinable
  internal func start<Trigger: ObservableType>(trigger: Trigger) {
    let triggerLifetime = _Lifetime(inheriting: lifetime)
    lifetime.add(triggerLifetime)
    trigger.asObservable()._subscribe(
      AnyObserver { event in self.triggerEvent(event) }, triggerLifetime)
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
    case .error(let error):
      let failure = error as? Failure
      let (action, pending) = state.withLock {
        state -> (_RetryWhenStateMachine.FailureAction, _PendingDelivery<Element>?) in
        let action = state.machine.sourceFailed(id: id, isRetryable: failure != nil)
        switch action {
        case .fail: return (action, state.output.send(event))
        case .complete: return (action, state.output.send(.completed))
        case .failWithTriggerError(let triggerError):
          return (action, state.output.send(.error(triggerError)))
        case .disposeAndNotify, .drop: return (action, nil)
        }
      }
      deliver(pending)
      guard case .disposeAndNotify(let failed) = action, let failure else { return }
      failed.dispose()
      errors.on(.next(failure))
    }
  }

  @inlinable
  internal func triggerEvent<TriggerElement>(_ event: Event<TriggerElement>) {
    let failure = event.error
    let completed = event.isCompleted
    let (resubscribe, pending) = state.withLock {
      state -> (Bool, _PendingDelivery<Element>?) in
      if let failure {
        let fail = state.machine.triggerFailed(failure) == .fail
        return (false, fail ? state.output.send(.error(failure)) : nil)
      }
      if completed {
        let complete = state.machine.triggerCompleted() == .complete
        return (false, complete ? state.output.send(.completed) : nil)
      }
      return (state.machine.triggerElementArrived() == .resubscribe, nil)
    }
    deliver(pending)
    if resubscribe { loop.run { subscribeAttempt() } }
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
