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
internal struct _DelayStateMachine<Element: Sendable>: _TimeDrivenStateMachine {
  @usableFromInline
  internal struct Waiting {
    @usableFromInline let arrival: RxTime
    @usableFromInline let event: Event<Element>

    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
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

  /// The result's elements are the source's.
  @usableFromInline
  internal typealias Output = Element

  @usableFromInline
  internal typealias Action = _TimeDrivenAction<Element, _Queue<Waiting>>

  @usableFromInline let dueTime: RxTimeInterval
  @usableFromInline var state: State = .running(waiting: _Queue(), timer: nil, lastGeneration: 0)

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(dueTime: RxTimeInterval) {
    self.dueTime = dueTime
  }

  /// Delaying measures each event's time since its arrival.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal static var readsClock: Bool { true }

  /// An element arrived from upstream at `now`: it waits its delay.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func elementArrived(_ element: Element, now: RxTime) -> Action {
    eventArrived(.next(element), now: now)
  }

  /// Upstream completed at `now`: the completion waits its delay too.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func upstreamCompleted(now: RxTime) -> Action {
    eventArrived(.completed, now: now)
  }

  /// Queues `event`, and starts the timer for it unless one is running.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func eventArrived(_ event: Event<Element>, now: RxTime) -> Action {
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

  /// The timer of `generation` fired at `now`: the oldest event goes out if it is due (one
  /// per firing), and the timer starts again for the next waiting event.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func timerFired(generation: UInt64, now: RxTime) -> Action {
    guard case .running(var waiting, let timer, let lastGeneration) = state, timer == generation
    else { return .none }
    state = .finished
    // One event per firing; one not yet due (a timer that fired early) waits for the next.
    var due: Element?
    if let oldest = waiting.first, dueTime._remaining(from: oldest.arrival, to: now)._isNowOrPast {
      _ = waiting.popFirst()
      guard case .next(let element) = oldest.event else { return .emitAndComplete(nil) }
      due = element
    }
    guard let oldest = waiting.first else {
      state = .running(waiting: waiting, timer: nil, lastGeneration: lastGeneration)
      return due.map { .emit($0) } ?? .none
    }
    let next = lastGeneration &+ 1
    state = .running(waiting: waiting, timer: next, lastGeneration: next)
    let delay = dueTime._remaining(from: oldest.arrival, to: now)
    guard let due else { return .startTimer(generation: next, delay: delay) }
    return .emitAndStartTimer(due, generation: next, delay: delay)
  }

  /// Upstream failed: the waiting events are dropped and the error forwarded at once.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func upstreamFailed() -> Action {
    guard case .running(let waiting, _, _) = state else { return .none }
    state = .finished
    return .fail(dropped: waiting)
  }

  /// The subscription was disposed.
  ///
  /// - Returns: The waiting events, to release outside the lock.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func disposed() -> _Queue<Waiting> {
    defer { state = .finished }
    if case .running(let waiting, _, _) = state { return waiting }
    return _Queue()
  }
}
