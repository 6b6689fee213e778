/// The logic of ``ObservableType/debounce(_:scheduler:)``, without locks or side effects.
///
/// Not public API.
///
/// Every element starts a new timer generation; only the timer of the latest generation may
/// emit.
@usableFromInline
internal struct _DebounceStateMachine<Element> {
  @usableFromInline
  internal enum State {
    /// Subscribed; `latest` waits for the timer of `generation`.
    case running(latest: Element?, generation: UInt64)
    /// Terminated or disposed.
    case finished
  }

  @usableFromInline
  internal var state: State = .running(latest: nil, generation: 0)

  @inlinable
  internal init() {}

  /// What to do after an element arrived.
  @usableFromInline
  internal enum ElementAction {
    /// Start a timer of this generation, replacing the previous one.
    case startTimer(generation: UInt64)
    /// Nothing: the sequence has finished.
    case none
  }

  /// An element arrived from upstream.
  @inlinable
  internal mutating func elementArrived(_ element: Element) -> ElementAction {
    switch state {
    case .running(_, let generation):
      let next = generation &+ 1
      state = .running(latest: element, generation: next)
      return .startTimer(generation: next)
    case .finished:
      return .none
    }
  }

  /// What to do when a timer fired.
  @usableFromInline
  internal enum TimerAction {
    /// Emit the element.
    case emit(Element)
    /// Nothing: the timer is stale, or nothing is pending.
    case none
  }

  /// The timer of `generation` fired.
  @inlinable
  internal mutating func timerFired(generation: UInt64) -> TimerAction {
    switch state {
    case .running(let latest?, let current) where current == generation:
      state = .running(latest: nil, generation: current)
      return .emit(latest)
    case .running, .finished:
      return .none
    }
  }

  /// What to do when upstream completed.
  @usableFromInline
  internal enum CompletionAction {
    /// Emit the pending element, if any, then complete.
    case flushAndComplete(Element?)
    /// Nothing: the sequence has finished.
    case none
  }

  /// Upstream completed.
  @inlinable
  internal mutating func upstreamCompleted() -> CompletionAction {
    switch state {
    case .running(let latest, _):
      state = .finished
      return .flushAndComplete(latest)
    case .finished:
      return .none
    }
  }

  /// What to do when upstream failed.
  @usableFromInline
  internal enum FailureAction {
    /// Drop the pending element and forward the error.
    case fail
    /// Nothing: the sequence has finished.
    case none
  }

  /// Upstream failed.
  @inlinable
  internal mutating func upstreamFailed() -> FailureAction {
    switch state {
    case .running:
      state = .finished
      return .fail
    case .finished:
      return .none
    }
  }

  /// The subscription was disposed.
  ///
  /// - Returns: The pending element, to release outside the lock.
  @inlinable
  internal mutating func disposed() -> Element? {
    defer { state = .finished }
    if case .running(let latest, _) = state { return latest }
    return nil
  }
}
