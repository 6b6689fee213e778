/// A disposable that disposes its underlying disposable on a scheduler.
///
/// Use it for a resource that must be released on a particular thread or queue, whichever
/// thread the subscription is disposed from.
///
/// ```swift
/// let disposable = ScheduledDisposable(scheduler: MainScheduler.instance, disposable: view)
/// disposable.dispose()   // view.dispose() runs on the main queue
/// ```
public final class ScheduledDisposable: Cancelable {
  #if TRACE_RESOURCES
    /// Counts this object in `Resources.total` while it lives (the `TraceResources` trait).
    private let _traced = _TracedResource()
  #endif

  /// The scheduler on which the underlying disposable is disposed.
  public let scheduler: any ImmediateSchedulerType

  private let disposable: _Mutex<(any Disposable)?>
  private let isDisposeScheduled = _Atomic<Bool>(false)

  /// Creates a disposable that disposes `disposable` on `scheduler`.
  ///
  /// - Parameters:
  ///   - scheduler: Where `disposable` is disposed.
  ///   - disposable: The disposable to dispose.
  public init(scheduler: any ImmediateSchedulerType, disposable: any Disposable) {
    self.scheduler = scheduler
    self.disposable = _Mutex(disposable)
  }

  /// Whether the underlying disposable has been disposed.
  ///
  /// This becomes `true` when the scheduler runs the disposal, not when ``dispose()`` is
  /// called.
  public var isDisposed: Bool {
    disposable.withLock { $0 == nil }
  }

  /// Schedules the disposal of the underlying disposable on ``scheduler``.
  ///
  /// Only the first call schedules anything; the underlying disposable is disposed once.
  public func dispose() {
    guard
      !isDisposeScheduled.exchange(true, ordering: .sequentiallyConsistent)
    else { return }
    _ = scheduler.schedule(self) { scheduled in
      scheduled.disposeInner()
      return Disposables.create()
    }
  }

  private func disposeInner() {
    let inner = disposable.withLock { disposable in
      defer { disposable = nil }
      return disposable
    }
    inner?.dispose()
  }
}
