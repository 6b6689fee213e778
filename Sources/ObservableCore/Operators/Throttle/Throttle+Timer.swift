import Dispatch

extension _ThrottleStateMachine: _TimerStateMachine {}

/// What ``ObservableType/throttle(_:latest:scheduler:)`` does with its machine's decisions.
///
/// Not public API.
@usableFromInline
internal enum _ThrottleTimer<Element: Sendable>: _TimerPolicy {
  @usableFromInline
  internal typealias Machine = _ThrottleStateMachine<Element>

  /// Takes the machine's decision on an upstream event, then starts a timer or delivers.
  @inlinable
  internal static func upstreamEvent(_ event: Event<Element>, storage: _TimerStorage<Self>) {
    switch event {
    case .next(let element):
      let now = storage.scheduler.now
      var timerToStart: (generation: UInt64, delay: RxTimeInterval)?
      let first = storage.state.withLock { state -> (Event<Element>, AnyObserver<Element>)? in
        switch state.machine.elementArrived(element, now: now) {
        case .emit(let element):
          return state._enqueue(.next(element))
        case .startTimer(let generation, let delay):
          timerToStart = (generation, delay)
          return nil
        case .none:
          return nil
        }
      }
      if let timerToStart {
        storage.startTimer(generation: timerToStart.generation, delay: timerToStart.delay)
      }
      storage.state._deliver(first, lifetime: storage.lifetime)
    case .error(let error):
      let first = storage.state.withLock { state -> (Event<Element>, AnyObserver<Element>)? in
        guard case .fail = state.machine.upstreamFailed() else { return nil }
        return state._enqueue(.error(error))
      }
      storage.state._deliver(first, lifetime: storage.lifetime)
    case .completed:
      let first = storage.state.withLock { state -> (Event<Element>, AnyObserver<Element>)? in
        guard case .complete = state.machine.upstreamCompleted() else { return nil }
        return state._enqueue(.completed)
      }
      storage.state._deliver(first, lifetime: storage.lifetime)
    }
  }

  /// Takes the machine's decision on a timer's firing, then delivers.
  @inlinable
  internal static func timerFired(generation: UInt64, storage: _TimerStorage<Self>) {
    let now = storage.scheduler.now
    let first = storage.state.withLock { state -> (Event<Element>, AnyObserver<Element>)? in
      guard
        case .emit(let element, let thenComplete) = state.machine.timerFired(
          generation: generation, now: now)
      else { return nil }
      return thenComplete
        ? state._enqueue(.next(element), .completed) : state._enqueue(.next(element))
    }
    storage.state._deliver(first, lifetime: storage.lifetime)
  }
}
