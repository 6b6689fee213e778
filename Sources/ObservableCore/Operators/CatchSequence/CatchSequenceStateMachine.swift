/// The pure logic of `catch(sequence:)`: one source at a time, the next one after each
/// failure, until one completes.
///
/// Not public API.
///
/// The storage asks its subscribe loop for a step at the start and after each failure; a step
/// takes the next source and reports it with ``sourceStarting(lifetime:)``, or reports that
/// none is left with ``sourcesExhausted()``. The machine remembers the last failure, which
/// ends the result when the sources run out. Events carry the id of the source that sent them,
/// so anything a finished source still sends is dropped.
///
/// Generic over the error type so that it can be tested with plain values.
@usableFromInline
internal struct _CatchSequenceStateMachine<Failure> {
  private enum State {
    /// Between sources: a subscribe-loop step is due.
    case idle(nextID: UInt64)
    /// Source `id` runs within `lifetime`.
    case active(id: UInt64, lifetime: _Lifetime)
    /// A terminal event was sent; `lifetime` is still to be disposed.
    case finished(lifetime: _Lifetime?)
    case disposed
  }

  /// What to do with the next source.
  @usableFromInline
  internal enum StartAction: Equatable {
    /// Subscribe it within the lifetime passed in, tagging its events with `id`.
    case subscribe(id: UInt64)
    /// The result has terminated: drop it.
    case discard
  }

  /// What to do when no source is left, or a nested `catch(sequence:)` had none.
  @usableFromInline
  internal enum ExhaustedAction {
    /// Complete the result: no source failed, so none was tried.
    case complete
    /// Fail the result with the last source's error.
    case fail(Failure)
    /// Nothing: the result has already terminated.
    case none
  }

  /// What to do with a source's element or completion.
  @usableFromInline
  internal enum EventAction: Equatable {
    /// Send it downstream.
    case forward
    /// Drop it.
    case drop
  }

  /// What to do when a source fails.
  @usableFromInline
  internal enum FailureAction {
    /// Dispose the failed source's lifetime and run a subscribe-loop step.
    case disposeAndSubscribeNext(_Lifetime)
    /// Nothing.
    case none
  }

  private var state = State.idle(nextID: 0)
  private var lastFailure: Failure?

  @usableFromInline
  internal init() {}

  /// A subscribe-loop step is about to subscribe the next source within `lifetime`.
  @usableFromInline
  internal mutating func sourceStarting(lifetime: _Lifetime) -> StartAction {
    switch state {
    case .idle(let id):
      state = .active(id: id, lifetime: lifetime)
      return .subscribe(id: id)
    case .active:
      preconditionFailure("Internal inconsistency: catch started a source while one runs")
    case .finished, .disposed:
      return .discard
    }
  }

  /// A subscribe-loop step found no source left.
  @usableFromInline
  internal mutating func sourcesExhausted() -> ExhaustedAction {
    switch state {
    case .idle:
      state = .finished(lifetime: nil)
      defer { lastFailure = nil }
      return lastFailure.map { .fail($0) } ?? .complete
    case .active:
      preconditionFailure("Internal inconsistency: catch ran out of sources while one runs")
    case .finished, .disposed:
      return .none
    }
  }

  /// A subscribe-loop step found a nested `catch(sequence:)` without sources, which would
  /// have completed had it been subscribed.
  @usableFromInline
  internal mutating func emptySourceFound() -> ExhaustedAction {
    switch state {
    case .idle:
      state = .finished(lifetime: nil)
      return .complete
    case .active:
      preconditionFailure("Internal inconsistency: catch found a source while one runs")
    case .finished, .disposed:
      return .none
    }
  }

  /// Source `id` produced an element.
  @usableFromInline
  internal func elementArrived(id: UInt64) -> EventAction {
    guard case .active(let activeID, _) = state, activeID == id else { return .drop }
    return .forward
  }

  /// Source `id` completed.
  @usableFromInline
  internal mutating func sourceCompleted(id: UInt64) -> EventAction {
    guard case .active(let activeID, let lifetime) = state, activeID == id else { return .drop }
    state = .finished(lifetime: lifetime)
    return .forward
  }

  /// Source `id` failed with `failure`.
  @usableFromInline
  internal mutating func sourceFailed(id: UInt64, _ failure: Failure) -> FailureAction {
    guard case .active(let activeID, let lifetime) = state, activeID == id else { return .none }
    state = .idle(nextID: id &+ 1)
    lastFailure = failure
    return .disposeAndSubscribeNext(lifetime)
  }

  /// The subscription was disposed.
  ///
  /// - Returns: The running source's lifetime, to dispose, and the last failure, to release
  ///   after the lock.
  @usableFromInline
  internal mutating func disposed() -> (lifetime: _Lifetime?, released: Failure?) {
    let released = lastFailure
    lastFailure = nil
    switch state {
    case .active(_, let lifetime), .finished(let lifetime?):
      state = .disposed
      return (lifetime, released)
    case .idle, .finished(nil):
      state = .disposed
      return (nil, released)
    case .disposed:
      return (nil, released)
    }
  }
}

extension _CatchSequenceStateMachine: Sendable where Failure: Sendable {}
