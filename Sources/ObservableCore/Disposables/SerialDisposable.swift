/// Holds one disposable at a time; replacing it disposes the previous one.
///
/// Once the serial disposable is disposed, any disposable assigned later is disposed at once.
public final class SerialDisposable: Cancelable {
  #if TRACE_RESOURCES
    /// Counts this object in `Resources.total` while it lives (the `TraceResources` trait).
    private let _traced = _TracedResource()
  #endif

  private struct State {
    var current: (any Disposable)?
    var isDisposed = false
  }

  private let state = _Mutex(State())

  /// Creates an empty serial disposable.
  public init() {}

  /// Whether the serial disposable has been disposed.
  public var isDisposed: Bool {
    state.withLock { $0.isDisposed }
  }

  /// The current disposable.
  ///
  /// Setting it disposes the previous one, or disposes the new one if this serial disposable
  /// is already disposed.
  public var disposable: any Disposable {
    get { state.withLock { $0.current } ?? Disposables.create() }
    set {
      let toDispose = state.withLock { state -> (any Disposable)? in
        if state.isDisposed { return newValue }
        defer { state.current = newValue }
        return state.current
      }
      toDispose?.dispose()
    }
  }

  /// Disposes the current disposable and every later one.
  public func dispose() {
    let current = state.withLock { state -> (any Disposable)? in
      guard !state.isDisposed else { return nil }
      state.isDisposed = true
      defer { state.current = nil }
      return state.current
    }
    current?.dispose()
  }
}
