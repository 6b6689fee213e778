import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The logic of ``ObservableType/buffer(timeSpan:count:scheduler:)`` on the time-driven engine,
/// without locks or side effects.
///
/// Not public API.
///
/// Each buffer has a generation; only the timer of the current generation may emit it. As in
/// RxSwift, the first window's timer starts when the subscription does, a buffer is emitted when
/// it is full or its window ends (even empty), and the next window's timer starts only once the
/// buffer was delivered.
@usableFromInline
internal struct _BufferStateMachine<Element: Sendable>: _TimeDrivenStateMachine {
  @usableFromInline
  internal enum State {
    /// Collecting `buffer`, whose timer has generation `generation`.
    case running(buffer: [Element], generation: UInt64)
    /// Terminated or disposed.
    case finished
  }

  /// The result's elements are the buffers.
  @usableFromInline
  internal typealias Output = [Element]

  @usableFromInline
  internal typealias Action = _TimeDrivenAction<[Element], [Element]>

  @usableFromInline let timeSpan: RxTimeInterval
  @usableFromInline let count: Int
  @usableFromInline var state: State = .running(buffer: [], generation: 0)

  /// Creates the state machine of one subscription.
  ///
  /// - Parameters:
  ///   - timeSpan: The length of a window.
  ///   - count: The most elements a buffer holds, at least one.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(timeSpan: RxTimeInterval, count: Int) {
    self.timeSpan = timeSpan
    self.count = count
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal static var readsClock: Bool { false }

  /// The next window's timer starts once the full buffer was delivered, as in RxSwift.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal static var startsTimerAfterDelivery: Bool { true }

  /// The subscription started: the first window's timer starts.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func subscribed() -> (generation: UInt64, delay: RxTimeInterval)? {
    (0, timeSpan)
  }

  /// An element arrived from upstream: emits the buffer if that filled it.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func elementArrived(_ element: Element, now: RxTime) -> Action {
    guard case .running(var buffer, let generation) = state else { return .none }
    state = .finished
    buffer.append(element)
    guard buffer.count >= count else {
      state = .running(buffer: buffer, generation: generation)
      return .none
    }
    return startNextBuffer(emitting: buffer, after: generation)
  }

  /// The timer of `generation` fired: emits the current buffer if the timer is its own.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func timerFired(generation: UInt64, now: RxTime) -> Action {
    guard case .running(let buffer, let current) = state, current == generation else {
      return .none
    }
    return startNextBuffer(emitting: buffer, after: current)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func startNextBuffer(emitting buffer: [Element], after generation: UInt64)
    -> Action
  {
    let next = generation &+ 1
    state = .running(buffer: [], generation: next)
    return .emitAndStartTimer(buffer, generation: next, delay: timeSpan)
  }

  /// Upstream completed: emits the last buffer, even empty, then completes.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func upstreamCompleted(now: RxTime) -> Action {
    guard case .running(let buffer, _) = state else { return .none }
    state = .finished
    return .emitAndComplete(buffer)
  }

  /// Upstream failed: drops the buffer, to be released after the lock.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func upstreamFailed() -> Action {
    guard case .running(let buffer, _) = state else { return .none }
    state = .finished
    return .fail(dropped: buffer)
  }

  /// The subscription was disposed.
  ///
  /// - Returns: The current buffer, to release outside the lock.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func disposed() -> [Element] {
    defer { state = .finished }
    if case .running(let buffer, _) = state { return buffer }
    return []
  }
}
