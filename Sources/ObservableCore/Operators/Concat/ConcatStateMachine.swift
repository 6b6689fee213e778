/// The pure logic of `concat`: one source at a time, the next one after each completion.
///
/// Not public API.
///
/// The storage asks its subscribe loop for a step at the start and after each completion; a
/// step takes the next source and reports it with ``sourceStarting(lifetime:)``, or reports
/// that none is left with ``sourcesExhausted()``. Events carry the id of the source that sent
/// them, so anything a finished source still sends is dropped.
@usableFromInline
internal struct _ConcatStateMachine: Sendable {
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

  /// What to do when no source is left.
  @usableFromInline
  internal enum ExhaustedAction: Equatable {
    /// Complete the result.
    case complete
    /// Nothing: the result has already terminated.
    case none
  }

  /// What to do with a source's element or error.
  @usableFromInline
  internal enum EventAction: Equatable {
    /// Send it downstream.
    case forward
    /// Drop it.
    case drop
  }

  /// What to do when a source completes.
  @usableFromInline
  internal enum CompletionAction {
    /// Dispose the finished source's lifetime and run a subscribe-loop step.
    case disposeAndSubscribeNext(_Lifetime)
    /// Nothing.
    case none
  }

  private var state = State.idle(nextID: 0)

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
      preconditionFailure("Internal inconsistency: concat started a source while one runs")
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
      return .complete
    case .active:
      preconditionFailure("Internal inconsistency: concat ran out of sources while one runs")
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

  /// Source `id` failed.
  @usableFromInline
  internal mutating func sourceFailed(id: UInt64) -> EventAction {
    guard case .active(let activeID, let lifetime) = state, activeID == id else { return .drop }
    state = .finished(lifetime: lifetime)
    return .forward
  }

  /// Source `id` completed.
  @usableFromInline
  internal mutating func sourceCompleted(id: UInt64) -> CompletionAction {
    guard case .active(let activeID, let lifetime) = state, activeID == id else { return .none }
    state = .idle(nextID: id &+ 1)
    return .disposeAndSubscribeNext(lifetime)
  }

  /// The subscription was disposed.
  ///
  /// - Returns: The running source's lifetime, to dispose.
  @usableFromInline
  internal mutating func disposed() -> _Lifetime? {
    switch state {
    case .active(_, let lifetime):
      state = .disposed
      return lifetime
    case .finished(let lifetime):
      state = .disposed
      return lifetime
    case .idle:
      state = .disposed
      return nil
    case .disposed:
      return nil
    }
  }
}
