import Synchronization

// `Thread.callStackSymbols`, the default call-stack capture, is in Foundation proper; the rest
// of the module only needs FoundationEssentials.
#if canImport(Foundation)
  import Foundation
#endif

/// Global hooks for events that have no other place to go.
///
/// Every property is safe to read and set from any thread. The hooks are process-wide: set
/// them once, early (in `main` or a test's set-up), rather than swapping them back and forth
/// while sequences run.
public enum Hooks {
  /// The type of ``defaultErrorHandler``: receives the call stack recorded when the failing
  /// subscription was made (empty unless ``recordCallStackOnError`` is `true`) and the error.
  public typealias DefaultErrorHandler =
    @Sendable (_ subscriptionCallStack: [String], _ error: any Swift.Error) -> Void

  /// The type of ``customCaptureSubscriptionCallstack``: returns a description of the current
  /// call stack, one frame per string.
  public typealias CustomCaptureSubscriptionCallstack = @Sendable () -> [String]

  /// The type of ``reentrancyAnomalyHandler``: receives a description of the anomaly, several
  /// lines long, that names the subject and the event.
  public typealias ReentrancyAnomalyHandler = @Sendable (_ message: String) -> Void

  /// The type of ``mainThreadViolationHandler``: receives a description of the violation.
  public typealias MainThreadViolationHandler = @Sendable (_ message: String) -> Void

  private static let errorHandler = _HookStorage<DefaultErrorHandler>(
    _defaultUnhandledErrorHandler)
  private static let captureCallStack = _HookStorage<CustomCaptureSubscriptionCallstack>(
    _defaultCallStackCapture)
  @usableFromInline
  internal static let recordsCallStack = _Atomic<Bool>(false)
  private static let debugLog = _HookStorage<(@Sendable (String) -> Void)?>(_defaultDebugLogger)
  /// The handler set through ``reentrancyAnomalyHandler``, or `nil` for the default behaviour.
  private static let reentrancyHandler = _HookStorage<ReentrancyAnomalyHandler?>(nil)
  /// Whether ``reentrancyAnomalyHandler`` has been set, so that a report in the default
  /// behaviour costs one atomic load rather than a lock.
  private static let hasReentrancyHandler = _Atomic<Bool>(false)
  private static let mainThreadHandler = _HookStorage<MainThreadViolationHandler>(
    _defaultMainThreadViolationHandler)

  /// Called with every error that nothing else handles: an error reaching a `subscribe`
  /// without an `onError` handler, a `bind(to:)` to a relay, a ``Binder`` or `bind(onNext:)`,
  /// or thrown by a side effect that runs after the sequence ended (`do(afterError:)`).
  ///
  /// The default does what RxSwift's does. In a debug build of ObservableCore (one compiled
  /// with `DEBUG` defined, as SwiftPM's debug configuration does) it prints
  /// `Unhandled error happened: <error>` to standard output, followed by
  /// `subscription called from:` and the recorded call stack when there is one. In a release
  /// build it does nothing. Set it to send unhandled errors somewhere else:
  ///
  /// ```swift
  /// Hooks.defaultErrorHandler = { callStack, error in
  ///   logger.error("Unhandled error: \(error)\n\(callStack.joined(separator: "\n"))")
  /// }
  /// ```
  ///
  /// The handler runs on the thread that delivered the error, outside every lock of the
  /// library, so it may subscribe, dispose or set hooks itself.
  public static var defaultErrorHandler: DefaultErrorHandler {
    get { errorHandler.value }
    set { errorHandler.replace(with: newValue) }
  }

  /// Returns the call stack that ``defaultErrorHandler`` receives, captured when a
  /// subscription is made while ``recordCallStackOnError`` is `true`.
  ///
  /// The default returns `Thread.callStackSymbols`: on Linux these are raw frames (addresses
  /// and mangled names), a cheap placeholder for a symbolicated stack. Set this to capture
  /// something more useful to you, such as a short description of the current screen.
  public static var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack {
    get { captureCallStack.value }
    set { captureCallStack.replace(with: newValue) }
  }

  /// Whether subscribing records the call stack, through
  /// ``customCaptureSubscriptionCallstack``, so that ``defaultErrorHandler`` can say where an
  /// unhandled error's subscription was made.
  ///
  /// The default is `false`, because capturing a stack on every subscription is slow. Turn it
  /// on while debugging.
  public static var recordCallStackOnError: Bool {
    get { recordsCallStack.load(ordering: .relaxed) }
    set { recordsCallStack.store(newValue, ordering: .relaxed) }
  }

  /// Passes an unhandled error to ``defaultErrorHandler``.
  ///
  /// Not public API.
  ///
  /// - Parameters:
  ///   - error: The unhandled error.
  ///   - subscriptionCallStack: What `_subscriptionCallStack()` returned when the failing
  ///     subscription was made; empty when there is none.
  public static func reportUnhandledError(
    _ error: any Swift.Error, subscriptionCallStack: [String] = []
  ) {
    let handler = defaultErrorHandler
    handler(subscriptionCallStack, error)
  }

