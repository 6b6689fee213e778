/// The per-subscription state of `concat`, `catch(sequence:)`, `catch`, `retry` and
/// `retry(when:)`.
///
/// Not public API.
///
/// Subscribes one source at a time, each within its own child lifetime, from a
/// ``_SubscribeLoop``: a source that terminates synchronously during `subscribe` makes the
/// loop run once more rather than recursing. What comes after each source is the policy's
/// decision, taken under the lock; everything it leads to (subscribing, disposing, delivering,
/// running a pause) happens after the lock.
@usableFromInline
internal final class _SequentialStorage<Operator: _SequentialOperator>: Disposable {
  @usableFromInline
  internal typealias Element = Operator.Element

  // A nested type rather than `_MachineAndOutput`: one generic level less for the runtime to look
  // up per subscription, which `concat` and `retry` pay on every cycle.
  @usableFromInline
  internal struct State {
    @usableFromInline var machine: _SequentialStateMachine<Operator>
    @usableFromInline var output: _SerialOutput<Element>

    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
    init(policy: Operator, downstream: AnyObserver<Element>) {
      machine = _SequentialStateMachine(policy: policy)
      output = _SerialOutput(downstream)
    }
  }

  @usableFromInline
  internal let state: _Mutex<State>
  @usableFromInline
  internal let lifetime: _Lifetime
  /// What only subscribe-loop steps and pauses use, outside the lock.
  @usableFromInline
  internal let context: Operator.Context
  @usableFromInline
  internal let loop = _SubscribeLoop()
  @usableFromInline
  internal let resource: _ResourceToken

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(
    policy: Operator, context: Operator.Context, downstream: AnyObserver<Element>,
    lifetime: _Lifetime
  ) {
    state = _Mutex(State(policy: policy, downstream: downstream))
    self.context = context
    self.lifetime = lifetime
    resource = _ResourceToken(inheriting: lifetime.resource)
  }

  /// Subscribes the first source.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func start() {
    loop.run { subscribeNext() }
  }

  /// One subscribe-loop step.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func subscribeNext() {
    guard !lifetime.isDisposed else { return }
    let found: Observable<Element>?
    switch Operator.look(in: context) {
    case .source(let source):
      found = source
    case .held, .context:
      found = nil
    case .exhausted(let nested):
      let pending = state.withLock { state in
        state.machine.sourcesExhausted(nested: nested).flatMap {
          state.output.send($0.event(replacing: .completed))
        }
      }
      deliver(pending)
      return
    }
    let child = _Lifetime(inheriting: lifetime)
    let action = state.withLock { $0.machine.sourceStarting(lifetime: child) }
    guard case .subscribe(let id, let held) = action else { return }
    let observer = AnyObserver { event in self.sourceEvent(event, id: id) }
    if let found {
      found._subscribe(observer, child)
    } else if let held {
      held._subscribe(observer, child)
    } else if let source = context as? Observable<Element> {
      source._subscribe(observer, child)
    }
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func sourceEvent(_ event: Event<Element>, id: UInt64) {
    if case .next = event {
      let pending = state.withLock { state in
        state.machine.elementArrived(id: id) == .forward ? state.output.send(event) : nil
      }
      deliver(pending)
      return
    }
    let (action, pending) = state.withLock {
      state -> (_SequentialStateMachine<Operator>.TerminationAction, _PendingOutput<Element>?) in
      let action: _SequentialStateMachine<Operator>.TerminationAction
      if case .error(let error) = event {
        action = state.machine.sourceFailed(id: id, error)
      } else {
        action = state.machine.sourceCompleted(id: id)
      }
      guard case .end(let ending) = action else { return (action, nil) }
      return (action, state.output.send(ending.event(replacing: event)))
    }
    deliver(pending)
    switch action {
    case .disposeAndSubscribeNext(let finished):
      finished.dispose()
      loop.run { subscribeNext() }
    case .disposeAndPause(let finished, let pause):
      finished.dispose()
      Operator.paused(pause, context: context, storage: self)
    case .end, .none:
      break
    }
  }

  /// Ends a pause with the next source: `update` prepares the policy under the lock, then a
  /// subscribe-loop step runs.
  ///
  /// - Parameter update: Changes the policy before the step (a `catch` fallback to adopt).
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func resume(_ update: (inout Operator) -> Void = { _ in }) {
    let action = state.withLock { $0.machine.resumed(update) }
    guard action == .subscribeNext else { return }
    loop.run { subscribeNext() }
  }

  /// Ends the result as `ending` if a pause is on, else tells the policy.
  ///
  /// - Parameter ending: How the result ends; `.forward` is not meaningful here.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func endPause(_ ending: _SequentialEnding) {
    let pending = state.withLock { state in
      state.machine.pauseEnded(ending)
        ? state.output.send(ending.event(replacing: .completed)) : nil
    }
    deliver(pending)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func deliver(_ pending: _PendingOutput<Element>?) {
    guard let pending else { return }
    _drainOutput(pending, lifetime: lifetime) { state.withLock { $0.output.next() } }
  }

  /// Disposes the running source and releases what the policy held.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func dispose() {
    let (disposal, released) = state.withLock { state in
      (state.machine.disposed(), state.output.cancel())
    }
    disposal.lifetime?.dispose()
    _ = (disposal.released, released)
  }
}

extension _SequentialEnding {
  /// The terminal event this ending sends.
  ///
  /// - Parameter event: The running source's terminal event, which `.forward` sends.
  /// - Returns: The event to send downstream.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func event<Element>(replacing event: Event<Element>) -> Event<Element> {
    switch self {
    case .forward: return event
    case .complete: return .completed
    case .fail(let error): return .error(error)
    }
  }
}
