import ObservableCoreShims

#if !canImport(Darwin) && !OBSERVABLE_PORTABLE_LOCKS
  import Synchronization
#endif

/// A base class for per-subscription storage: a lock and the state it guards, stored in the
/// object itself.
///
/// Not public API.
///
/// `_Mutex<State>` in a generic class costs every subscription two runtime metadata lookups
/// when the object is freed: the class's deinit is compiled once, unspecialized, and destroying
/// a `_Mutex<State>` field needs the metadata of `_Cell<State>`, which needs `State`'s (a type
/// derived from the class's generic parameter); each is a hashed `swift_getGenericMetadata`
/// call (callgrind: about 650 instructions per `create` subscription, of 7,500). Here `State`
/// is the class's own generic parameter, whose metadata the deinit reads from the object's
/// class, and the lock is `Mutex<Void>` (or, on Darwin, `_PortableLock`), whose metadata is
/// static.
///
/// Subclass it with the subscription's state type as `State`; `withLock` is the only access to
/// ``state``. Like `_Mutex`, on Linux it tells ThreadSanitizer about each acquire and release,
/// because `Mutex`'s contended path runs in the uninstrumented runtime; the sanitizer
/// intercepts the portable lock itself.
@usableFromInline
internal class _LockedStorage<State>:
  // SAFETY: `state` is read and written only inside `withLock`, which holds `lock`.
  @unchecked Sendable
{
  /// The guarded state.
  ///
  /// Only `withLock` touches it, under `lock`, so the compiler's dynamic exclusivity check (a
  /// runtime call per access) is redundant and switched off.
  @usableFromInline
  @exclusivity(unchecked)
  internal final var state: State

  #if canImport(Darwin) || OBSERVABLE_PORTABLE_LOCKS
    /// The lock: `os_unfair_lock` on Darwin, on the heap (see `_Mutex`).
    @usableFromInline
    internal final let lock = _PortableLock()
  #else
    /// The lock: `Synchronization.Mutex`, stored in the object.
    @usableFromInline
    internal final let lock = Mutex<Void>(())
  #endif

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(state: State) {
    self.state = state
  }

  /// Runs `body` with exclusive access to the state.
  ///
  /// - Parameter body: The critical section. It must not call out (observers, disposables,
  ///   continuations): return what to do and do it after the lock is released.
  /// - Returns: What `body` returns.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal final func withLock<Result>(_ body: (inout State) -> Result) -> Result {
    lock._unsafeLock()
    #if canImport(Darwin) || OBSERVABLE_PORTABLE_LOCKS
      // The sanitizer intercepts the portable lock itself.
      defer { lock._unsafeUnlock() }
    #else
      // The object's address is the sanitizer's synchronization object: it is not the lock
      // word, whose own atomic operations the sanitizer must not pair with it.
      let address = Unmanaged.passUnretained(self).toOpaque()
      observable_tsan_acquire(address)
      defer {
        observable_tsan_release(address)
        lock._unsafeUnlock()
      }
    #endif
    return body(&state)
  }
}
