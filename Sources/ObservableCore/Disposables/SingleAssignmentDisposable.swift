/// A disposable that can be assigned exactly once, before or after it is disposed.
///
/// If it is disposed first, the disposable assigned later is disposed immediately. Assigning
/// twice is a programming error; the second disposable is disposed and otherwise ignored.
public final class SingleAssignmentDisposable: Cancelable {
  #if TRACE_RESOURCES
    /// Counts this object in `Resources.total` while it lives (the `TraceResources` trait).
    private let _traced = _TracedResource()
  #endif

  private enum State {
    case empty
    case assigned(any Disposable)
    case disposed
    case assignedThenDisposed
  }

  private let state = _Mutex(State.empty)

  /// Creates an unassigned disposable.
  public init() {}

  /// Whether this disposable has been disposed.
  public var isDisposed: Bool {
    state.withLock { state in
      switch state {
      case .disposed, .assignedThenDisposed: return true
      case .empty, .assigned: return false
      }
    }
  }

  /// Assigns the underlying disposable, disposing it at once if this one is already disposed.
  ///
  /// - Parameter disposable: The disposable to hold.
  public func setDisposable(_ disposable: any Disposable) {
    let disposeNow = state.withLock { state -> Bool in
      switch state {
      case .empty:
        state = .assigned(disposable)
        return false
      case .disposed:
        state = .assignedThenDisposed
        return true
      case .assigned, .assignedThenDisposed:
        return true
      }
    }
    if disposeNow { disposable.dispose() }
  }

  /// Disposes the underlying disposable, now or as soon as it is assigned.
  public func dispose() {
    let held = state.withLock { state -> (any Disposable)? in
      switch state {
      case .empty:
        state = .disposed
        return nil
      case .assigned(let disposable):
        state = .assignedThenDisposed
        return disposable
      case .disposed, .assignedThenDisposed:
        return nil
      }
    }
    held?.dispose()
  }
}
