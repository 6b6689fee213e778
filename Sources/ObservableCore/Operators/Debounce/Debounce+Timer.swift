import Dispatch

extension _DebounceStateMachine: _TimerStateMachine {}

/// What ``ObservableType/debounce(_:scheduler:)`` does with its machine's decisions.
///
/// Not public API.
@usableFromInline
internal enum _DebounceTimer<Element: Sendable>: _TimerPolicy {
  @usableFromInline
  internal typealias Machine = _DebounceStateMachine<Element>

  /// Takes the machine's decision on an upstream event, then starts a timer or delivers.
  @inlinable
  internal static func upstreamEvent(_ event: Event<Element>, storage: _TimerStorage<Self>) {
    switch event {
    case .next(let element):
      let action = storage.state.withLock { $0.machine.elementArrived(element) }
      if case .startTimer(let generation) = action {
        storage.startTimer(generation: generation, delay: storage.dueTime)
      }
    case .error(let error):
      let first = storage.state.withLock { state -> (Event<Element>, AnyObserver<Element>)? in
        guard case .fail = state.machine.upstreamFailed() else { return nil }
        return state._enqueue(.error(error))
      }
      storage.state._deliver(first, lifetime: storage.lifetime)
    case .completed:
      let first = storage.state.withLock { state -> (Event<Element>, AnyObserver<Element>)? in
        guard case .flushAndComplete(let latest) = state.machine.upstreamCompleted() else {
          return nil
        }
        guard let latest else { return state._enqueue(.completed) }
        return state._enqueue(.next(latest), .completed)
      }
      storage.state._deliver(first, lifetime: storage.lifetime)
    }
  }

  /// Takes the machine's decision on a timer's firing, then delivers.
  @inlinable
  internal static func timerFired(generation: UInt64, storage: _TimerStorage<Self>) {
    let first = storage.state.withLock { state -> (Event<Element>, AnyObserver<Element>)? in
      guard case .emit(let element) = state.machine.timerFired(generation: generation) else {
        return nil
      }
      return state._enqueue(.next(element))
    }
    storage.state._deliver(first, lifetime: storage.lifetime)
  }
}
