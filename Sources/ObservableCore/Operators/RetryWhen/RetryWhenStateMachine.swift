/// The pure logic of `retry(when:)`: after an error, wait for the trigger to say what next.
///
/// Not public API.
///
/// As in RxSwift, the trigger only counts while a failed attempt waits for it: an element
/// then resubscribes, a completion completes the result and an error fails it. Elements the
/// trigger sends while an attempt runs are ignored; a completion or error it sends then is
/// remembered and ends the result at the next failure (a completing attempt still completes
/// the result normally).
@usableFromInline
internal struct _RetryWhenStateMachine: Sendable {
  private enum State {
    /// A subscribe-loop step is due.
    case idle(nextID: UInt64)
    /// Attempt `id` runs within `lifetime`.
    case active(id: UInt64, lifetime: _Lifetime)
    /// The last attempt failed; the trigger decides.
    case waitingForTrigger(nextID: UInt64)
    /// A terminal event was sent; `lifetime` is still to be disposed.
    case finished(lifetime: _Lifetime?)
    case disposed
  }

  /// How the trigger ended while an attempt was running.
  private enum TriggerEnd {
    case completed
    case failed(any Swift.Error)
  }

  /// What a subscribe-loop step does.
  @usableFromInline
  internal enum SubscribeAction: Equatable {
    /// Subscribe the source within the lifetime passed in, tagging its events with `id`.
    case subscribe(id: UInt64)
    /// Nothing: the result has terminated.
    case none
  }

  /// What to do with an element or a completion of an attempt.
  @usableFromInline
  internal enum EventAction: Equatable {
    /// Send it downstream.
    case forward
    /// Drop it.
    case drop
  }

  /// What to do when an attempt fails.
  @usableFromInline
  internal enum FailureAction {
    /// Dispose the failed attempt's lifetime and send the error to the handler's errors.
    case disposeAndNotify(_Lifetime)
    /// Fail the result with the attempt's error (it is not of the handler's error type).
    case fail
    /// The trigger already completed: complete the result.
    case complete
    /// The trigger already failed: fail the result with its error.
    case failWithTriggerError(any Swift.Error)
    /// Nothing.
    case drop
  }

  /// What to do with the trigger's events.
  @usableFromInline
  internal enum TriggerAction: Equatable {
    /// Run a subscribe-loop step.
    case resubscribe
    /// Complete the result.
    case complete
    /// Fail the result with the trigger's error.
    case fail
    /// Nothing.
    case none
  }

  private var state = State.idle(nextID: 0)
  private var triggerEnd: TriggerEnd?

  @usableFromInline
  internal init() {}

  /// A subscribe-loop step runs; the attempt would run within `lifetime`.
  @usableFromInline
  internal mutating func subscribeRequested(lifetime: _Lifetime) -> SubscribeAction {
    switch state {
    case .idle(let id):
      state = .active(id: id, lifetime: lifetime)
      return .subscribe(id: id)
    case .active, .waitingForTrigger:
      preconditionFailure("Internal inconsistency: retry(when:) asked to subscribe while busy")
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

  /// Attempt `id` failed with an error that is (`isRetryable`) or is not of the handler's
  /// error type.
  @usableFromInline
  internal mutating func sourceFailed(id: UInt64, isRetryable: Bool) -> FailureAction {
    guard case .active(let activeID, let lifetime) = state, activeID == id else { return .drop }
    guard isRetryable else {
      state = .finished(lifetime: lifetime)
      return .fail
    }
    switch triggerEnd {
    case .completed:
      state = .finished(lifetime: lifetime)
      return .complete
    case .failed(let error):
      state = .finished(lifetime: lifetime)
      return .failWithTriggerError(error)
    case nil:
      state = .waitingForTrigger(nextID: id &+ 1)
      return .disposeAndNotify(lifetime)
    }
  }

  /// The trigger produced an element.
  @usableFromInline
  internal mutating func triggerElementArrived() -> TriggerAction {
    guard case .waitingForTrigger(let id) = state else { return .none }
    state = .idle(nextID: id)
    return .resubscribe
  }

  /// The trigger completed.
  @usableFromInline
  internal mutating func triggerCompleted() -> TriggerAction {
    switch state {
    case .waitingForTrigger:
      state = .finished(lifetime: nil)
      return .complete
    case .idle, .active:
      if triggerEnd == nil { triggerEnd = .completed }
      return .none
    case .finished, .disposed:
      return .none
    }
  }

  /// The trigger failed with `error`.
  @usableFromInline
  internal mutating func triggerFailed(_ error: any Swift.Error) -> TriggerAction {
    switch state {
    case .waitingForTrigger:
      state = .finished(lifetime: nil)
      return .fail
    case .idle, .active:
      if triggerEnd == nil { triggerEnd = .failed(error) }
      return .none
    case .finished, .disposed:
      return .none
    }
  }

  /// The subscription was disposed.
  ///
  /// - Returns: The running attempt's lifetime, to dispose.
  @usableFromInline
  internal mutating func disposed() -> _Lifetime? {
    defer { state = .disposed }
    switch state {
    case .active(_, let lifetime): return lifetime
    case .finished(let lifetime): return lifetime
    case .idle, .waitingForTrigger, .disposed: return nil
    }
  }
}

extension _RetryWhenStateMachine.FailureAction {
  /// Whether the action ends the result.
  @usableFromInline
  internal var isTerminal: Bool {
    switch self {
    case .fail, .complete, .failWithTriggerError: return true
    case .disposeAndNotify, .drop: return false
    }
  }
}
