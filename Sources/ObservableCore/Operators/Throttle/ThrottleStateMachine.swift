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
internal struct _ThrottleStateMachine<Element> {
  @usableFromInline
  internal enum State {
    /// Subscribed. `waiting` is the element the timer of `generation` will emit, and
    /// `completed` says whether upstream completed while it waited.
    case running(waiting: Element?, lastSent: RxTime?, generation: UInt64, completed: Bool)
    /// Terminated or disposed.
    case finished
  }

  @usableFromInline let dueTime: RxTimeInterval
  @usableFromInline let latest: Bool
  @usableFromInline var state: State = .running(
    waiting: nil, lastSent: nil, generation: 0, completed: false)

  @inlinable
  internal init(dueTime: RxTimeInterval, latest: Bool) {
    self.dueTime = dueTime
    self.latest = latest
  }

  /// What to do after an element arrived.
  @usableFromInline
  internal enum ElementAction {
    /// Emit the element now.
    case emit(Element)
    /// Start the timer of this generation, to fire after `delay`.
    case startTimer(generation: UInt64, delay: RxTimeInterval)
    /// Nothing: the element was dropped, or replaced the waiting one, or the sequence ended.
    case none
  }

  /// An element arrived at `now`.
  @inlinable
  internal mutating func elementArrived(_ element: Element, now: RxTime) -> ElementAction {
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

  /// What to do when a timer fired.
  @usableFromInline
  internal enum TimerAction {
    /// Emit the element, then complete if `thenComplete`.
    case emit(Element, thenComplete: Bool)
    /// Nothing: the timer is stale or nothing waits.
    case none
  }

  /// The timer of `generation` fired at `now`.
  @inlinable
  internal mutating func timerFired(generation: UInt64, now: RxTime) -> TimerAction {
    guard case .running(let waiting?, _, let current, let completed) = state,
      current == generation
    else { return .none }
    if completed {
      state = .finished
    } else {
      state = .running(waiting: nil, lastSent: now, generation: current, completed: false)
    }
    return .emit(waiting, thenComplete: completed)
  }

  /// What to do when upstream completed.
  @usableFromInline
  internal enum CompletionAction {
    /// Complete now.
    case complete
    /// Complete after the waiting element has been emitted.
    case completeAfterTimer
    /// Nothing: the sequence has finished.
    case none
  }

  /// Upstream completed.
  @inlinable
  internal mutating func upstreamCompleted() -> CompletionAction {
    guard case .running(let waiting, let lastSent, let generation, _) = state else {
      return .none
    }
    guard waiting != nil else {
      state = .finished
      return .complete
    }
    state = .running(waiting: waiting, lastSent: lastSent, generation: generation, completed: true)
    return .completeAfterTimer
  }

  /// What to do when upstream failed.
  @usableFromInline
  internal enum FailureAction {
    /// Drop any waiting element and forward the error.
    case fail
    /// Nothing: the sequence has finished.
    case none
  }

  /// Upstream failed.
  @inlinable
  internal mutating func upstreamFailed() -> FailureAction {
    guard case .running = state else { return .none }
    state = .finished
    return .fail
  }

  /// The subscription was disposed.
  ///
  /// - Returns: The waiting element, to release outside the lock.
  @inlinable
  internal mutating func disposed() -> Element? {
    defer { state = .finished }
    if case .running(let waiting, _, _, _) = state { return waiting }
    return nil
  }
}
