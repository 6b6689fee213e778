import Dispatch

/// The shared state of one ``ObservableType/timeout(_:other:scheduler:)`` subscription.
///
/// Not public API.
@usableFromInline
internal final class _TimeoutStorage<Element: Sendable>: Disposable {
  @usableFromInline
  internal typealias State = _MachineAndOutput<_TimeoutStateMachine, Element>

  @usableFromInline let state: _Mutex<State>
  @usableFromInline let lifetime: _Lifetime
  @usableFromInline let original: _Lifetime
  @usableFromInline let other: Observable<Element>
  @usableFromInline let dueTime: RxTimeInterval
  @usableFromInline let scheduler: any SchedulerType
  @usableFromInline let timer = _TimerSlot()
  @usableFromInline let resource: _ResourceToken

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(
    downstream: AnyObserver<Element>, lifetime: _Lifetime, original: _Lifetime,
    other: Observable<Element>, dueTime: RxTimeInterval, scheduler: any SchedulerType
  ) {
    state = _Mutex(State(_TimeoutStateMachine(), downstream: downstream))
    self.lifetime = lifetime
    self.original = original
    self.other = other
    self.dueTime = dueTime
    self.scheduler = scheduler
    resource = _ResourceToken(inheriting: lifetime.resource)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func upstreamEvent(_ event: Event<Element>) {
    var restart: UInt64?
    let first = state.withLock { state -> _PendingOutput<Element>? in
      switch event {
      case .next:
        guard case .forwardAndRestartTimer(let generation) = state.machine.elementArrived() else {
          return nil
        }
        restart = generation
        return state.output.send(event)
      case .error, .completed:
        guard case .forwardTerminal = state.machine.sourceTerminated() else { return nil }
        return state.output.send(event)
      }
    }
    state._drainOutput(first, lifetime: lifetime)
    // As in RxSwift, the next timer starts after the element was forwarded.
    if let restart { startTimer(generation: restart) }
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func startTimer(generation: UInt64) {
    let scheduled = scheduler.scheduleRelative(generation, dueTime: dueTime) { generation in
      self.timerFired(generation: generation)
      return Disposables.create()
    }
    timer.install(scheduled, generation: generation)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func timerFired(generation: UInt64) {
    let action = state.withLock { $0.machine.timerFired(generation: generation) }
    guard case .switchToOther = action else { return }
    original.dispose()
    let switched = _Lifetime(inheriting: lifetime)
    lifetime.add(switched)
    other._subscribe(
      AnyObserver { event in
        guard !switched.isDisposed else { return }
        self.otherEvent(event)
      },
      switched)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func otherEvent(_ event: Event<Element>) {
    let first = state.withLock { state -> _PendingOutput<Element>? in
      guard state.machine.otherEvent(isTerminal: event.isStopEvent) else { return nil }
      return state.output.send(event)
    }
    state._drainOutput(first, lifetime: lifetime)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func dispose() {
    timer.dispose()
    let released = state.withLock { state in
      state.machine.disposed()
      return state.output.cancel()
    }
    _ = released
  }
}
