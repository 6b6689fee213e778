/// The shared state of one ``ObservableType/observe(on:)->Observable<Self.Element>`` subscription.
///
/// Not public API.
@usableFromInline
internal final class _ObserveOnStorage<Element: Sendable>: Disposable {
  @usableFromInline
  internal struct State {
    @usableFromInline var machine = _ObserveOnStateMachine<Element>()
    @usableFromInline var downstream: AnyObserver<Element>?
    /// The scheduled drain, so that disposing can cancel it before it runs.
    @usableFromInline var scheduledDrain: SingleAssignmentDisposable?

    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
    init(downstream: AnyObserver<Element>) {
      self.downstream = downstream
    }
  }

  @usableFromInline let state: _Mutex<State>
  @usableFromInline let lifetime: _Lifetime
  @usableFromInline let scheduler: any ImmediateSchedulerType
  @usableFromInline let resource: _ResourceToken
  /// Whether each scheduled action delivers one event (virtual time) rather than a batch.
  @usableFromInline let deliversOneEventPerAction: Bool
  /// The scheduler, if it is the main scheduler: an event that arrives on the main queue when
  /// nothing of it is pending is delivered at once, without a scheduled action.
  @usableFromInline let mainScheduler: MainScheduler?

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(
    downstream: AnyObserver<Element>, lifetime: _Lifetime, scheduler: any ImmediateSchedulerType
  ) {
    state = _Mutex(State(downstream: downstream))
    self.lifetime = lifetime
    self.scheduler = scheduler
    deliversOneEventPerAction = scheduler._runsOneActionPerStep
    mainScheduler = deliversOneEventPerAction ? nil : scheduler as? MainScheduler
    resource = _ResourceToken(inheriting: lifetime.resource)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func upstreamEvent(_ event: Event<Element>) {
    if let mainScheduler, mainScheduler._beginInline() {
      // Where `MainScheduler.schedule` would run the drain at once, deliver here: the same
      // order and thread, without the scheduled action's objects or the queue (issue 30). An
      // event that arrives while a drain runs joins its queue, as below.
      let (action, downstream) = state.withLock {
        state -> (_ObserveOnStateMachine<Element>.ArrivalAtOnceAction, AnyObserver<Element>?) in
        let action = state.machine.eventArrivedWhereDrainRunsAtOnce(event)
        guard case .deliverNow = action else { return (action, nil) }
        return (action, state.downstream)
      }
      if case .deliverNow = action, let downstream, !lifetime.isDisposed {
        downstream.on(event)
        if event.isStopEvent {
          lifetime.dispose()
        } else {
          drain()
        }
      }
      mainScheduler._endInline()
      return
    }
    let drain = state.withLock { state -> SingleAssignmentDisposable? in
      guard case .scheduleDrain = state.machine.eventArrived(event) else { return nil }
      let drain = SingleAssignmentDisposable()
      state.scheduledDrain = drain
      return drain
    }
    if let drain { scheduleDrain(drain) }
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func scheduleDrain(_ drain: SingleAssignmentDisposable) {
    drain.setDisposable(
      scheduler.schedule(()) { _ in
        if self.deliversOneEventPerAction {
          self.deliverOne()
        } else {
          self.drain()
        }
        return Disposables.create()
      })
  }

  /// Delivers the oldest queued event, then schedules another action if more are waiting:
  /// the drain on a scheduler whose every action is a step in time, so that each event is
  /// delivered one step after the previous one, as in RxSwift.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func deliverOne() {
    let (event, downstream) = state.withLock { state in
      (state.machine.takeOne(), state.downstream)
    }
    guard let event, let downstream, !lifetime.isDisposed else { return }
    downstream.on(event)
    if event.isStopEvent {
      lifetime.dispose()
      return
    }
    let (next, finished) = state.withLock {
      state -> (SingleAssignmentDisposable?, SingleAssignmentDisposable?) in
      // The finished action's disposable is released outside the lock.
      let finished = state.scheduledDrain
      let next = state.machine.eventDelivered() ? SingleAssignmentDisposable() : nil
      state.scheduledDrain = next
      return (next, finished)
    }
    _ = finished
    if let next { scheduleDrain(next) }
  }

  /// Delivers batches until the queue is empty, or until it has run for a slice of time.
  ///
  /// Only one drain runs at a time. After a slice (`_FairSlice`: about a millisecond) with
  /// events still waiting, the drain schedules its continuation and returns, so that other
  /// work on the scheduler (the main queue's other blocks, under `MainScheduler`) runs in
  /// between, as it would between RxSwift's one-action-per-event deliveries.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func drain() {
    // The batch's storage goes back to the state machine on the next call, emptied: a steady
    // stream alternates between two buffers instead of allocating one per batch.
    var batch = _Queue<Event<Element>>()
    var slice = _FairSlice()
    while true {
      let (taken, downstream, finishedDrain) = state.withLock {
        state -> (Bool, AnyObserver<Element>?, SingleAssignmentDisposable?) in
        if state.machine.takeBatch(into: &batch) { return (true, state.downstream, nil) }
        defer { state.scheduledDrain = nil }
        return (false, nil, state.scheduledDrain)
      }
      _ = finishedDrain
      guard taken, let downstream else { return }
      while let event = batch.popFirst() {
        guard !lifetime.isDisposed else { return }
        downstream.on(event)
        if event.isStopEvent {
          lifetime.dispose()
          return
        }
        if slice.delivered() {
          pause(remaining: &batch)
          return
        }
      }
    }
  }

  /// Ends a drain whose slice is used up: what it has not delivered goes back to the queue, and
  /// the drain's continuation is scheduled.
  ///
  /// - Parameter batch: The events the drain has not delivered.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func pause(remaining batch: inout _Queue<Event<Element>>) {
    let (next, finished) = state.withLock {
      state -> (SingleAssignmentDisposable?, SingleAssignmentDisposable?) in
      guard state.machine.drainPaused(remaining: &batch) else { return (nil, nil) }
      // The finished action's disposable is released outside the lock.
      let finished = state.scheduledDrain
      let next = SingleAssignmentDisposable()
      state.scheduledDrain = next
      return (next, finished)
    }
    _ = finished
    if let next { scheduleDrain(next) }
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func dispose() {
    let (drain, released) = state.withLock { state in
      defer {
        state.scheduledDrain = nil
        state.downstream = nil
      }
      return (state.scheduledDrain, (state.machine.disposed(), state.downstream))
    }
    _ = released
    drain?.dispose()
  }
}
