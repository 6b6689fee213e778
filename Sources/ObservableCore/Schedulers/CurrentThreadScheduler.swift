/// A scheduler that runs work on the current thread, after the work it is already running.
///
/// The first `schedule` call on a thread runs its action at once and then, before returning,
/// runs everything that was scheduled on this thread in the meantime, in order. A `schedule`
/// call made while that happens only queues its action. This trampoline keeps recursive
/// scheduling flat: ``ImmediateSchedulerType/scheduleRecursive(_:action:)`` with a million
/// steps uses the stack of one.
///
/// ```swift
/// let scheduler = CurrentThreadScheduler.instance
/// _ = scheduler.schedule(()) { _ in
///   _ = scheduler.schedule(()) { _ in print("second"); return Disposables.create() }
///   print("first")
///   return Disposables.create()
/// }
/// // first, second
/// ```
///
/// Subscriptions share the trampoline, as in RxSwift: while a thread is inside a `subscribe`
/// call, work scheduled here waits for that call, and the synchronous sources (`of`, `from`,
/// `range`, `repeatElement`, `generate`) take their turns on it. See
/// "Synchronous sources take turns" in <doc:Schedulers>.
public final class CurrentThreadScheduler: ImmediateSchedulerType {
  /// The scheduler.
  public static let instance = CurrentThreadScheduler()

  private init() {}

  /// Whether a `schedule` call on this thread would run its action at once, because this
  /// thread is not already running scheduled work or a `subscribe` call.
  public static var isScheduleRequired: Bool {
    !_Trampoline.isActive
  }

  // No Swift 5-mode twin: a SchedulerType requirement (or its default), which cannot be
  // overloaded by language mode, so scheduler work is checked in every mode.
  /// Runs `action` now, or after the work this thread is already running.
  ///
  /// - Parameters:
  ///   - state: The value passed to `action`.
  ///   - action: The work to run.
  /// - Returns: A disposable that cancels the work if it is still queued, and disposes what
  ///   `action` returned if it has run.
  public func schedule<StateType: Sendable>(
    _ state: StateType,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    if _Trampoline.isActive {
      let item = _ScheduledItem { action(state) }
      _Trampoline.enqueue { item.run() }
      return item
    }
    var disposable: (any Disposable)?
    _Trampoline.withTrampoline { disposable = action(state) }
    return disposable ?? Disposables.create()
  }
}
