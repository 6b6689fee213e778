import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The logic of ``ObservableType/throttle(_:latest:scheduler:)``, without locks or side
/// effects.
///
/// Not public API.
///
/// It follows RxSwift: an element passes if `dueTime` has passed since the last emission;
/// otherwise, with `latest`, it waits for one timer that fires when `dueTime` has passed, and a
/// newer element replaces it without starting another timer.
@usableFromInline
internal struct _ThrottleStateMachine<Element: Sendable>: _TimeDrivenStateMachine {
  @usableFromInline
  internal enum State {
    /// Subscribed. `waiting` is the element the timer of `generation` will emit, and
    /// `completed` says whether upstream completed while it waited.
    case running(waiting: Element?, lastSent: RxTime?, generation: UInt64, completed: Bool)
    /// Terminated or disposed.
    case finished
  }

  /// The result's elements are the source's.
  @usableFromInline
  internal typealias Output = Element

  @usableFromInline
  internal typealias Action = _TimeDrivenAction<Element, Element?>

  @usableFromInline let dueTime: RxTimeInterval
  @usableFromInline let latest: Bool
  @usableFromInline var state: State = .running(
    waiting: nil, lastSent: nil, generation: 0, completed: false)

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(dueTime: RxTimeInterval, latest: Bool) {
    self.dueTime = dueTime
    self.latest = latest
  }

  /// Throttling measures the time since the last emission.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal static var readsClock: Bool { true }

  /// An element arrived at `now`: it passes if the window has ended; otherwise, with `latest`,
  /// it waits for the timer (replacing the waiting one, or starting the timer for the rest of
  /// the window), and without it, it is dropped.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func elementArrived(_ element: Element, now: RxTime) -> Action {
    guard case .running(let waiting, let lastSent, let generation, let completed) = state else {
      return .none
    }
    let remaining = lastSent.map { dueTime._remaining(from: $0, to: now) } ?? .nanoseconds(0)
    if remaining._isNowOrPast {
      state = .running(waiting: nil, lastSent: now, generation: generation, completed: completed)
      return .emit(element)
    }
    guard latest else { return .none }
    guard waiting == nil else {
      state = .running(
        waiting: element, lastSent: lastSent, generation: generation, completed: completed)
      return .none
    }
    let next = generation &+ 1
    state = .running(waiting: element, lastSent: lastSent, generation: next, completed: completed)
    return .startTimer(generation: next, delay: remaining)
  }

  /// The timer of `generation` fired at `now`: the waiting element goes out, followed by the
  /// completion if upstream completed meanwhile.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func timerFired(generation: UInt64, now: RxTime) -> Action {
    guard case .running(let waiting?, _, let current, let completed) = state,
      current == generation
    else { return .none }
    if completed {
      state = .finished
      return .emitAndComplete(waiting)
    }
    state = .running(waiting: nil, lastSent: now, generation: current, completed: false)
    return .emit(waiting)
  }

  /// Upstream completed: at once if no element waits, otherwise after the timer emits it.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func upstreamCompleted(now: RxTime) -> Action {
    guard case .running(let waiting, let lastSent, let generation, _) = state else {
      return .none
    }
    guard waiting != nil else {
      state = .finished
      return .emitAndComplete(nil)
    }
    state = .running(waiting: waiting, lastSent: lastSent, generation: generation, completed: true)
    return .none
  }

  /// Upstream failed: any waiting element is dropped and the error forwarded.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func upstreamFailed() -> Action {
    guard case .running(let waiting, _, _, _) = state else { return .none }
    state = .finished
    return .fail(dropped: waiting)
  }

  /// The subscription was disposed.
  ///
  /// - Returns: The waiting element, to release outside the lock.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func disposed() -> Element? {
    defer { state = .finished }
    if case .running(let waiting, _, _, _) = state { return waiting }
    return nil
  }
}
