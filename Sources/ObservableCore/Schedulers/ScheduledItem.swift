/// One piece of scheduled work that can be cancelled before it runs.
///
/// Not public API.
///
/// Disposing it before it runs releases the work at once, so whatever the work captured is freed
/// even if the scheduler keeps its own reference to the item until the due time. Disposing it
/// after it ran disposes what the work returned.
@usableFromInline
internal final class _ScheduledItem: Cancelable {
  #if TRACE_RESOURCES
    /// Counts this object in `Resources.total` while it lives (the `TraceResources` trait).
    @usableFromInline
    internal let _traced = _TracedResource()
  #endif

  @usableFromInline
  internal let work: _Mutex<(@Sendable () -> any Disposable)?>
  @usableFromInline
  internal let result = SingleAssignmentDisposable()

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(_ work: @escaping @Sendable () -> any Disposable) {
    self.work = _Mutex(work)
  }

  /// Whether the item was disposed.
  @usableFromInline
  internal var isDisposed: Bool {
    result.isDisposed
  }

  /// Runs the work, unless it was disposed or has already run.
  @usableFromInline
  internal func run() {
    let work = self.work.withLock { work in
      defer { work = nil }
      return work
    }
    guard let work, !result.isDisposed else { return }
    result.setDisposable(work())
  }

  /// Cancels the work if it has not run, or disposes what it returned if it has.
  @usableFromInline
  internal func dispose() {
    let released = work.withLock { work in
      defer { work = nil }
      return work
    }
    _ = released
    result.dispose()
  }
}
