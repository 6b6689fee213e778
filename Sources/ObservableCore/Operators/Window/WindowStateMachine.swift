/// The logic of ``ObservableType/window(timeSpan:count:scheduler:)``, without locks or side
/// effects.
///
/// Not public API.
///
/// Each window has a generation; only the timer of the current generation may close it.
@usableFromInline
internal struct _WindowStateMachine {
  @usableFromInline
  internal enum State {
    /// The current window holds `count` elements and has timer generation `generation`.
    case running(count: Int, generation: UInt64)
    /// Terminated or torn down.
    case finished
  }

  @usableFromInline let maxCount: Int
  @usableFromInline var state: State = .running(count: 0, generation: 0)

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(maxCount: Int) {
    self.maxCount = maxCount
  }

  /// What to do after an element arrived.
  @usableFromInline
  internal enum ElementAction {
    /// Send the element to the current window.
    case forward
    /// Send the element to the current window, close it, open the next one and start its
    /// timer.
    case forwardAndRotate(nextGeneration: UInt64)
    /// Nothing: the sequence has finished.
    case none
  }

  /// An element arrived from upstream.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func elementArrived() -> ElementAction {
    guard case .running(let count, let generation) = state else { return .none }
    guard count + 1 >= maxCount else {
      state = .running(count: count + 1, generation: generation)
      return .forward
    }
    let next = generation &+ 1
    state = .running(count: 0, generation: next)
    return .forwardAndRotate(nextGeneration: next)
  }

  /// What to do when a timer fired.
  @usableFromInline
  internal enum TimerAction {
    /// Close the current window, open the next one and start its timer.
    case rotate(nextGeneration: UInt64)
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
    guard case .running(_, let current) = state, current == generation else { return .none }
    let next = current &+ 1
    state = .running(count: 0, generation: next)
    return .rotate(nextGeneration: next)
  }

  /// Upstream completed or failed.
  ///
  /// - Returns: Whether to terminate the current window and the result.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func upstreamTerminated() -> Bool {
    guard case .running = state else { return false }
    state = .finished
    return true
  }

  /// Everything was torn down.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func tornDown() {
    state = .finished
  }
}
