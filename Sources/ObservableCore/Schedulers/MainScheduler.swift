import Dispatch
import ObservableCoreShims

/// A scheduler for work that must run on the main dispatch queue, such as UI updates.
///
/// ``instance`` runs an action at once when called on the main queue with nothing else of
/// its own pending, and otherwise queues it on the main queue. ``asyncInstance`` always
/// queues.
///
/// On Linux the main queue is drained by whatever runs the main thread's loop: `dispatchMain()`,
/// or, in a program with an `async` `main`, the main actor, whose executor is the main queue.
/// So this works in a command-line tool:
///
/// ```swift
/// @main struct Tool {
///   static func main() async {
///     let background = ConcurrentDispatchQueueScheduler(qos: .default)
///     await withCheckedContinuation { done in
///       _ = Observable<Int>.interval(.milliseconds(100), scheduler: background)
///         .take(3)
///         .observe(on: MainScheduler.instance)   // delivered on the main thread
///         .subscribe(onNext: { print($0) }, onCompleted: { done.resume() })
///     }
///   }
/// }
/// ```
///
/// The main queue only runs work while the main thread is free: do not block it waiting for
/// something that is scheduled on it.
public final class MainScheduler: SerialDispatchQueueScheduler,
  // SAFETY: adds only an atomic counter to the superclass's immutable configuration.
  @unchecked Sendable
{
  /// The main-queue scheduler that runs work at once when it is already on the main queue.
  public static let instance = MainScheduler()

  /// A main-queue scheduler that always queues work, even when called on the main queue.
  public static let asyncInstance = SerialDispatchQueueScheduler(serialQueue: DispatchQueue.main)

  fileprivate let numberEnqueued = _Atomic<Int>(0)

  /// Creates a scheduler on the main queue.
  ///
  /// Most code uses ``instance``.
  public init() {
    super.init(serialQueue: DispatchQueue.main)
  }

  /// Whether the caller runs on the process's main thread.
  ///
  /// Not API: ObservableCocoa calls it for each element a main-actor closure receives.
  /// Unlike Foundation's `Thread.isMainThread`, which asks the kernel on Linux each time, it
  /// compares the current thread with the main thread recorded when the library was loaded.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package static var _isOnMainThread: Bool {
    observable_is_main_thread()
  }

  /// Whether the caller is running on the main dispatch queue.
  public static var isOnMainQueue: Bool {
    DispatchQueue.getSpecific(key: _mainQueueKey) != nil
  }

  /// Whether the caller runs on the main thread or on the main queue: where the main actor's
  /// work runs.
  ///
  /// Not API: ``ensureRunningOnMainThread(errorMessage:)`` checks it, and ObservableCocoa checks
  /// it before each call of a main-actor closure. Both are needed on Linux, where they differ
  /// once a program calls `dispatchMain()`, as test runners do: the main queue (and with it the
  /// main actor) is then drained by another thread. The thread is checked first: it is the
  /// cheaper check, and the usual answer in an app.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package static var _isOnMainThreadOrQueue: Bool {
    _isOnMainThread || isOnMainQueue
  }

  /// Runs `action` now if the caller is on the main queue and no other work of this scheduler
  /// is pending; otherwise queues it on the main queue.
  ///
  /// - Parameters:
  ///   - state: The value passed to `action`.
  ///   - action: The work to run.
  /// - Returns: A disposable that cancels the work if it has not started.
  public override func schedule<StateType: Sendable>(
    _ state: StateType,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    let previouslyEnqueued = numberEnqueued.add(1, ordering: .sequentiallyConsistent).oldValue
    if previouslyEnqueued == 0, Self.isOnMainQueue {
      let disposable = action(state)
      numberEnqueued.subtract(1, ordering: .sequentiallyConsistent)
      return disposable
    }
    let item = _ScheduledItem { action(state) }
    DispatchQueue.main.async {
      item.run()
      self.numberEnqueued.subtract(1, ordering: .sequentiallyConsistent)
    }
    return item
  }
}

extension MainScheduler {
  /// Claims the main queue for work the caller runs at once: on the main thread or queue,
  /// with no work of this scheduler pending or running.
  ///
  /// ``schedule(_:action:)`` runs an action at once under the same condition but asks for the
  /// main queue only; on Linux the two differ only after `dispatchMain()`, when no code runs
  /// on the main thread.
  ///
  /// Not API: `observe(on:)` delivers this way without scheduling an action. While the claim
  /// is held, ``schedule(_:action:)`` queues its work behind it, as it does behind an action
  /// it runs itself.
  ///
  /// - Returns: Whether the caller may run its work now; if so, it calls ``_endInline()``
  ///   when the work is done.
  @usableFromInline
  package func _beginInline() -> Bool {
    guard Self._isOnMainThreadOrQueue else { return false }
    return numberEnqueued.compareExchange(
      expected: 0, desired: 1, ordering: .sequentiallyConsistent
    ).exchanged
  }

  /// Releases the claim ``_beginInline()`` took.
  @usableFromInline
  package func _endInline() {
    numberEnqueued.subtract(1, ordering: .sequentiallyConsistent)
  }

  /// Reports to ``Hooks/mainThreadViolationHandler`` when the caller is not running on the
  /// main dispatch queue, the queue this scheduler runs its work on.
  ///
  /// RxSwift stops the process with `fatalError` there. This check reports and returns, so
  /// calling it where a user's mistake can reach it never crashes the app. Work the main
  /// actor runs is on the main queue.
  ///
  /// - Parameter errorMessage: What to report; the default says that the caller is on a
  ///   background thread and how to get onto the main queue.
  public static func ensureExecutingOnScheduler(errorMessage: String? = nil) {
    guard !isOnMainQueue else { return }
    Hooks._reportMainThreadViolation(
      errorMessage
        ?? "Executing on a background thread. Run this work on the main queue, through "
        + "`MainScheduler.instance.schedule` or `observe(on: MainScheduler.instance)`.")
  }

  /// Reports to ``Hooks/mainThreadViolationHandler`` when the caller is running neither on
  /// the main thread nor on the main dispatch queue.
  ///
  /// RxSwift stops the process with `fatalError` there, and does not check on Linux, where
  /// its Foundation lacked `Thread.isMainThread`. This check reports and returns. It accepts
  /// the main queue as well as the main thread because on Linux they can differ: once a
  /// program calls `dispatchMain()`, as test runners do, the main queue (and with it the main
  /// actor) is drained by another thread.
  ///
  /// - Parameter errorMessage: What to report; the default says that the caller is on a
  ///   background thread.
  public static func ensureRunningOnMainThread(errorMessage: String? = nil) {
    guard !_isOnMainThreadOrQueue else { return }
    Hooks._reportMainThreadViolation(errorMessage ?? "Running on a background thread.")
  }
}

/// Marks the main queue, so that code can tell whether it is running on it.
private let _mainQueueKey: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()
