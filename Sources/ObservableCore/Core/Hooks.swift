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

  private static let errorHandler = _Mutex<DefaultErrorHandler>({ _, _ in })
  private static let captureCallStack = _Mutex<CustomCaptureSubscriptionCallstack>(
    _defaultCallStackCapture)
  @usableFromInline
  internal static let recordsCallStack = Atomic<Bool>(false)
  private static let debugLog = _Mutex<(@Sendable (String) -> Void)?>(nil)

  /// Called with every error that nothing else handles: an error reaching a `subscribe`
  /// without an `onError` handler, a `bind(to:)` to a relay, a ``Binder`` or `bind(onNext:)`,
  /// or thrown by a side effect that runs after the sequence ended (`do(afterError:)`).
  ///
  /// The default does nothing: the library never prints. Set it to log unhandled errors:
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
    get { errorHandler.withLock { $0 } }
    set { errorHandler.withLock { $0 = newValue } }
  }

  /// Returns the call stack that ``defaultErrorHandler`` receives, captured when a
  /// subscription is made while ``recordCallStackOnError`` is `true`.
  ///
  /// The default returns `Thread.callStackSymbols`: on Linux these are raw frames (addresses
  /// and mangled names), a cheap placeholder for a symbolicated stack. Set this to capture
  /// something more useful to you, such as a short description of the current screen.
  public static var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack {
    get { captureCallStack.withLock { $0 } }
    set { captureCallStack.withLock { $0 = newValue } }
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
  @inlinable
  public static func _subscriptionCallStack() -> [String] {
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
  /// The default is `nil`, which drops the lines: the library never prints. To see them on
  /// standard output, as RxSwift's `debug` does, set:
  ///
  /// ```swift
  /// Hooks.debugLogger = { print($0) }
  /// ```
  public static var debugLogger: (@Sendable (String) -> Void)? {
    get { debugLog.withLock { $0 } }
    set { debugLog.withLock { $0 = newValue } }
  }
}

/// The default ``Hooks/customCaptureSubscriptionCallstack``.
private let _defaultCallStackCapture: Hooks.CustomCaptureSubscriptionCallstack = {
  #if canImport(Foundation)
    return Thread.callStackSymbols
  #else
    return []
  #endif
}
