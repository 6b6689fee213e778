import Dispatch
import Synchronization

/// The shared state of one ``ObservableType/throttle(_:latest:scheduler:)`` subscription.
///
/// Not public API.
@usableFromInline
internal final class _ThrottleStorage<Element: Sendable>: Disposable {
  @usableFromInline
  internal struct State: _DeliveringState {
    @usableFromInline var machine: _ThrottleStateMachine<Element>
    @usableFromInline var delivery = _SerialDelivery<Element>()
    @usableFromInline var downstream: AnyObserver<Element>?

    @inlinable
    init(machine: _ThrottleStateMachine<Element>, downstream: AnyObserver<Element>) {
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
    latest: Bool, scheduler: any SchedulerType
  ) {
    state = _Mutex(
      State(
        machine: _ThrottleStateMachine(dueTime: dueTime, latest: latest), downstream: downstream))
    self.lifetime = lifetime
    self.scheduler = scheduler
    resource = _ResourceToken(inheriting: lifetime.resource)
  }

  @inlinable
  internal func upstreamEvent(_ event: Event<Element>) {
    switch event {
    case .next(let element):
      let now = scheduler.now
      var timerToStart: (generation: UInt64, delay: RxTimeInterval)?
      let first = state.withLock { state -> (Event<Element>, AnyObserver<Element>)? in
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
        startTimer(generation: timerToStart.generation, delay: timerToStart.delay)
      }
      state._deliver(first, lifetime: lifetime)
    case .error(let error):
      let first = state.withLock { state -> (Event<Element>, AnyObserver<Element>)? in
        guard case .fail = state.machine.upstreamFailed() else { return nil }
        return state._enqueue(.error(error))
      }
      state._deliver(first, lifetime: lifetime)
    case .completed:
      let first = state.withLock { state -> (Event<Element>, AnyObserver<Element>)? in
        guard case .complete = state.machine.upstreamCompleted() else { return nil }
        return state._enqueue(.completed)
      }
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
    let first = state.withLock { state -> (Event<Element>, AnyObserver<Element>)? in
      guard
        case .emit(let element, let thenComplete) = state.machine.timerFired(
          generation: generation, now: now)
      else { return nil }
      return thenComplete
        ? state._enqueue(.next(element), .completed) : state._enqueue(.next(element))
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
