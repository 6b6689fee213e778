/// A disposable that only records whether it has been disposed.
///
/// Useful as a cancellation flag that a loop checks between steps.
public final class BooleanDisposable: Cancelable {
  #if TRACE_RESOURCES
    /// Counts this object in `Resources.total` while it lives (the `TraceResources` trait).
    private let _traced = _TracedResource()
  #endif

  private let disposed: _Atomic<Bool>

  /// Creates a disposable that has not been disposed.
  public init() {
    disposed = _Atomic(false)
  }

  /// Creates a disposable that is already disposed if `isDisposed` is `true`.
  ///
  /// - Parameter isDisposed: The initial state.
  public init(isDisposed: Bool) {
    disposed = _Atomic(isDisposed)
  }

  /// Whether ``dispose()`` has been called.
  public var isDisposed: Bool {
    disposed.load(ordering: .sequentiallyConsistent)
  }

  /// Marks this disposable as disposed.
  public func dispose() {
    disposed.store(true, ordering: .sequentiallyConsistent)
  }
}
