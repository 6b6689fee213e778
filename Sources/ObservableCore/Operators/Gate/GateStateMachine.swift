/// What makes `take(until:)` and `skip(until:)` differ: whether the gate starts open, and
/// which sequence is subscribed first.
///
/// Not public API.
@usableFromInline
internal protocol _GatePolicy: Sendable {
  /// Whether the source's events pass until the other sequence emits (`take(until:)`), rather
  /// than only after it (`skip(until:)`).
  static var startsOpen: Bool { get }
}

/// The pure logic of `take(until:)` and `skip(until:)`: the source passes through a gate that
/// the other sequence's first element flips.
///
/// Not public API.
///
/// An open gate (`take(until:)`) closes for good on the other sequence's first element, which
/// completes the result; a closed one (`skip(until:)`) opens, and the subscription to the other
/// sequence ends. Until then, the other sequence's error fails the result, and its completion
/// only ends the subscription to it. A source that completes while the gate is closed ends the
/// subscription without any event, as in RxSwift.
@usableFromInline
internal struct _GateStateMachine<Policy: _GatePolicy>: Sendable {
  @usableFromInline
  internal enum State: Sendable {
    /// The other sequence has not emitted; the gate is as the policy starts it.
    case waiting
    /// The other sequence emitted and opened the gate (`skip(until:)`).
    case opened
    /// A terminal event was sent, or the subscription was disposed.
    case finished
  }

  /// What to do with a source event.
  @usableFromInline
  internal enum SourceAction: Equatable, Sendable {
    /// Send it downstream.
    case forward
    /// Drop it.
    case drop
    /// End the subscription without an event (the source completed before the gate opened).
    case stopSilently
  }

  /// What to do with an event of the other sequence.
  @usableFromInline
  internal enum OtherAction: Equatable, Sendable {
    /// Complete the result.
    case complete
    /// Fail the result with the other sequence's error.
    case fail
    /// Dispose the subscription to the other sequence (it completed, or opened the gate).
    case disposeOther
    /// Nothing.
    case none
  }

  @usableFromInline
  internal var state = State.waiting

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init() {}

  /// Whether the source's events pass.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal var isOpen: Bool {
    switch state {
    case .waiting: return Policy.startsOpen
    case .opened: return true
    case .finished: return false
    }
  }

  /// The source produced an element.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func sourceElementArrived() -> SourceAction {
    isOpen ? .forward : .drop
  }

  /// The source completed (`failed` is `false`) or failed.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func sourceTerminated(failed: Bool) -> SourceAction {
    guard state != .finished else { return .drop }
    defer { state = .finished }
    return isOpen || failed ? .forward : .stopSilently
  }

  /// The other sequence produced an element.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func otherElementArrived() -> OtherAction {
    guard case .waiting = state else { return .none }
    if Policy.startsOpen {
      state = .finished
      return .complete
    }
    state = .opened
    return .disposeOther
  }

  /// The other sequence failed.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func otherFailed() -> OtherAction {
    guard case .waiting = state else { return .none }
    state = .finished
    return .fail
  }

  /// The other sequence completed.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func otherCompleted() -> OtherAction {
    guard case .waiting = state else { return .none }
    return .disposeOther
  }

  /// The subscription was disposed.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func disposed() {
    state = .finished
  }
}
