import Dispatch
import Synchronization

/// The shared state of one ``ObservableType/delay(_:scheduler:)`` subscription.
///
/// Not public API.
@usableFromInline
internal final class _DelayStorage<Element: Sendable>: Disposable {
  @usableFromInline
  internal struct State: _DeliveringState {
    @usableFromInline var machine: _DelayStateMachine<Element>
    @usableFromInline var delivery = _SerialDelivery<Element>()
    @usableFromInline var downstream: AnyObserver<Element>?

    @inlinable
    init(machine: _DelayStateMachine<Element>, downstream: AnyObserver<Element>) {
      self.machine = machine
      self.downstream = downstream
    }
  }

  @usableFromInline let state: _Mutex<State>
  @usableFromInline let lifetime: _Lifetime
  @usableFromInline let scheduler: any SchedulerType
  @usableFromInline let timer = _TimerSlot()
  @usableFromInline let resource: _ResourceToken

  @inlinable
  internal init(
    downstream: AnyObserver<Element>, lifetime: _Lifetime, dueTime: RxTimeInterval,
    scheduler: any SchedulerType
  ) {
    state = _Mutex(State(machine: _DelayStateMachine(dueTime: dueTime), downstream: downstream))
    self.lifetime = lifetime
    self.scheduler = scheduler
    resource = _ResourceToken(inheriting: lifetime.resource)
  }

  @inlinable
  internal func upstreamEvent(_ event: Event<Element>) {
    switch event {
    case .next, .completed:
      let now = scheduler.now
      let action = state.withLock { $0.machine.eventArrived(event, now: now) }
      if case .startTimer(let generation, let delay) = action {
        startTimer(generation: generation, delay: delay)
      }
    case .error(let error):
      let (first, dropped) = state.withLock {
        state -> (
          (Event<Element>, AnyObserver<Element>)?, _Queue<_DelayStateMachine<Element>.Waiting>
        ) in
        guard case .fail(let dropped) = state.machine.upstreamFailed() else {
          return (nil, _Queue())
        }
        return (state._enqueue(.error(error)), dropped)
      }
      _ = dropped
      state._deliver(first, lifetime: lifetime)
    }
  }

  @inlinable
  internal func startTimer(generation: UInt64, delay: RxTimeInterval) {
    let scheduled = scheduler.scheduleRelative(generation, dueTime: delay) { generation in
      self.timerFired(generation: generation)
      return Disposables.create()
    }
    timer.install(scheduled, generation: generation)
  }

  @inlinable
  internal func timerFired(generation: UInt64) {
    let now = scheduler.now
    let (first, nextTimer) = state.withLock {
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
    if let nextTimer { startTimer(generation: nextTimer.generation, delay: nextTimer.delay) }
    state._deliver(first, lifetime: lifetime)
  }

  @inlinable
  internal func dispose() {
    timer.dispose()
    let released = state.withLock { state in
      (state.machine.disposed(), state._cancelDelivery())
    }
    _ = released
  }
}
