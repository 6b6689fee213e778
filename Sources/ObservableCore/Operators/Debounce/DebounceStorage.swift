import Dispatch
import Synchronization

/// The shared state of one ``ObservableType/debounce(_:scheduler:)`` subscription.
///
/// Not public API.
@usableFromInline
internal final class _DebounceStorage<Element: Sendable>: Disposable {
  @usableFromInline
  internal struct State: _DeliveringState {
    @usableFromInline var machine = _DebounceStateMachine<Element>()
    @usableFromInline var delivery = _SerialDelivery<Element>()
    @usableFromInline var downstream: AnyObserver<Element>?

    @inlinable
    init(downstream: AnyObserver<Element>) {
      self.downstream = downstream
    }
  }

  @usableFromInline let state: _Mutex<State>
  @usableFromInline let lifetime: _Lifetime
  @usableFromInline let dueTime: RxTimeInterval
  @usableFromInline let scheduler: any SchedulerType
  @usableFromInline let timer = _TimerSlot()
  @usableFromInline let resource: _ResourceToken

  @inlinable
  internal init(
    downstream: AnyObserver<Element>, lifetime: _Lifetime, dueTime: RxTimeInterval,
    scheduler: any SchedulerType
  ) {
    state = _Mutex(State(downstream: downstream))
    self.lifetime = lifetime
    self.dueTime = dueTime
    self.scheduler = scheduler
    resource = _ResourceToken(inheriting: lifetime.resource)
  }

  @inlinable
  internal func upstreamEvent(_ event: Event<Element>) {
    switch event {
    case .next(let element):
      let action = state.withLock { $0.machine.elementArrived(element) }
      if case .startTimer(let generation) = action { startTimer(generation: generation) }
    case .error(let error):
      let first = state.withLock { state -> (Event<Element>, AnyObserver<Element>)? in
        guard case .fail = state.machine.upstreamFailed() else { return nil }
        return state._enqueue(.error(error))
      }
      state._deliver(first, lifetime: lifetime)
    case .completed:
      let first = state.withLock { state -> (Event<Element>, AnyObserver<Element>)? in
        guard case .flushAndComplete(let latest) = state.machine.upstreamCompleted() else {
          return nil
        }
        guard let latest else { return state._enqueue(.completed) }
        return state._enqueue(.next(latest), .completed)
      }
      state._deliver(first, lifetime: lifetime)
    }
  }

  @inlinable
  internal func startTimer(generation: UInt64) {
    let scheduled = scheduler.scheduleRelative(generation, dueTime: dueTime) { generation in
      self.timerFired(generation: generation)
      return Disposables.create()
    }
    timer.install(scheduled, generation: generation)
  }

  @inlinable
  internal func timerFired(generation: UInt64) {
    let first = state.withLock { state -> (Event<Element>, AnyObserver<Element>)? in
      guard case .emit(let element) = state.machine.timerFired(generation: generation) else {
        return nil
      }
      return state._enqueue(.next(element))
    }
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
