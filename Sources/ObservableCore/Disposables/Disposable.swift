/// A resource that can be released, such as a subscription.
///
/// Disposing is idempotent and thread-safe for every disposable in this library: calling
/// ``dispose()`` twice, or from two threads at once, releases the resource exactly once.
public protocol Disposable: Sendable {
  /// Releases the resource.
  func dispose()
}

/// A disposable that can report whether it was disposed.
public protocol Cancelable: Disposable {
  /// Whether ``Disposable/dispose()`` has been called.
  var isDisposed: Bool { get }
}
