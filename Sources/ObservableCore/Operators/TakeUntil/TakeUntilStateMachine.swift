/// The pure logic of `take(until:)`: mirror the source until the other sequence emits.
///
/// Not public API.
///
/// The other sequence's first element completes the result and its error fails it; its
/// completion only ends the subscription to it, and the source goes on.
@usableFromInline
internal struct _TakeUntilStateMachine: Sendable {
  private enum State {
    case running
    /// A terminal event was sent, or the subscription was disposed.
    case finished
  }

  /// What to do with a source event.
  @usableFromInline
  internal enum SourceAction: Equatable {
    /// Send it downstream.
    case forward
    /// Drop it.
    case drop
  }

  /// What to do with an event of the other sequence.
  @usableFromInline
  internal enum OtherAction: Equatable {
    /// Complete the result.
    case complete
    /// Fail the result with the other sequence's error.
    case fail
    /// Dispose the subscription to the other sequence, which has completed.
    case disposeOther
    /// Nothing.
    case none
  }

  private var state = State.running

  @usableFromInline
  internal init() {}

  /// The source sent an event, terminal (`isTerminal`) or not.
  @usableFromInline
  internal mutating func sourceEventArrived(isTerminal: Bool) -> SourceAction {
    guard case .running = state else { return .drop }
    if isTerminal { state = .finished }
    return .forward
  }

  /// The other sequence produced an element.
  @usableFromInline
  internal mutating func otherElementArrived() -> OtherAction {
    guard case .running = state else { return .none }
    state = .finished
    return .complete
  }

  /// The other sequence failed.
  @usableFromInline
  internal mutating func otherFailed() -> OtherAction {
    guard case .running = state else { return .none }
    state = .finished
    return .fail
  }

  /// The other sequence completed.
  @usableFromInline
  internal func otherCompleted() -> OtherAction {
    guard case .running = state else { return .none }
    return .disposeOther
  }

  /// The subscription was disposed.
  @usableFromInline
  internal mutating func disposed() {
    state = .finished
  }
}
