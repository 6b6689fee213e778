/// The pure logic of `skip(until:)`: drop the source's elements until the other sequence
/// emits.
///
/// Not public API.
///
/// Follows RxSwift: the other sequence's first element opens the gate (and ends the
/// subscription to it), its error fails the result, and its completion without an element
/// only ends the subscription to it. If the source completes while the gate is still closed,
/// the subscription ends without any event.
@usableFromInline
internal struct _SkipUntilStateMachine: Sendable {
  private enum State {
    case skipping
    case forwarding
    /// A terminal event was sent, or the subscription was disposed.
    case finished
  }

  /// What to do with a source element.
  @usableFromInline
  internal enum ElementAction: Equatable {
    /// Send it downstream.
    case forward
    /// Drop it.
    case drop
  }

  /// What to do with a source's terminal event.
  @usableFromInline
  internal enum TerminationAction: Equatable {
    /// Send it downstream.
    case forward
    /// End the subscription without an event (the source completed before the gate opened).
    case stopSilently
    /// Nothing.
    case none
  }

  /// What to do with an event of the other sequence.
  @usableFromInline
  internal enum OtherAction: Equatable {
    /// Open the gate and dispose the subscription to the other sequence.
    case startForwardingAndDisposeOther
    /// Fail the result with the other sequence's error.
    case fail
    /// Dispose the subscription to the other sequence, which has completed.
    case disposeOther
    /// Nothing.
    case none
  }

  private var state = State.skipping

  @usableFromInline
  internal init() {}

  /// The source produced an element.
  @usableFromInline
  internal func sourceElementArrived() -> ElementAction {
    guard case .forwarding = state else { return .drop }
    return .forward
  }

  /// The source completed.
  @usableFromInline
  internal mutating func sourceCompleted() -> TerminationAction {
    switch state {
    case .forwarding:
      state = .finished
      return .forward
    case .skipping:
      state = .finished
      return .stopSilently
    case .finished:
      return .none
    }
  }

  /// The source failed.
  @usableFromInline
  internal mutating func sourceFailed() -> TerminationAction {
    switch state {
    case .skipping, .forwarding:
      state = .finished
      return .forward
    case .finished:
      return .none
    }
  }

  /// The other sequence produced an element.
  @usableFromInline
  internal mutating func otherElementArrived() -> OtherAction {
    guard case .skipping = state else { return .none }
    state = .forwarding
    return .startForwardingAndDisposeOther
  }

  /// The other sequence failed.
  @usableFromInline
  internal mutating func otherFailed() -> OtherAction {
    guard case .skipping = state else { return .none }
    state = .finished
    return .fail
  }

  /// The other sequence completed.
  @usableFromInline
  internal func otherCompleted() -> OtherAction {
    guard case .skipping = state else { return .none }
    return .disposeOther
  }

  /// The subscription was disposed.
  @usableFromInline
  internal mutating func disposed() {
    state = .finished
  }
}
