/// The pure logic of `retry()` and `retry(_:)`: resubscribe after an error while attempts
/// remain.
///
/// Not public API.
///
/// Each subscription to the source is one attempt. A subscribe-loop step starts an attempt;
/// an error with attempts left asks for another step.
@usableFromInline
internal struct _RetryStateMachine: Sendable {
  private enum State {
    /// A subscribe-loop step is due.
    case idle(nextID: UInt64)
    /// Attempt `id` runs within `lifetime`.
    case active(id: UInt64, lifetime: _Lifetime)
    /// A terminal event was sent; `lifetime` is still to be disposed.
    case finished(lifetime: _Lifetime?)
    case disposed
  }

  /// What a subscribe-loop step does.
  @usableFromInline
  internal enum SubscribeAction: Equatable {
    /// Subscribe the source within the lifetime passed in, tagging its events with `id`.
    case subscribe(id: UInt64)
    /// Nothing: the result has terminated.
    case none
  }

  /// What to do with an element or a completion.
  @usableFromInline
  internal enum EventAction: Equatable {
    /// Send it downstream.
    case forward
    /// Drop it.
    case drop
  }

  /// What to do when the source fails.
  @usableFromInline
  internal enum FailureAction {
    /// Dispose the failed attempt's lifetime and run a subscribe-loop step.
    case disposeAndRetry(_Lifetime)
    /// No attempt is left: fail the result.
    case fail
    /// Nothing.
    case drop
  }

  private var state = State.idle(nextID: 0)
  /// Attempts not yet started; `nil` for unlimited.
  private var attemptsLeft: Int?

  /// Creates the machine for at most `maxAttempts` subscriptions (`nil`: unlimited).
  @usableFromInline
  internal init(maxAttempts: Int?) {
    attemptsLeft = maxAttempts
  }

  /// A subscribe-loop step runs; the attempt would run within `lifetime`.
  @usableFromInline
  internal mutating func subscribeRequested(lifetime: _Lifetime) -> SubscribeAction {
    switch state {
    case .idle(let id):
      if let left = attemptsLeft { attemptsLeft = left - 1 }
      state = .active(id: id, lifetime: lifetime)
      return .subscribe(id: id)
    case .active:
      preconditionFailure("Internal inconsistency: retry asked to subscribe while one runs")
    case .finished, .disposed:
      return .none
    }
  }

  /// Attempt `id` produced an element.
  @usableFromInline
  internal func elementArrived(id: UInt64) -> EventAction {
    guard case .active(let activeID, _) = state, activeID == id else { return .drop }
    return .forward
  }

  /// Attempt `id` completed.
  @usableFromInline
  internal mutating func sourceCompleted(id: UInt64) -> EventAction {
    guard case .active(let activeID, let lifetime) = state, activeID == id else { return .drop }
    state = .finished(lifetime: lifetime)
    return .forward
  }

  /// Attempt `id` failed.
  @usableFromInline
  internal mutating func sourceFailed(id: UInt64) -> FailureAction {
    guard case .active(let activeID, let lifetime) = state, activeID == id else { return .drop }
    if let left = attemptsLeft, left <= 0 {
      state = .finished(lifetime: lifetime)
      return .fail
    }
    state = .idle(nextID: id &+ 1)
    return .disposeAndRetry(lifetime)
  }

  /// The subscription was disposed.
  ///
  /// - Returns: The running attempt's lifetime, to dispose.
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
