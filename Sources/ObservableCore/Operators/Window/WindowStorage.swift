import Dispatch

/// One step of a window operator's output, performed in order outside the lock.
///
/// Not public API.
@usableFromInline
internal enum _WindowAction<Element: Sendable>: Sendable {
  /// Emit a new window to the result.
  case open(PublishSubject<Element>)
  /// Send an element to a window.
  case element(PublishSubject<Element>, Element)
  /// Complete a window.
  case close(PublishSubject<Element>)
  /// Terminate a window and the result with the same event.
  case finish(PublishSubject<Element>, Event<Element>)
}

/// The shared state of one ``ObservableType/window(timeSpan:count:scheduler:)`` subscription.
///
/// Not public API.
///
/// The windows and the result receive their events through one queue of actions, so a window
/// is always emitted before its elements and closed after them, whichever thread decided.
/// The upstream subscription is torn down when the sequence terminates, or when the result
/// and every window subscription have been disposed.
@usableFromInline
internal final class _WindowStorage<Element: Sendable>: Sendable {
  @usableFromInline
  internal struct State {
    @usableFromInline var machine: _WindowStateMachine
    @usableFromInline var current: PublishSubject<Element>
    /// Actions waiting to be performed; only `.next` events are ever enqueued.
    @usableFromInline var actions = _SerialOutputQueue<_WindowAction<Element>>()
    /// The result's observer, or `nil` once the result was disposed.
    @usableFromInline var downstream: AnyObserver<Observable<Element>>?
    @usableFromInline var windowSubscriptions = 0
    @usableFromInline var isTornDown = false

    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
    init(maxCount: Int, downstream: AnyObserver<Observable<Element>>) {
      machine = _WindowStateMachine(maxCount: maxCount)
      current = PublishSubject()
      self.downstream = downstream
    }

    /// Enqueues `actions` in order; returns the first one if the caller must perform them.
    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
    mutating func enqueue(_ actions: _WindowAction<Element>...) -> _WindowAction<Element>? {
      var first: _WindowAction<Element>?
      for action in actions {
        if let event = self.actions.enqueue(.next(action)), first == nil { first = event.element }
      }
      return first
    }

    /// Closes the current window and opens the next one; returns the actions to perform.
    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
    mutating func rotate() -> (close: _WindowAction<Element>, open: _WindowAction<Element>) {
      let closed = current
      current = PublishSubject()
      return (.close(closed), .open(current))
    }
  }

  @usableFromInline let state: _Mutex<State>
  @usableFromInline let upstream: _Lifetime
  @usableFromInline let timeSpan: RxTimeInterval
  @usableFromInline let scheduler: any SchedulerType
  @usableFromInline let timer = _TimerSlot()
  @usableFromInline let resource: _ResourceToken

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(
    downstream: AnyObserver<Observable<Element>>, upstream: _Lifetime, timeSpan: RxTimeInterval,
    count: Int, scheduler: any SchedulerType
  ) {
    state = _Mutex(State(maxCount: count, downstream: downstream))
    self.upstream = upstream
    self.timeSpan = timeSpan
    self.scheduler = scheduler
    resource = _ResourceToken(inheriting: upstream.resource)
  }

  /// Emits the first window and starts its timer, before upstream is subscribed.
  @usableFromInline
  internal func start() {
    let first = state.withLock { state in state.enqueue(.open(state.current)) }
    perform(first)
    startTimer(generation: 0)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func upstreamEvent(_ event: Event<Element>) {
    var nextTimer: UInt64?
    let first = state.withLock { state -> _WindowAction<Element>? in
      switch event {
      case .next(let element):
        switch state.machine.elementArrived() {
        case .forward:
          return state.enqueue(.element(state.current, element))
        case .forwardAndRotate(let next):
          nextTimer = next
          let forward = _WindowAction.element(state.current, element)
          let (close, open) = state.rotate()
          return state.enqueue(forward, close, open)
        case .none:
          return nil
        }
      case .error, .completed:
        guard state.machine.upstreamTerminated() else { return nil }
        return state.enqueue(.finish(state.current, event))
      }
    }
    perform(first)
    if let nextTimer { startTimer(generation: nextTimer) }
  }

  @usableFromInline
  internal func startTimer(generation: UInt64) {
    let scheduled = scheduler.scheduleRelative(generation, dueTime: timeSpan) { generation in
      self.timerFired(generation: generation)
      return Disposables.create()
    }
    timer.install(scheduled, generation: generation)
  }

  private func timerFired(generation: UInt64) {
    var nextTimer: UInt64?
    let first = state.withLock { state -> _WindowAction<Element>? in
      guard case .rotate(let next) = state.machine.timerFired(generation: generation) else {
        return nil
      }
      nextTimer = next
      let (close, open) = state.rotate()
      return state.enqueue(close, open)
    }
    perform(first)
    if let nextTimer { startTimer(generation: nextTimer) }
  }

  /// Performs `first` and every action queued meanwhile, outside the lock.
  @usableFromInline
  internal func perform(_ first: _WindowAction<Element>?) {
    var next = first
    while let action = next {
      switch action {
      case .open(let window):
        let downstream = state.withLock { $0.downstream }
        downstream?.on(.next(windowObservable(window)))
      case .element(let window, let element):
        window.on(.next(element))
      case .close(let window):
        window.on(.completed)
      case .finish(let window, let event):
        window.on(event)
        let downstream = state.withLock { $0.downstream }
        if case .error(let error) = event {
          downstream?.on(.error(error))
        } else {
          downstream?.on(.completed)
        }
        tearDown()
        return
      }
      next = state.withLock { $0.actions.next()?.element }
    }
  }

  /// A window as the result emits it: subscribing to it keeps the upstream subscription alive.
  private func windowObservable(_ window: PublishSubject<Element>) -> Observable<Element> {
    Observable(_run: { [weak self] observer, lifetime in
      if let self {
        self.state.withLock { $0.windowSubscriptions += 1 }
        lifetime.onDispose { self.windowSubscriptionEnded() }
      }
      window._subscribe(observer, lifetime)
    })
  }

  private func windowSubscriptionEnded() {
    let unused = state.withLock { state -> Bool in
      state.windowSubscriptions -= 1
      return state.windowSubscriptions == 0 && state.downstream == nil
    }
    if unused { tearDown() }
  }

  /// The result's subscription was disposed.
  @usableFromInline
  internal func outerDisposed() {
    let (unused, released) = state.withLock { state in
      defer { state.downstream = nil }
      return (state.windowSubscriptions == 0, state.downstream)
    }
    _ = released
    if unused { tearDown() }
  }

  /// Stops the timer and the upstream subscription, and drops pending actions.
  private func tearDown() {
    let released = state.withLock {
      state -> (AnyObserver<Observable<Element>>?, _Queue<Event<_WindowAction<Element>>>)? in
      guard !state.isTornDown else { return nil }
      state.isTornDown = true
      state.machine.tornDown()
      defer { state.downstream = nil }
      return (state.downstream, state.actions.cancel())
    }
    _ = released
    timer.dispose()
    upstream.dispose()
  }
}
