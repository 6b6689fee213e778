import Dispatch

extension _DelayStateMachine: _TimerStateMachine {}

/// What ``ObservableType/delay(_:scheduler:)`` does with its machine's decisions.
///
/// Not public API.
@usableFromInline
internal enum _DelayTimer<Element: Sendable>: _TimerPolicy {
  @usableFromInline
  internal typealias Machine = _DelayStateMachine<Element>

  /// Takes the machine's decision on an upstream event, then starts a timer or delivers.
  @inlinable
  internal static func upstreamEvent(_ event: Event<Element>, storage: _TimerStorage<Self>) {
    switch event {
    case .next, .completed:
      let now = storage.scheduler.now
      let action = storage.state.withLock { $0.machine.eventArrived(event, now: now) }
      if case .startTimer(let generation, let delay) = action {
        storage.startTimer(generation: generation, delay: delay)
      }
    case .error(let error):
      let (first, dropped) = storage.state.withLock {
        state -> (
          (Event<Element>, AnyObserver<Element>)?, _Queue<_DelayStateMachine<Element>.Waiting>
        ) in
        guard case .fail(let dropped) = state.machine.upstreamFailed() else {
          return (nil, _Queue())
        }
        return (state._enqueue(.error(error)), dropped)
      }
      _ = dropped
      storage.state._deliver(first, lifetime: storage.lifetime)
    }
  }

  /// Takes the machine's decision on a timer's firing, then delivers.
  @inlinable
  internal static func timerFired(generation: UInt64, storage: _TimerStorage<Self>) {
    let now = storage.scheduler.now
    let (first, nextTimer) = storage.state.withLock {
      state -> (
        (Event<Element>, AnyObserver<Element>)?, (generation: UInt64, delay: RxTimeInterval)?
      ) in
      let action = state.machine.timerFired(generation: generation, now: now)
      var first: (Event<Element>, AnyObserver<Element>)?
      for event in action.emit {
        if let delivery = state._enqueue(event), first == nil { first = delivery }
      }
      return (first, action.nextTimer)
    }
    if let nextTimer {
      storage.startTimer(generation: nextTimer.generation, delay: nextTimer.delay)
    }
    storage.state._deliver(first, lifetime: storage.lifetime)
  }
}
