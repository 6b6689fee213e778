import ObservableCoreShims

#if canImport(Darwin) || OBSERVABLE_PORTABLE_LOCKS

  /// A mutex guarding a value.
  ///
  /// Not public API. It has `Synchronization.Mutex`'s initializer and `withLock`.
  ///
  /// This is the portable implementation, for Darwin below macOS 15, iOS 18, tvOS 18,
  /// watchOS 11 and visionOS 2, where `Synchronization.Mutex` is not available (and for Linux
  /// builds with `-D OBSERVABLE_PORTABLE_LOCKS`, which test it). The lock is `os_unfair_lock`
  /// on Darwin and a `pthread_mutex_t` elsewhere (see `ObservableCoreShims.h`); it must not move
  /// while in use, so it lives on the heap, in one allocation with the value: the value at the
  /// start, the lock after it, at an address of its own even when the value is empty.
  /// ThreadSanitizer intercepts both locks, so it sees their happens-before edges itself.
  @usableFromInline package struct _Mutex<Value: ~Copyable>: ~Copyable {
    /// The allocation: the value, then the lock at `lockOffset`.
    @usableFromInline
    internal let base: UnsafeMutableRawPointer

    /// Where the lock starts: past the value (at least one byte, so that the two addresses
    /// differ), rounded up to the lock's alignment.
    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
    internal static var lockOffset: Int {
      let alignment = observable_lock_alignment()
      let end = Swift.max(MemoryLayout<Value>.size, 1)
      return (end + alignment - 1) / alignment * alignment
    }

    /// Creates a mutex guarding `initialValue`.
    ///
    /// - Parameter initialValue: The value to guard.
    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
    package init(_ initialValue: consuming sending Value) {
      base = UnsafeMutableRawPointer.allocate(
        byteCount: Self.lockOffset + observable_lock_size(),
        alignment: Swift.max(MemoryLayout<Value>.alignment, observable_lock_alignment()))
      base.initializeMemory(as: Value.self, to: initialValue)
      observable_lock_init(base + Self.lockOffset)
    }

    deinit {
      observable_lock_destroy(base + Self.lockOffset)
      base.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
      base.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    ///
    /// - Parameter body: The critical section. It must not call out (observers, disposables,
    ///   continuations): return what to do and do it after the lock is released.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
    package borrowing func withLock<Result: ~Copyable, E: Error>(
      _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
      let lock = base + Self.lockOffset
      observable_lock_lock(lock)
      defer { observable_lock_unlock(lock) }
      return try body(&base.assumingMemoryBound(to: Value.self).pointee)
    }
  }

  /// A lock on the heap: the portable lock of `_LockedStorage`.
  ///
  /// Not public API. It has the two `Synchronization.Mutex<Void>` methods that `_LockedStorage`
  /// uses, so that its code is the same with either lock.
  @usableFromInline
  internal struct _PortableLock: ~Copyable {
    /// The lock's memory, allocated once and never moved.
    @usableFromInline
    internal let word: UnsafeMutableRawPointer

    /// Creates an unlocked lock.
    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
    internal init() {
      word = UnsafeMutableRawPointer.allocate(
        byteCount: observable_lock_size(), alignment: observable_lock_alignment())
      observable_lock_init(word)
    }

    deinit {
      observable_lock_destroy(word)
      word.deallocate()
    }

    /// Takes the lock, waiting for it.
    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
    internal borrowing func _unsafeLock() {
      observable_lock_lock(word)
    }

    /// Releases the lock, which the calling thread holds.
    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
    internal borrowing func _unsafeUnlock() {
      observable_lock_unlock(word)
    }
  }

  // SAFETY: the lock's memory is touched only by the lock operations, which are thread-safe.
  extension _PortableLock: @unchecked Sendable {}

#else
  import Synchronization

  /// `Synchronization.Mutex`, with happens-before annotations that ThreadSanitizer can see.
  ///
  /// Not public API. It has `Mutex`'s initializer and `withLock`, and the same lock underneath.
  /// On Darwin, where `Mutex` needs macOS 15 or iOS 18, `_Mutex` is a portable implementation
  /// with the same API instead (above).
  ///
  /// On Linux, `Mutex` runs its contended path (futex wait and wake) in the uninstrumented Swift
  /// runtime, so under `--sanitize=thread` every contended handoff looks like a data race on
  /// the guarded state. `_Mutex` takes the lock, then tells the sanitizer it acquired the
  /// guarded value, and tells it about the release before unlocking. Outside sanitizer builds
  /// the annotations are a load and a branch each, which the benchmarks do not resolve from
  /// noise.
  ///
  /// The layout matters to the sanitizer: Swift reports an inout access to the value at the
  /// value's address, and that address must not be the lock word's, or the lock's own atomic
  /// operations would be paired with it. The value comes first and `gap` separates the two, even
  /// when the value is empty.
  @usableFromInline package struct _Mutex<Value: ~Copyable>: ~Copyable {
    @usableFromInline
    internal let cell: _Cell<Value>
    @usableFromInline
    internal let gap: UInt32 = 0
    @usableFromInline
    internal let lock = Mutex<Void>(())

    /// Creates a mutex guarding `initialValue`.
    ///
    /// - Parameter initialValue: The value to guard.
    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
    package init(_ initialValue: consuming sending Value) {
      cell = _Cell(initialValue)
    }

    /// Runs `body` with exclusive access to the value.
    ///
    /// - Parameter body: The critical section. It must not call out (observers, disposables,
    ///   continuations): return what to do and do it after the lock is released.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
    package borrowing func withLock<Result: ~Copyable, E: Error>(
      _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
      lock._unsafeLock()
      let address = UnsafeMutableRawPointer(cell._address)
      observable_tsan_acquire(address)
      defer {
        observable_tsan_release(address)
        lock._unsafeUnlock()
      }
      return try body(&cell._address.pointee)
    }
  }

#endif

// SAFETY: the value is reachable only through `withLock`, which holds the lock; values move in
// and out as `sending`, exactly as with `Synchronization.Mutex`.
extension _Mutex: @unchecked Sendable where Value: ~Copyable {}
