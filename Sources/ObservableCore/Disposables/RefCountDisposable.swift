/// A disposable that disposes its underlying disposable only once it has been disposed itself
/// and every dependent disposable handed out by ``retain()`` has been disposed too.
///
/// Use it when several consumers share one resource and the owner may give it up before they
/// have finished with it:
///
/// ```swift
/// let shared = RefCountDisposable(disposable: connection)
/// let reader = shared.retain()
/// shared.dispose()       // the connection stays open: a reader remains
/// reader.dispose()       // the last one out disposes the connection
/// ```
public final class RefCountDisposable: Cancelable {
  #if TRACE_RESOURCES
    /// Counts this object in `Resources.total` while it lives (the `TraceResources` trait).
    private let _traced = _TracedResource()
  #endif

  private struct State {
    var disposable: (any Disposable)?
    var isPrimaryDisposed = false
    var retainCount = 0

    mutating func take() -> (any Disposable)? {
      defer { disposable = nil }
      return disposable
    }
  }

  private let state: _Mutex<State>

  /// Creates a reference-counting wrapper around `disposable`.
  ///
  /// - Parameter disposable: The disposable to dispose when this one and every dependent one
  ///   have been disposed.
  public init(disposable: any Disposable) {
    state = _Mutex(State(disposable: disposable))
  }

  /// Whether the underlying disposable has been disposed.
  public var isDisposed: Bool {
    state.withLock { $0.disposable == nil }
  }

  /// Returns a dependent disposable that keeps the underlying disposable alive until it is
  /// disposed.
  ///
  /// Disposing a dependent more than once counts once.
  ///
  /// - Returns: A new dependent disposable, or a no-op disposable if the underlying disposable
  ///   has already been disposed.
  public func retain() -> any Disposable {
    let retained = state.withLock { state -> Bool in
      guard state.disposable != nil else { return false }
      state.retainCount += 1
      return true
    }
    return retained ? _RefCountInnerDisposable(parent: self) : Disposables.create()
  }

  /// Gives up the primary reference.
  ///
  /// The underlying disposable is disposed now if no dependent is outstanding, or else when
  /// the last one is disposed. Calling this again does nothing.
  public func dispose() {
    let toDispose = state.withLock { state -> (any Disposable)? in
      guard state.disposable != nil, !state.isPrimaryDisposed else { return nil }
      state.isPrimaryDisposed = true
      return state.retainCount == 0 ? state.take() : nil
    }
    toDispose?.dispose()
  }

  fileprivate func release() {
    let toDispose = state.withLock { state -> (any Disposable)? in
      guard state.disposable != nil else { return nil }
      state.retainCount -= 1
      return state.isPrimaryDisposed && state.retainCount == 0 ? state.take() : nil
    }
    toDispose?.dispose()
  }
}

/// A dependent of a ``RefCountDisposable``: releases its reference once.
private final class _RefCountInnerDisposable: Disposable {
  #if TRACE_RESOURCES
    /// Counts this object in `Resources.total` while it lives (the `TraceResources` trait).
    private let _traced = _TracedResource()
  #endif

  private let parent: _Mutex<RefCountDisposable?>

  init(parent: RefCountDisposable) {
    self.parent = _Mutex(parent)
  }

  func dispose() {
    let parent = parent.withLock { parent in
      defer { parent = nil }
      return parent
    }
    parent?.release()
  }
}
