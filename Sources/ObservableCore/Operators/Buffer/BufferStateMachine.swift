/// The logic of ``ObservableType/buffer(timeSpan:count:scheduler:)``, without locks or side
/// effects.
///
/// Not public API.
///
/// Each buffer has a generation; only the timer of the current generation may emit it.
@usableFromInline
internal struct _BufferStateMachine<Element> {
  @usableFromInline
  internal enum State {
    /// Collecting `buffer`, whose timer has generation `generation`.
    case running(buffer: [Element], generation: UInt64)
    /// Terminated or disposed.
    case finished
  }

  @usableFromInline let count: Int
  @usableFromInline var state: State = .running(buffer: [], generation: 0)

  @inlinable
  internal init(count: Int) {
    self.count = count
  }

  /// What to do after an element arrived or a timer fired.
  @usableFromInline
  internal enum Action {
    /// Emit the buffer, then start the timer of the next buffer.
    case emit([Element], nextGeneration: UInt64)
    /// Nothing.
    case none
  }

  /// An element arrived from upstream.
  @inlinable
  internal mutating func elementArrived(_ element: Element) -> Action {
    guard case .running(var buffer, let generation) = state else { return .none }
    state = .finished
    buffer.append(element)
    guard buffer.count >= count else {
      state = .running(buffer: buffer, generation: generation)
      return .none
    }
    return startNextBuffer(emitting: buffer, after: generation)
  }

  /// The timer of `generation` fired.
  @inlinable
  internal mutating func timerFired(generation: UInt64) -> Action {
    guard case .running(let buffer, let current) = state, current == generation else {
      return .none
    }
    return startNextBuffer(emitting: buffer, after: current)
  }

  @inlinable
  internal mutating func startNextBuffer(emitting buffer: [Element], after generation: UInt64)
    -> Action
  {
    let next = generation &+ 1
    state = .running(buffer: [], generation: next)
    return .emit(buffer, nextGeneration: next)
  }

  /// What to do when upstream terminated.
  @usableFromInline
  internal enum TerminalAction {
    /// Emit the last buffer, then complete.
    case emitAndComplete([Element])
    /// Drop the buffer and forward the error.
    case fail
    /// Nothing: the sequence has finished.
    case none
  }

  /// Upstream completed.
  @inlinable
  internal mutating func upstreamCompleted() -> TerminalAction {
    guard case .running(let buffer, _) = state else { return .none }
    state = .finished
    return .emitAndComplete(buffer)
  }

  /// Upstream failed.
  @inlinable
  internal mutating func upstreamFailed() -> TerminalAction {
    guard case .running = state else { return .none }
    state = .finished
    return .fail
  }

  /// The subscription was disposed.
  ///
  /// - Returns: The current buffer, to release outside the lock.
  @inlinable
  internal mutating func disposed() -> [Element] {
    defer { state = .finished }
    if case .running(let buffer, _) = state { return buffer }
    return []
  }
}