  /// Captures the call stack for a subscription being made now, if ``recordCallStackOnError``
  /// is `true`; otherwise returns an empty array without calling anything.
  ///
  /// Not public API.
  ///
  /// - Returns: The captured stack, or `[]`.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package static func _subscriptionCallStack() -> [String] {
    guard recordsCallStack.load(ordering: .relaxed) else { return [] }
    return _captureSubscriptionCallStack()
  }

  @usableFromInline
  internal static func _captureSubscriptionCallStack() -> [String] {
    let capture = customCaptureSubscriptionCallstack
    return capture()
  }

  /// Receives every line that `debug(_:trimOutput:file:line:function:)` produces.
  ///
  /// The default prints each line to standard output, as RxSwift's `debug` does, in every
  /// build. Set a closure to send the lines elsewhere, or `nil` to drop them:
  ///
  /// ```swift
  /// Hooks.debugLogger = { line in logger.debug("\(line)") }
  /// Hooks.debugLogger = nil          // debug() prints nothing
  /// ```
  ///
  /// The logger runs on the thread that delivered the event, outside every lock of the
  /// library.
  public static var debugLogger: (@Sendable (String) -> Void)? {
    get { debugLog.value }
    set { debugLog.replace(with: newValue) }
  }

  /// Called, in a debug build of ObservableCore, when an event is sent to a subject or relay
  /// from inside the delivery of its previous event, on the same thread.
  ///
  /// A subject queues such an event and delivers it once the current delivery returns, so that
  /// every observer receives one event at a time and all observers see the same order. RxSwift
  /// instead delivers it at once, in the middle of the current delivery, and prints a
  /// "Reentrancy anomaly" warning; code that relies on that nesting sees a different order
  /// here.
  ///
  /// Until you set this property, reports are printed to standard output, and only a few per
  /// subject, so that a feedback loop that sends thousands of events neither floods the output
  /// nor slows down: a subject's first reentrant event prints a warning of several lines that
  /// starts with `⚠️ Reentrancy anomaly was detected.`, and afterwards the subject prints one
  /// line, `⚠️ Reentrancy anomaly: <subject> has queued <count> reentrant events, …`, when its
  /// count reaches 10, 100, 1,000 and every further power of ten. A relay counts as the subject
  /// it wraps.
  ///
  /// Once set, the closure is called for every reentrant event, each time with the full
  /// warning, which names the subject and the event. Set a closure to log the reports
  /// elsewhere, or `{ _ in }` to silence them when the feedback is intended:
  ///
  /// ```swift
  /// Hooks.reentrancyAnomalyHandler = { message in logger.warning("\(message)") }
  /// ```
  ///
  /// Reading the property before setting it returns a closure that prints every message it is
  /// given: the "first in full, then a count at each power of ten" limit belongs to the unset
  /// hook, not to that closure. So a handler that wraps the value read, such as
  /// `{ message in log(message); previous(message) }`, prints every report, and assigning the
  /// value read back to the property does the same.
  ///
  /// In a release build subjects do not check for reentrancy, and the hook is never called.
  /// The handler runs on the thread that sent the event, outside every lock of the library.
  public static var reentrancyAnomalyHandler: ReentrancyAnomalyHandler {
    get { reentrancyHandler.value ?? _defaultReentrancyAnomalyHandler }
    set {
      reentrancyHandler.replace(with: newValue)
      hasReentrancyHandler.store(true, ordering: .releasing)
    }
  }

  /// Reports the `count`th reentrant event sent to one subject: to the handler set in
  /// ``reentrancyAnomalyHandler`` every time, in full; by default, printed in full the first
  /// time and as one line when `count` is a power of ten.
  ///
  /// Not public API.
  ///
  /// - Parameters:
  ///   - subject: The subject's type name.
  ///   - count: How many reentrant events this subject has queued, this one included.
  ///   - event: A description of the queued event; not evaluated unless something is reported.
  @usableFromInline
  internal static func _reportReentrancyAnomaly(
    subject: String, count: Int, event: @autoclosure () -> String
  ) {
    if hasReentrancyHandler.load(ordering: .acquiring),
      let handler = reentrancyHandler.value
    {
      handler(_reentrancyAnomalyMessage(subject: subject, event: event()))
    } else if count == 1 {
      _defaultReentrancyAnomalyHandler(_reentrancyAnomalyMessage(subject: subject, event: event()))
    } else if _isPowerOfTen(count) {
      _defaultReentrancyAnomalyHandler(
        "⚠️ Reentrancy anomaly: \(subject) has queued \(count) reentrant events, the last "
          + "\(event()); only its first was reported in full.")
    }
  }
}

/// A hook's value, a closure, behind a lock.
///
/// The closure is kept in a class, `_HookBox`, rather than in the `_Mutex` itself:
/// `_Mutex.withLock` hands its value to the body `inout`, as a generic parameter, and in an
/// unoptimized build a closure read that way is converted to the generic representation and
/// back, and the converted closure is written back. Each read wrapped the stored closure in two
/// more reabstraction thunks, so a hook read once per event (`debugLogger` for each line of
/// `debug()`, the reentrancy hook for each report) grew without bound and every call ran
/// through the whole chain. A class reference has a single representation and comes out as it
/// went in.
private final class _HookStorage<Value: Sendable>: Sendable {
  private let box: _Mutex<_HookBox<Value>>

