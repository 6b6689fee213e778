import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The logic of ``ObservableType/delay(_:scheduler:)``, without locks or side effects.
///
/// Not public API.
///
/// Elements and the completion wait in a queue with their arrival time. One timer at a time
/// is running, for the oldest waiting event; when it fires, that one event is emitted and a
/// timer starts for the next one, with what is left of its delay (nothing, if it is already
/// due). So events that fall due together go out one per scheduler turn, as in RxSwift: on a
/// `TestScheduler`, whose work scheduled for now runs one tick later, `just(1)` delayed by 2
/// emits its element at 202 and completes at 203.
@usableFromInline
internal struct _DelayStateMachine<Element> {
  @usableFromInline
  internal struct Waiting {
    @usableFromInline let arrival: RxTime
    @usableFromInline let event: Event<Element>

    @inlinable
    init(arrival: RxTime, event: Event<Element>) {
      self.arrival = arrival
      self.event = event
    }
  }

  @usableFromInline
  internal enum State {
    /// Subscribed. `timer` is the generation of the running timer, if one is running.
    case running(waiting: _Queue<Waiting>, timer: UInt64?, lastGeneration: UInt64)
    /// Failed, completed and emptied, or disposed.
    case finished
  }

  @usableFromInline let dueTime: RxTimeInterval
  @usableFromInline var state: State = .running(waiting: _Queue(), timer: nil, lastGeneration: 0)

  @inlinable
  internal init(dueTime: RxTimeInterval) {
    self.dueTime = dueTime
  }

  /// What to do after an element or the completion arrived.
  @usableFromInline
  internal enum ArrivalAction {
    /// Start the timer of this generation, to fire after `delay`.
    case startTimer(generation: UInt64, delay: RxTimeInterval)
    /// Nothing: a timer is already running, or the sequence has finished.
    case none
  }

  /// An element or the completion arrived from upstream at `now`.
  @inlinable
  internal mutating func eventArrived(_ event: Event<Element>, now: RxTime) -> ArrivalAction {
    guard case .running(var waiting, let timer, let lastGeneration) = state else { return .none }
    state = .finished
    waiting.append(Waiting(arrival: now, event: event))
    guard timer == nil else {
      state = .running(waiting: waiting, timer: timer, lastGeneration: lastGeneration)
      return .none
    }
    let generation = lastGeneration &+ 1
    state = .running(waiting: waiting, timer: generation, lastGeneration: generation)
    return .startTimer(generation: generation, delay: dueTime)
  }

  /// What to do when a timer fired.
  @usableFromInline
  internal struct TimerAction {
    /// The event to emit now, if any: at most one per firing.
    @usableFromInline var emit: [Event<Element>] = []
    /// The next timer to start, if events are still waiting.
    @usableFromInline var nextTimer: (generation: UInt64, delay: RxTimeInterval)?

    @inlinable
    init() {}
  }

  /// The timer of `generation` fired at `now`.
  @inlinable
  internal mutating func timerFired(generation: UInt64, now: RxTime) -> TimerAction {
    var action = TimerAction()
    guard case .running(var waiting, let timer, let lastGeneration) = state, timer == generation
    else { return action }
    state = .finished
    // One event per firing; one not yet due (a timer that fired early) waits for the next.
    if let oldest = waiting.first, dueTime._remaining(from: oldest.arrival, to: now)._isNowOrPast {
      _ = waiting.popFirst()
      action.emit.append(oldest.event)
      if oldest.event.isStopEvent { return action }
    }
    guard let oldest = waiting.first else {
      state = .running(waiting: waiting, timer: nil, lastGeneration: lastGeneration)
      return action
    }
    let next = lastGeneration &+ 1
    state = .running(waiting: waiting, timer: next, lastGeneration: next)
    action.nextTimer = (next, dueTime._remaining(from: oldest.arrival, to: now))
    return action
  }

  /// What to do when upstream failed.
  @usableFromInline
  internal enum FailureAction {
    /// Drop the waiting events and forward the error now.
    case fail(dropped: _Queue<Waiting>)
    /// Nothing: the sequence has finished.
    case none
  }

  /// Upstream failed.
  @inlinable
  internal mutating func upstreamFailed() -> FailureAction {
    guard case .running(let waiting, _, _) = state else { return .none }
    state = .finished
    return .fail(dropped: waiting)
  }

  /// The subscription was disposed.
  ///
  /// - Returns: The waiting events, to release outside the lock.
  @inlinable
  internal mutating func disposed() -> _Queue<Waiting> {
    defer { state = .finished }
    if case .running(let waiting, _, _) = state { return waiting }
    return _Queue()
  }
}
