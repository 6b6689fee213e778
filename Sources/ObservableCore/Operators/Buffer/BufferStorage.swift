import Dispatch

/// The shared state of one ``ObservableType/buffer(timeSpan:count:scheduler:)`` subscription.
///
/// Not public API.
@usableFromInline
internal final class _BufferStorage<Element: Sendable>: Disposable {
  @usableFromInline
  internal typealias State = _MachineAndOutput<_BufferStateMachine<Element>, [Element]>

  @usableFromInline let state: _Mutex<State>
  @usableFromInline let lifetime: _Lifetime
  @usableFromInline let timeSpan: RxTimeInterval
  @usableFromInline let scheduler: any SchedulerType
  @usableFromInline let timer = _TimerSlot()
  @usableFromInline let resource: _ResourceToken

  @inlinable
  internal init(
    downstream: AnyObserver<[Element]>, lifetime: _Lifetime, timeSpan: RxTimeInterval,
    count: Int, scheduler: any SchedulerType
  ) {
    state = _Mutex(State(_BufferStateMachine(count: count), downstream: downstream))
    self.lifetime = lifetime
    self.timeSpan = timeSpan
    self.scheduler = scheduler
    resource = _ResourceToken(inheriting: lifetime.resource)
  }

  @inlinable
  internal func upstreamEvent(_ event: Event<Element>) {
    switch event {
    case .next(let element):
      var nextTimer: UInt64?
      let first = state.withLock { state -> _PendingOutput<[Element]>? in
        guard case .emit(let buffer, let next) = state.machine.elementArrived(element) else {
          return nil
        }
        nextTimer = next
        return state.output.send(.next(buffer))
      }
      state._drainOutput(first, lifetime: lifetime)
      // As in RxSwift, the next buffer's timer starts after the full one was emitted.
      if let nextTimer { startTimer(generation: nextTimer) }
    case .error(let error):
      let first = state.withLock { state -> _PendingOutput<[Element]>? in
        guard case .fail = state.machine.upstreamFailed() else { return nil }
        return state.output.send(.error(error))
      }
      state._drainOutput(first, lifetime: lifetime)
    case .completed:
      let first = state.withLock { state -> _PendingOutput<[Element]>? in
        guard case .emitAndComplete(let buffer) = state.machine.upstreamCompleted() else {
          return nil
        }
        return state.output.send(.next(buffer), then: .completed)
      }
      state._drainOutput(first, lifetime: lifetime)
    }
  }

  @inlinable
  internal func startTimer(generation: UInt64) {
    let scheduled = scheduler.scheduleRelative(generation, dueTime: timeSpan) { generation in
      self.timerFired(generation: generation)
      return Disposables.create()
    }
    timer.install(scheduled, generation: generation)
  }

  @inlinable
  internal func timerFired(generation: UInt64) {
    var nextTimer: UInt64?
    let first = state.withLock { state -> _PendingOutput<[Element]>? in
      guard case .emit(let buffer, let next) = state.machine.timerFired(generation: generation)
      else { return nil }
      nextTimer = next
      return state.output.send(.next(buffer))
    }
    state._drainOutput(first, lifetime: lifetime)
    if let nextTimer { startTimer(generation: nextTimer) }
  }

  @inlinable
  internal func dispose() {
    timer.dispose()
    let released = state.withLock { state in
      (state.machine.disposed(), state.output.cancel())
    }
    _ = released
  }
}
