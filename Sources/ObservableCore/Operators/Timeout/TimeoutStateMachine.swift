/// The logic of ``ObservableType/timeout(_:other:scheduler:)``, without locks or side effects.
///
/// Not public API.
///
/// Every element starts a new timer generation; the timer of the current generation switches
/// to the other sequence, after which the source's events are ignored.
@usableFromInline
internal struct _TimeoutStateMachine {
  @usableFromInline
  internal enum State {
    /// Forwarding the source; the timer of `generation` is the current one.
    case watching(generation: UInt64)
    /// Forwarding the other sequence.
    case switched
    /// Terminated or disposed.
    case finished
  }

  @usableFromInline
  internal var state: State = .watching(generation: 0)

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init() {}

  /// What to do with an event from the source.
  @usableFromInline
  internal enum SourceAction {
    /// Forward an element, then start the timer of this generation.
    case forwardAndRestartTimer(generation: UInt64)
    /// Forward the terminal event.
    case forwardTerminal
    /// Drop it: the timeout already fired, or the sequence has finished.
    case none
  }

  /// An element arrived from the source.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func elementArrived() -> SourceAction {
    guard case .watching(let generation) = state else { return .none }
    let next = generation &+ 1
    state = .watching(generation: next)
    return .forwardAndRestartTimer(generation: next)
  }

  /// The source terminated.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func sourceTerminated() -> SourceAction {
    guard case .watching = state else { return .none }
    state = .finished
    return .forwardTerminal
  }

  /// What to do when a timer fired.
  @usableFromInline
  internal enum TimerAction {
    /// Dispose the source subscription and subscribe the other sequence.
    case switchToOther
    /// Nothing: the timer is stale.
    case none
  }

  /// The timer of `generation` fired.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func timerFired(generation: UInt64) -> TimerAction {
    guard case .watching(let current) = state, current == generation else { return .none }
    state = .switched
    return .switchToOther
  }

  /// An event arrived from the other sequence.
  ///
  /// - Returns: Whether to forward it.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func otherEvent(isTerminal: Bool) -> Bool {
    guard case .switched = state else { return false }
    if isTerminal { state = .finished }
    return true
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
