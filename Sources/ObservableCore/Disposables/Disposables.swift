/// Factories for common disposables.
public enum Disposables {
  /// Returns a disposable that does nothing when disposed.
  ///
  /// - Returns: A shared no-op disposable.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public static func create() -> any Disposable {
    _NopDisposable.instance
  }

  /// Returns a disposable that runs `dispose` the first time it is disposed.
  ///
  /// - Parameter dispose: The action to run once.
  /// - Returns: A ``Cancelable`` that runs the action once and then releases it.
  @available(swift, introduced: 6)
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public static func create(with dispose: @escaping @Sendable () -> Void) -> any Cancelable {
    _AnonymousDisposable(dispose)
  }

  /// Returns a disposable that disposes both `disposable1` and `disposable2`.
  ///
  /// - Parameters:
  ///   - disposable1: The first disposable.
  ///   - disposable2: The second disposable.
  /// - Returns: A ``Cancelable`` that disposes both, once.
  public static func create(
    _ disposable1: any Disposable, _ disposable2: any Disposable
  ) -> any Cancelable {
    CompositeDisposable(disposable1, disposable2)
  }

  /// Returns a disposable that disposes all three disposables.
  ///
  /// - Parameters:
  ///   - disposable1: The first disposable.
  ///   - disposable2: The second disposable.
  ///   - disposable3: The third disposable.
  /// - Returns: A ``Cancelable`` that disposes all of them, once.
  public static func create(
    _ disposable1: any Disposable, _ disposable2: any Disposable, _ disposable3: any Disposable
  ) -> any Cancelable {
    CompositeDisposable(disposable1, disposable2, disposable3)
  }

  /// Returns a disposable that disposes `disposable` once, however often it is disposed.
  ///
  /// - Parameter disposable: The disposable to wrap.
  /// - Returns: A ``Cancelable`` that disposes it, once.
  public static func create(_ disposable: any Disposable) -> any Cancelable {
    CompositeDisposable(disposables: [disposable])
  }

  /// Returns a disposable that disposes four or more disposables together.
  ///
  /// Two and three disposables have overloads of their own, as in RxSwift, so that no call
  /// matches two overloads.
  ///
  /// - Parameters:
  ///   - disposable1: The first disposable.
  ///   - disposable2: The second disposable.
  ///   - disposable3: The third disposable.
  ///   - disposable4: The fourth disposable.
  ///   - disposables: Any further disposables.
  /// - Returns: A ``Cancelable`` that disposes all of them, once.
  public static func create(
    _ disposable1: any Disposable, _ disposable2: any Disposable, _ disposable3: any Disposable,
    _ disposable4: any Disposable, _ disposables: any Disposable...
  ) -> any Cancelable {
    CompositeDisposable(
      disposables: [disposable1, disposable2, disposable3, disposable4] + disposables)
  }

  /// Returns a disposable that disposes every disposable in `disposables`.
  ///
  /// - Parameter disposables: The disposables to dispose together.
  /// - Returns: A ``Cancelable`` that disposes all of them, once.
  public static func create(_ disposables: [any Disposable]) -> any Cancelable {
    CompositeDisposable(disposables: disposables)
  }
}

/// A disposable that does nothing.
///
/// Not public API.
@usableFromInline package struct _NopDisposable: Disposable {
  /// The shared instance.
  @usableFromInline package static let instance = _NopDisposable()

  /// Does nothing.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package func dispose() {}
}

/// Runs an action the first time it is disposed.
///
/// Not public API.
@usableFromInline package final class _AnonymousDisposable: Cancelable {
  #if TRACE_RESOURCES
    /// Counts this object in `Resources.total` while it lives (the `TraceResources` trait).
    @usableFromInline
    internal let _traced = _TracedResource()
  #endif

  @usableFromInline
  internal let action: _Mutex<(@Sendable () -> Void)?>

  /// Creates a disposable that runs `action` once.
  ///
  /// - Parameter action: The action.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package init(_ action: @escaping @Sendable () -> Void) {
    self.action = _Mutex(action)
  }

  /// Whether the action has run or is running.
  @usableFromInline package var isDisposed: Bool {
    action.withLock { $0 == nil }
  }

  /// Runs the action if it has not run yet, then releases it.
  @usableFromInline package func dispose() {
    let taken = action.withLock { action in
      let taken = action
      action = nil
      return taken
    }
    taken?()
  }
}
