import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The logic of ``ObservableType/debounce(_:scheduler:)``, without locks or side effects.
///
/// Not public API.
///
/// Every element starts a new timer generation; only the timer of the latest generation may
/// emit.
@usableFromInline
internal struct _DebounceStateMachine<Element: Sendable>: _TimeDrivenStateMachine {
  @usableFromInline
  internal enum State {
    /// Subscribed; `latest` waits for the timer of `generation`.
    case running(latest: Element?, generation: UInt64)
    /// Terminated or disposed.
    case finished
  }

  /// The result's elements are the source's.
  @usableFromInline
  internal typealias Output = Element

  @usableFromInline
  internal typealias Action = _TimeDrivenAction<Element, Element?>

  @usableFromInline let dueTime: RxTimeInterval
  @usableFromInline
  internal var state: State = .running(latest: nil, generation: 0)

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(dueTime: RxTimeInterval) {
    self.dueTime = dueTime
  }

  /// Debouncing waits for quiet periods, measured by the timers alone.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal static var readsClock: Bool { false }

  /// An element arrived from upstream: it becomes the latest, and a newer timer starts.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func elementArrived(_ element: Element, now: RxTime) -> Action {
    switch state {
    case .running(_, let generation):
      let next = generation &+ 1
      state = .running(latest: element, generation: next)
      return .startTimer(generation: next, delay: dueTime)
    case .finished:
      return .none
    }
  }

  /// The timer of `generation` fired: the latest element goes out if the timer is current.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func timerFired(generation: UInt64, now: RxTime) -> Action {
    switch state {
    case .running(let latest?, let current) where current == generation:
      state = .running(latest: nil, generation: current)
      return .emit(latest)
    case .running, .finished:
      return .none
    }
  }

  /// Upstream completed: the pending element, if any, goes out at once, then the completion.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func upstreamCompleted(now: RxTime) -> Action {
    switch state {
    case .running(let latest, _):
      state = .finished
      return .emitAndComplete(latest)
    case .finished:
      return .none
    }
  }

  /// Upstream failed: the pending element is dropped and the error forwarded.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func upstreamFailed() -> Action {
    switch state {
    case .running(let latest, _):
      state = .finished
      return .fail(dropped: latest)
    case .finished:
      return .none
    }
  }

  /// The subscription was disposed.
  ///
  /// - Returns: The pending element, to release outside the lock.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func disposed() -> Element? {
    defer { state = .finished }
    if case .running(let latest, _) = state { return latest }
    return nil
  }
}
