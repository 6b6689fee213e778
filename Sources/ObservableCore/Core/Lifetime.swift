import Synchronization

/// The cancellation scope of one subscription.
///
/// Not public API.
///
/// Subscribing hands a producer both an observer and a lifetime. The producer checks
/// ``isDisposed`` before emitting and registers whatever it must release with ``add(_:)``.
/// Pass-through operators (`map`, `filter`, …) hand the same lifetime to their upstream, so a
/// chain of them costs no allocation per operator. Operators that subscribe independently
/// (`concat`, `retry`, `flatMap`, …) create a child lifetime per inner subscription.
///
/// Disposing runs the registered disposables once, outside any lock, in the order they were
/// added. A disposable added after disposal is disposed at once.
@usableFromInline package final class _Lifetime: Cancelable {
  // Bit 0: disposed. Bit 1: an action has been registered, so disposal must take the lock.
  @usableFromInline
  internal let flags = _Atomic<UInt8>(0)
  @usableFromInline
  internal let actions = _Mutex<Actions>(.none)
  @usableFromInline
  internal let resource: _ResourceToken

  @usableFromInline
  internal enum Action: Sendable {
    case disposable(any Disposable)
    case closure(@Sendable () -> Void)

    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
    func run() {
      switch self {
      case .disposable(let disposable): disposable.dispose()
      case .closure(let closure): closure()
      }
    }
  }

  @usableFromInline
  internal enum Actions {
    case none
    case one(Action)
    case many([Action])
  }

  /// Creates a root lifetime, counted in the current resource scope when tracking is on.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package init() {
    resource = _ResourceToken()
  }

  /// Creates a lifetime counted in the same resource scope as `parent`.
  ///
  /// - Parameter parent: The lifetime whose resource scope this one joins. It does not dispose
  ///   this lifetime; register it with `parent.add(_:)` for that.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package init(inheriting parent: _Lifetime) {
    resource = _ResourceToken(inheriting: parent.resource)
  }

  /// Whether ``dispose()`` has been called.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package var isDisposed: Bool {
    flags.load(ordering: .sequentiallyConsistent) & _Lifetime.disposedFlag != 0
  }

  /// Registers `disposable` to be disposed with this lifetime, or disposes it now if this
  /// lifetime is already disposed.
  ///
  /// - Parameter disposable: The resource to release with this lifetime.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package func add(_ disposable: any Disposable) {
    register(.disposable(disposable))
  }

  /// Registers `action` to run once when this lifetime is disposed, or runs it now if this
  /// lifetime is already disposed.
  ///
  /// Prefer this to ``add(_:)`` in generic code: the closure is compiled in the caller's
  /// specialized context, whereas `dispose()` on a generic class reached through `any
  /// Disposable` runs its unspecialized implementation.
  ///
  /// - Parameter action: The action to run on disposal.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package func onDispose(_ action: @escaping @Sendable () -> Void) {
    register(.closure(action))
  }

  @usableFromInline
  internal static var disposedFlag: UInt8 { 1 }
  @usableFromInline
  internal static var hasActionsFlag: UInt8 { 2 }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func register(_ action: Action) {
    let accepted = actions.withLock { actions -> Bool in
      // Announce the action before checking for disposal: a concurrent `dispose()` then either
      // sees the announcement and waits for this lock, or this call sees the disposal.
      let old = flags.bitwiseOr(_Lifetime.hasActionsFlag, ordering: .sequentiallyConsistent)
        .oldValue
      guard old & _Lifetime.disposedFlag == 0 else { return false }
      switch actions {
      case .none: actions = .one(action)
      case .one(let first): actions = .many([first, action])
      case .many(var all):
        actions = .none
        all.append(action)
        actions = .many(all)
      }
      return true
    }
    if !accepted { action.run() }
  }

  /// Disposes every registered resource, once.
  @usableFromInline package func dispose() {
    let old = flags.bitwiseOr(_Lifetime.disposedFlag, ordering: .sequentiallyConsistent).oldValue
    guard old & _Lifetime.disposedFlag == 0 else { return }
    // Nothing was ever registered: there is nothing to run and no need for the lock.
    guard old & _Lifetime.hasActionsFlag != 0 else { return }
    let taken = actions.withLock { actions -> Actions in
      let taken = actions
      actions = .none
      return taken
    }
    switch taken {
    case .none: break
    case .one(let action): action.run()
    case .many(let all): for action in all { action.run() }
    }
  }
}