  init(_ value: Value) {
    box = _Mutex(_HookBox(value))
  }

  /// The current value.
  var value: Value {
    box.withLock { $0 }.value
  }

  /// Replaces the value; the previous one is released after the lock, as it may capture
  /// objects whose `deinit` calls out.
  func replace(with value: Value) {
    let new = _HookBox(value)
    let previous = box.withLock { box in
      defer { box = new }
      return box
    }
    _ = previous
  }
}

/// A hook's value in a class, which `_HookStorage` reads out of its lock unchanged.
private final class _HookBox<Value: Sendable>: Sendable {
  let value: Value

  init(_ value: Value) {
    self.value = value
  }
}

/// The full report of a reentrant event, which ``Hooks/reentrancyAnomalyHandler`` receives.
private func _reentrancyAnomalyMessage(subject: String, event: String) -> String {
  """
  ⚠️ Reentrancy anomaly was detected.
    > Subject: \(subject), event: \(event)
    > Problem: the event was sent from inside an observer while the subject was still
      delivering its previous event, on the same thread.
    > Behavior: the event is queued and delivered once the current delivery returns, so no
      observer receives two events at once. RxSwift delivers it at once, nested inside the
      current delivery: code that relies on that order behaves differently here.
    > Remedy: if the feedback is intended, schedule it, for example with
      `.observe(on: MainScheduler.asyncInstance)`, or handle these reports with
      `Hooks.reentrancyAnomalyHandler`.
  """
}

/// Whether `count` is 10, 100, 1,000 or a further power of ten.
private func _isPowerOfTen(_ count: Int) -> Bool {
  guard count >= 10 else { return false }
  var remaining = count
  while remaining % 10 == 0 { remaining /= 10 }
  return remaining == 1
}

extension Hooks {
  /// Called when `MainScheduler.ensureExecutingOnScheduler(errorMessage:)` or
  /// `MainScheduler.ensureRunningOnMainThread(errorMessage:)` finds the caller off the main
  /// thread, for example when ObservableCocoa's `drive` is called on a background thread.
  ///
  /// RxSwift stops the process there (`fatalError`). A library here never crashes on its
  /// user's input, so the check reports the violation instead, and the caller goes on: the
  /// work then runs on the wrong thread, which is the bug to fix.
  ///
  /// The default does what ``defaultErrorHandler``'s does for unhandled errors: in a debug
  /// build of ObservableCore (one compiled with `DEBUG` defined, as SwiftPM's debug
  /// configuration does) it prints a line that starts with `⚠️ Main thread violation:` to
  /// standard output, so that the mistake is seen while developing; in a release build it does
  /// nothing. Set a closure to send the reports elsewhere, or to stop in a debugger:
  ///
  /// ```swift
  /// Hooks.mainThreadViolationHandler = { message in
  ///   logger.fault("\(message)")
  ///   assertionFailure(message)   // RxSwift's behaviour, in debug builds of the app only
  /// }
  /// ```
  ///
  /// The handler runs on the thread that made the check, outside every lock of the library.
  public static var mainThreadViolationHandler: MainThreadViolationHandler {
    get { mainThreadHandler.value }
    set { mainThreadHandler.replace(with: newValue) }
  }

  /// Passes a main-thread violation to ``mainThreadViolationHandler``.
  ///
  /// - Parameter message: The description of the violation.
  internal static func _reportMainThreadViolation(_ message: String) {
    let handler = mainThreadViolationHandler
    handler(message)
  }
}

/// The default ``Hooks/mainThreadViolationHandler``: a warning in debug builds, nothing in
/// release builds.
private let _defaultMainThreadViolationHandler: Hooks.MainThreadViolationHandler = { message in
  #if DEBUG
    print("⚠️ Main thread violation: \(message)")
  #endif
}

/// The default ``Hooks/defaultErrorHandler``: RxSwift's report in debug builds, nothing in
/// release builds.
private let _defaultUnhandledErrorHandler: Hooks.DefaultErrorHandler = { callStack, error in
  #if DEBUG
    print("Unhandled error happened: \(error)")
    if !callStack.isEmpty {
      print("subscription called from:\n\(callStack.joined(separator: "\n"))")
    }
  #endif
}

/// The default ``Hooks/debugLogger``: standard output, as RxSwift's `debug` prints.
private let _defaultDebugLogger: @Sendable (String) -> Void = { line in
  print(line)
}

/// What reading ``Hooks/reentrancyAnomalyHandler`` returns before it is set: prints every
/// message it is given.
///
/// The unset hook calls it only for the reports it lets through.
private let _defaultReentrancyAnomalyHandler: Hooks.ReentrancyAnomalyHandler = { message in
  print(message)
}

/// The default ``Hooks/customCaptureSubscriptionCallstack``.
private let _defaultCallStackCapture: Hooks.CustomCaptureSubscriptionCallstack = {
  #if canImport(Foundation)
    return Thread.callStackSymbols
  #else
    return []
  #endif
}
