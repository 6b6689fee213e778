/// A group of disposables that are disposed together.
///
/// Once the composite is disposed, every disposable inserted later is disposed immediately.
public final class CompositeDisposable: Cancelable {
  #if TRACE_RESOURCES
    /// Counts this object in `Resources.total` while it lives (the `TraceResources` trait).
    private let _traced = _TracedResource()
  #endif

  /// A key that removes one inserted disposable from the group.
  public struct DisposeKey: Hashable, Sendable {
    fileprivate let value: UInt64
  }

  private struct State {
    var nextKey: UInt64 = 0
    var entries: [(key: UInt64, disposable: any Disposable)] = []
    var isDisposed = false
  }

  private let state = _Mutex(State())

  /// Creates an empty group.
  public init() {}

  /// Creates a group holding one disposable.
  ///
  /// - Parameter disposable: The disposable.
  public convenience init(_ disposable: any Disposable) {
    self.init(disposables: [disposable])
  }

  /// Creates a group holding two disposables.
  ///
  /// - Parameters:
  ///   - disposable1: The first disposable.
  ///   - disposable2: The second disposable.
  public convenience init(_ disposable1: any Disposable, _ disposable2: any Disposable) {
    self.init(disposables: [disposable1, disposable2])
  }

  /// Creates a group holding three disposables.
  ///
  /// - Parameters:
  ///   - disposable1: The first disposable.
  ///   - disposable2: The second disposable.
  ///   - disposable3: The third disposable.
  public convenience init(
    _ disposable1: any Disposable, _ disposable2: any Disposable, _ disposable3: any Disposable
  ) {
    self.init(disposables: [disposable1, disposable2, disposable3])
  }

  /// Creates a group holding four or more disposables.
  ///
  /// - Parameters:
  ///   - disposable1: The first disposable.
  ///   - disposable2: The second disposable.
  ///   - disposable3: The third disposable.
  ///   - disposable4: The fourth disposable.
  ///   - disposables: Any further disposables.
  public convenience init(
    _ disposable1: any Disposable, _ disposable2: any Disposable, _ disposable3: any Disposable,
    _ disposable4: any Disposable, _ disposables: any Disposable...
  ) {
    self.init(
      disposables: [disposable1, disposable2, disposable3, disposable4] + disposables)
  }

  /// Creates a group holding `disposables`.
  ///
  /// - Parameter disposables: The disposables to hold.
  public init(disposables: [any Disposable]) {
    state.withLock { state in
      for disposable in disposables {
        state.entries.append((state.nextKey, disposable))
        state.nextKey += 1
      }
    }
  }

  /// Whether the group has been disposed.
  public var isDisposed: Bool {
    state.withLock { $0.isDisposed }
  }

  /// The number of disposables in the group.
  public var count: Int {
    state.withLock { $0.entries.count }
  }

  /// Adds `disposable` to the group.
  ///
  /// - Parameter disposable: The disposable to add.
  /// - Returns: A key for ``remove(for:)``, or `nil` if the group was already disposed, in
  ///   which case `disposable` has been disposed.
  @discardableResult
  public func insert(_ disposable: any Disposable) -> DisposeKey? {
    let key = state.withLock { state -> DisposeKey? in
      guard !state.isDisposed else { return nil }
      let key = state.nextKey
      state.nextKey += 1
      state.entries.append((key, disposable))
      return DisposeKey(value: key)
    }
    if key == nil { disposable.dispose() }
    return key
  }

  /// Removes the disposable inserted under `key` and disposes it.
  ///
  /// - Parameter disposeKey: The key ``insert(_:)`` returned.
  public func remove(for disposeKey: DisposeKey) {
    let removed = state.withLock { state -> (any Disposable)? in
      guard let index = state.entries.firstIndex(where: { $0.key == disposeKey.value }) else {
        return nil
      }
      return state.entries.remove(at: index).disposable
    }
    removed?.dispose()
  }

  /// Disposes every disposable in the group, once.
  public func dispose() {
    let entries = state.withLock { state -> [(key: UInt64, disposable: any Disposable)] in
      guard !state.isDisposed else { return [] }
      state.isDisposed = true
      defer { state.entries = [] }
      return state.entries
    }
    for entry in entries { entry.disposable.dispose() }
  }
}
