import ObservableCoreShims
import Synchronization

/// `Synchronization.Mutex`, with happens-before annotations that ThreadSanitizer can see.
///
/// Not public API. It has `Mutex`'s initializer and `withLock`, and the same lock underneath.
///
/// On Linux, `Mutex` runs its contended path (futex wait and wake) in the uninstrumented Swift
/// runtime, so under `--sanitize=thread` every contended handoff looks like a data race on
/// the guarded state. `_Mutex` takes the lock, then tells the sanitizer it acquired the
/// guarded value, and tells it about the release before unlocking. Outside sanitizer builds
/// the annotations are a load and a branch each, which the benchmarks do not resolve from noise.
///
/// The layout matters to the sanitizer: Swift reports an inout access to the value at the
/// value's address, and that address must not be the lock word's, or the lock's own atomic
/// operations would be paired with it. The value comes first and `gap` separates the two, even
/// when the value is empty.
public struct _Mutex<Value: ~Copyable>: ~Copyable {
  @usableFromInline
  internal let cell: _Cell<Value>
  @usableFromInline
  internal let gap: UInt32 = 0
  @usableFromInline
  internal let lock = Mutex<Void>(())

  /// Creates a mutex guarding `initialValue`.
  ///
  /// - Parameter initialValue: The value to guard.
  @inlinable
  public init(_ initialValue: consuming sending Value) {
    cell = _Cell(initialValue)
  }

  /// Runs `body` with exclusive access to the value.
  ///
  /// - Parameter body: The critical section. It must not call out (observers, disposables,
  ///   continuations): return what to do and do it after the lock is released.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @inlinable
  public borrowing func withLock<Result: ~Copyable, E: Error>(
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

// SAFETY: the value is reachable only through `withLock`, which holds `lock`; values move in
// and out as `sending`, exactly as with `Synchronization.Mutex`.
extension _Mutex: @unchecked Sendable where Value: ~Copyable {}
