#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
public final class CurrentThreadScheduler: ImmediateSchedulerType {
  /// The scheduler.
  public static let instance = CurrentThreadScheduler()

  private init() {}

  /// Whether a `schedule` call on this thread would run its action at once, because this
  /// thread is not already running scheduled work.
  public static var isScheduleRequired: Bool {
    _Trampoline.current == nil
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
    if let trampoline = _Trampoline.current {
      let item = _ScheduledItem { action(state) }
      trampoline.queue.append(item)
      return item
    }
    let trampoline = _Trampoline()
    _Trampoline.current = trampoline
    defer { _Trampoline.current = nil }
    let disposable = action(state)
    while let item = trampoline.queue.popFirst() {
      item.run()
    }
    return disposable
  }
}

/// The queue of work scheduled on one thread while it runs scheduled work.
///
/// Only the thread that created it touches it, so it needs no lock.
private final class _Trampoline {
  var queue = _Queue<_ScheduledItem>()

  /// The trampoline of the current thread, if it is running scheduled work.
  static var current: _Trampoline? {
    get {
      guard let pointer = pthread_getspecific(_trampolineKey) else { return nil }
      return Unmanaged<_Trampoline>.fromOpaque(pointer).takeUnretainedValue()
    }
    set {
      // The owner keeps the trampoline alive while it is current, so the slot holds it
      // unretained.
      let pointer = newValue.map { Unmanaged.passUnretained($0).toOpaque() }
      _ = pthread_setspecific(_trampolineKey, pointer)
    }
  }
}

/// The thread-local slot that holds each thread's current trampoline.
private let _trampolineKey: pthread_key_t = {
  var key = pthread_key_t()
  _ = pthread_key_create(&key, nil)
  return key
}()
