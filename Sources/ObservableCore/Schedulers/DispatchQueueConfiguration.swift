import Dispatch

/// The scheduling shared by the dispatch-queue schedulers.
///
/// Not public API.
///
/// Immediate work is a `queue.async` call. Delayed and periodic work uses a dispatch timer
/// source on the queue, with the scheduler's leeway; disposing cancels the timer and releases
/// the work at once.
@usableFromInline
internal struct _DispatchQueueConfiguration: Sendable {
  @usableFromInline let queue: DispatchQueue
  @usableFromInline let leeway: DispatchTimeInterval

  @usableFromInline
  init(queue: DispatchQueue, leeway: DispatchTimeInterval) {
    self.queue = queue
    self.leeway = leeway
  }

  @usableFromInline
  func schedule<StateType: Sendable>(
    _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    let item = _ScheduledItem { action(state) }
    queue.async { item.run() }
    return item
  }

  @usableFromInline
  func scheduleRelative<StateType: Sendable>(
    _ state: StateType, dueTime: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    let item = _ScheduledItem { action(state) }
    guard let delay = dueTime._nanoseconds else { return item }
    let timer = _DispatchTimer(queue: queue)
    let cancelable = Disposables.create(item, timer)
    timer.start(
      deadline: .now() + .nanoseconds(max(0, delay)), repeating: .never, leeway: leeway
    ) {
      item.run()
      timer.dispose()
    }
    return cancelable
  }

  @usableFromInline
  func schedulePeriodic<StateType: Sendable>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> StateType
  ) -> any Disposable {
    guard let delay = startAfter._nanoseconds else { return Disposables.create() }
    let repeating: DispatchTimeInterval =
      period._nanoseconds.map { .nanoseconds(max(0, $0)) } ?? .never
    let run = _PeriodicDispatchRun(state: state, action: action)
    let timer = _DispatchTimer(queue: queue)
    timer.start(
      deadline: .now() + .nanoseconds(max(0, delay)), repeating: repeating, leeway: leeway
    ) {
      run.tick()
    }
    return Disposables.create(timer, run)
  }
}

/// A dispatch timer source that can be shared across threads.
private final class _DispatchTimer:
  // SAFETY: `source` is immutable and dispatch sources are thread-safe: `schedule`, `resume` and
  // `cancel` may be called from any thread.
  @unchecked Sendable, Disposable
{
  #if TRACE_RESOURCES
    /// Counts this object in `Resources.total` while it lives (the `TraceResources` trait).
    private let _traced = _TracedResource()
  #endif

  private let source: any DispatchSourceTimer

  init(queue: DispatchQueue) {
    source = DispatchSource.makeTimerSource(queue: queue)
  }

  /// Arms the timer.
  ///
  /// The handler keeps the timer alive until it is cancelled.
  func start(
    deadline: DispatchTime, repeating: DispatchTimeInterval, leeway: DispatchTimeInterval,
    handler: @escaping @Sendable () -> Void
  ) {
    source.setEventHandler(handler: handler)
    source.schedule(deadline: deadline, repeating: repeating, leeway: leeway)
    source.resume()
  }

  /// Cancels the timer; dispatch then releases its handler.
  func dispose() {
    source.cancel()
  }
}

/// The state of one periodic run on a dispatch timer.
///
/// A timer source never runs its handler twice at once, so ticks never overlap.
private final class _PeriodicDispatchRun<State: Sendable>: Disposable {
  #if TRACE_RESOURCES
    /// Counts this object in `Resources.total` while it lives (the `TraceResources` trait).
    private let _traced = _TracedResource()
  #endif

  private struct Run {
    var state: State
    var action: (@Sendable (State) -> State)?
  }

  private let run: _Mutex<Run>

  init(state: State, action: @escaping @Sendable (State) -> State) {
    run = _Mutex(Run(state: state, action: action))
  }

  func tick() {
    guard case (let state, let action?) = run.withLock({ ($0.state, $0.action) }) else { return }
    let next = action(state)
    run.withLock { $0.state = next }
  }

  func dispose() {
    let released = run.withLock { run in
      defer { run.action = nil }
      return run.action
    }
    _ = released
  }
}
