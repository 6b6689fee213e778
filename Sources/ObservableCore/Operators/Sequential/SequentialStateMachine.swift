/// The pure logic shared by `concat`, `catch(sequence:)`, `catch`, `retry` and `retry(when:)`:
/// one source at a time, and, when it terminates, a policy decides what comes next.
///
/// Not public API.
///
/// The storage asks its subscribe loop for a step at the start and whenever the policy says
/// `next`; a step reports what it found with ``sourceStarting(lifetime:)`` or
/// ``sourcesExhausted(nested:)``. Events carry the
/// id of the source that sent them, so anything a finished source still sends is dropped. A
/// policy may also pause the machine after a failure (a `catch` handler runs, a `retry(when:)`
/// trigger is awaited); ``resumed(_:)`` or ``pauseEnded(_:)`` then says how it goes on.
///
/// Generic over the policy so that it specializes per operator and can be tested with plain
/// policies.
@usableFromInline
internal struct _SequentialStateMachine<Policy: _SequentialPolicy> {
  @usableFromInline
  internal enum State: Sendable {
    /// Between sources: a subscribe-loop step is due.
    case idle(nextID: UInt64)
    /// Source `id` runs within `lifetime`.
    case active(id: UInt64, lifetime: _Lifetime)
    /// The policy decides outside the lock what follows the last source.
    case paused(nextID: UInt64)
    /// A terminal event was sent; `lifetime` is still to be disposed.
    case finished(lifetime: _Lifetime?)
    case disposed
  }

  /// What a subscribe-loop step does.
  @usableFromInline
  internal enum StartAction: Sendable {
    /// Subscribe the source (the one found, or else `held`) within the lifetime passed in,
    /// tagging its events with `id`.
    case subscribe(id: UInt64, held: Observable<Policy.Element>?)
    /// Nothing: the result has terminated.
    case none
  }

  /// What to do with a source's element.
  @usableFromInline
  internal enum EventAction: Equatable, Sendable {
    /// Send it downstream.
    case forward
    /// Drop it.
    case drop
  }

  /// What to do when a source terminates.
  @usableFromInline
  internal enum TerminationAction: Sendable {
    /// End the result; the source's lifetime is disposed with the result's.
    case end(_SequentialEnding)
    /// Dispose the finished source's lifetime and run a subscribe-loop step.
    case disposeAndSubscribeNext(_Lifetime)
    /// Dispose the finished source's lifetime and hand `pause` to the policy.
    case disposeAndPause(_Lifetime, Policy.Pause)
    /// Nothing: a stale source, or the result has terminated.
    case none
  }

  /// What to do when a pause ends.
  @usableFromInline
  internal enum ResumeAction: Equatable, Sendable {
    /// Run a subscribe-loop step.
    case subscribeNext
    /// Nothing: the machine was not paused.
    case none
  }

  @usableFromInline
  internal var state = State.idle(nextID: 0)
  /// The operator's policy; the storage may update it while resuming.
  @usableFromInline
  internal var policy: Policy

  /// Creates the machine with `policy`.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(policy: Policy) {
    self.policy = policy
  }

  /// A subscribe-loop step is about to subscribe a source within `lifetime`.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func sourceStarting(lifetime: _Lifetime) -> StartAction {
    switch state {
    case .idle(let id):
      state = .active(id: id, lifetime: lifetime)
      return .subscribe(id: id, held: policy.sourceStarting())
    case .active, .paused:
      preconditionFailure("Internal inconsistency: a source started while one runs")
    case .finished, .disposed:
      return .none
    }
  }

  /// A subscribe-loop step found no source left (`nested`: in a nested operator).
  ///
  /// - Returns: How the result ends, or `nil` if it has already terminated.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func sourcesExhausted(nested: Bool) -> _SequentialEnding? {
    switch state {
    case .idle:
      state = .finished(lifetime: nil)
      return policy.sourcesExhausted(nested: nested)
    case .active, .paused:
      preconditionFailure("Internal inconsistency: sources ran out while one runs")
    case .finished, .disposed:
      return nil
    }
  }

  /// Source `id` produced an element.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func elementArrived(id: UInt64) -> EventAction {
    guard case .active(let activeID, _) = state, activeID == id else { return .drop }
    return .forward
  }

  /// Source `id` completed (`failure` is `nil`) or failed with `failure`.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func sourceTerminated(id: UInt64, failure: (any Swift.Error)?)
    -> TerminationAction
  {
    if let failure { return sourceFailed(id: id, failure) }
    return sourceCompleted(id: id)
  }

  /// Source `id` completed.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func sourceCompleted(id: UInt64) -> TerminationAction {
    guard case .active(let activeID, let lifetime) = state, activeID == id else { return .none }
    return decided(policy.sourceCompleted(), id: id, lifetime: lifetime)
  }

  /// Source `id` failed with `error`.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func sourceFailed(id: UInt64, _ error: any Swift.Error) -> TerminationAction {
    guard case .active(let activeID, let lifetime) = state, activeID == id else { return .none }
    return decided(policy.sourceFailed(error), id: id, lifetime: lifetime)
  }

  /// Moves on from source `id`, which ran within `lifetime`, as the policy decided.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  @inline(__always)
  internal mutating func decided(
    _ decision: _SequentialDecision<Policy.Pause>, id: UInt64, lifetime: _Lifetime
  ) -> TerminationAction {
    switch decision {
    case .end(let ending):
      state = .finished(lifetime: lifetime)
      return .end(ending)
    case .next:
      state = .idle(nextID: id &+ 1)
      return .disposeAndSubscribeNext(lifetime)
    case .pause(let pause):
      state = .paused(nextID: id &+ 1)
      return .disposeAndPause(lifetime, pause)
    }
  }

  /// The policy ended a pause and wants the next source; `update` runs on it first.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func resumed(_ update: (inout Policy) -> Void) -> ResumeAction {
    guard case .paused(let id) = state else { return .none }
    update(&policy)
    state = .idle(nextID: id)
    return .subscribeNext
  }

  /// Something outside the sources (a handler that threw, a trigger that ended) ends the
  /// result as `ending`.
  ///
  /// - Returns: Whether to send `ending` now: only during a pause. Otherwise the policy is
  ///   told (it may remember it for later) and nothing is sent.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func pauseEnded(_ ending: _SequentialEnding) -> Bool {
    switch state {
    case .paused:
      state = .finished(lifetime: nil)
      return true
    case .idle, .active:
      policy.endedWhileRunning(ending)
      return false
    case .finished, .disposed:
      return false
    }
  }

  /// The subscription was disposed.
  ///
  /// - Returns: The running source's lifetime, to dispose, and what the policy let go of, to
  ///   release after the lock.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func disposed() -> (lifetime: _Lifetime?, released: Policy.Released) {
    let released = policy.released()
    switch state {
    case .active(_, let lifetime), .finished(let lifetime?):
      state = .disposed
      return (lifetime, released)
    case .idle, .paused, .finished(nil), .disposed:
      state = .disposed
      return (nil, released)
    }
  }
}

extension _SequentialStateMachine: Sendable where Policy: Sendable {}
