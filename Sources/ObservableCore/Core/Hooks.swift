import Synchronization

/// Global hooks for events that have no other place to go.
public enum Hooks {
  private static let errorHandler = Mutex<(@Sendable (any Swift.Error) -> Void)?>(nil)

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
}
