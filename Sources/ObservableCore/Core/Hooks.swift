import Synchronization

/// Global hooks for events that have no other place to go.
public enum Hooks {
  private static let errorHandler = _Mutex<(@Sendable (any Swift.Error) -> Void)?>(nil)
  private static let debugLog = _Mutex<(@Sendable (String) -> Void)?>(nil)

  /// Called with every error that reaches a `subscribe` without an `onError` handler.
  ///
  /// The default does nothing: the library never prints. Set it to log unhandled errors.
  public static var defaultErrorHandler: (@Sendable (any Swift.Error) -> Void)? {
    get { errorHandler.withLock { $0 } }
    set { errorHandler.withLock { $0 = newValue } }
  }

  /// Passes an unhandled error to ``defaultErrorHandler``.

  ///

  /// Not public API.
  ///
  /// - Parameter error: The unhandled error.
  public static func reportUnhandledError(_ error: any Swift.Error) {
    defaultErrorHandler?(error)
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
