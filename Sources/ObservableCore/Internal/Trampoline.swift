#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The work queued on one thread while that thread runs a subscription or scheduled work.
///
/// Not public API.
///
/// A thread has a trampoline while it is inside the outermost `subscribe` (or
/// ``CurrentThreadScheduler`` `schedule` call) on its stack. Work queued meanwhile runs in order
/// when that outermost call has finished its own work, before it returns. This is what makes
/// synchronous sources take turns the way RxSwift's do: a source subscribed while a trampoline is
/// active queues its first step, and a source that has just emitted an element lets queued work
/// go first (see ``_TrampolinedSource``).
///
/// Only the thread that owns a trampoline touches it: it is reachable only through that thread's
/// thread-local slot and through the queued work, which runs on that thread.
@usableFromInline
internal final class _Trampoline {
  // Read once per element by the synchronous sources, so it must not cost a dynamic
  // exclusivity check. Accesses never overlap: each is a single load, append or pop on the
  // owning thread, never held across a call.
  /// The queued work, oldest first.
  @exclusivity(unchecked)
  @usableFromInline
  internal var queue = _Queue<() -> Void>()

  @usableFromInline
  internal init() {}

  /// Whether work is waiting for its turn.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal var hasQueuedWork: Bool {
    !queue.isEmpty
  }

  /// Whether this thread has an active trampoline, so that work scheduled now has to wait.
  @usableFromInline
  internal static var isActive: Bool {
    pthread_getspecific(_trampolineKey) != nil
  }

  /// Runs `body`; if this thread has no active trampoline, makes one active for the duration of
  /// `body` and then runs the work queued on it, in order, before returning.
  ///
  /// - Parameter body: The work to run at once.
  internal static func withTrampoline(_ body: () -> Void) {
    if activate() {
      body()
      drainAndDeactivate()
    } else {
      body()
    }
  }

  /// Makes this thread's trampoline active, unless it already is.
  ///
  /// - Returns: `true` if it was not active: the caller must then call
  ///   ``drainAndDeactivate()`` when its own work is done.
  @usableFromInline
  internal static func activate() -> Bool {
    guard pthread_getspecific(_trampolineKey) == nil else { return false }
    // Active, and no work queued yet: the queue is created by the first `enqueue`.
    _ = pthread_setspecific(_trampolineKey, _activeWithoutQueue)
    return true
  }

  /// Runs the work queued on this thread's trampoline, in order, including work queued
  /// meanwhile, then makes the trampoline inactive.
  ///
  /// - Precondition: The caller's ``activate()`` returned `true`.
  @usableFromInline
  internal static func drainAndDeactivate() {
    guard let slot = pthread_getspecific(_trampolineKey), slot != _activeWithoutQueue else {
      _ = pthread_setspecific(_trampolineKey, nil)
      return
    }
    let trampoline = Unmanaged<_Trampoline>.fromOpaque(slot)
    let queue = trampoline.takeUnretainedValue()
    while let work = queue.queue.popFirst() {
      work()
    }
    _ = pthread_setspecific(_trampolineKey, nil)
    trampoline.release()
  }

  /// Runs `work` with this thread's trampoline: queued behind the work already waiting if a
  /// trampoline is active, or at once, on a trampoline made active for it, if none is.
  ///
  /// - Parameter work: The work. It receives the trampoline it runs on.
  @usableFromInline
  internal static func run(_ work: @escaping (_Trampoline) -> Void) {
    if pthread_getspecific(_trampolineKey) != nil {
      let trampoline = activeTrampoline()
      trampoline.queue.append { work(trampoline) }
    } else {
      withTrampoline { work(activeTrampoline()) }
    }
  }

  /// Queues `work` on this thread's active trampoline.
  ///
  /// - Parameter work: The work to run after the work already queued.
  /// - Precondition: ``isActive``.
  @usableFromInline
  internal static func enqueue(_ work: @escaping () -> Void) {
    activeTrampoline().queue.append(work)
  }

  /// This thread's active trampoline, created on first use.
  private static func activeTrampoline() -> _Trampoline {
    let slot = pthread_getspecific(_trampolineKey)
    if let slot, slot != _activeWithoutQueue {
      return Unmanaged<_Trampoline>.fromOpaque(slot).takeUnretainedValue()
    }
    let trampoline = _Trampoline()
    // The slot holds a +1 reference; the `drainAndDeactivate()` call that ends the active
    // period releases it after the last queued work.
    _ = pthread_setspecific(_trampolineKey, Unmanaged.passRetained(trampoline).toOpaque())
    return trampoline
  }
}

/// A synchronous source's emission loop, which takes turns with the other work on the current
/// thread's trampoline.
///
/// Not public API.
///
/// RxSwift's `of`, `from`, `range`, `repeatElement` and `generate` deliver each event as a
/// separate step on `CurrentThreadScheduler`, so two of them subscribed together interleave.
/// A conforming source gets the same order without queueing a step per event: when subscribed,
/// it queues its first step if the thread's trampoline is active; then it emits in a tight loop,
/// and after each element it checks whether anything else has been queued meanwhile. Only then
/// does it queue its continuation behind that work and return.
@usableFromInline
internal protocol _TrampolinedSource {
  /// Emits events until the sequence has ended or has been disposed, or until an element has
  /// been emitted and `trampoline` has other work queued.
  ///
  /// - Parameter trampoline: The trampoline this run is on.
  /// - Returns: `true` if the source stopped to let queued work go first and must be resumed.
  mutating func emit(on trampoline: _Trampoline) -> Bool
}

extension _TrampolinedSource {
  /// Starts emitting: now if this thread has no active trampoline, otherwise as the next work
  /// on it.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func start() {
    _Trampoline.run { trampoline in
      var source = self
      source.resume(on: trampoline)
    }
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func resume(on trampoline: _Trampoline) {
    guard emit(on: trampoline) else { return }
    let source = self
    trampoline.queue.append {
      var resumed = source
      resumed.resume(on: trampoline)
    }
  }
}

/// The thread-local slot: `nil` when the thread has no active trampoline,
/// `_activeWithoutQueue` when it has one and nothing was queued yet, or else a retained
/// `_Trampoline`.
private let _trampolineKey: pthread_key_t = {
  var key = pthread_key_t()
  _ = pthread_key_create(&key, nil)
  return key
}()

/// The slot's value for an active trampoline whose queue has not been created yet: an address no
/// object can have.
private var _activeWithoutQueue: UnsafeMutableRawPointer {
  // A misaligned address, never the address of an object.
  UnsafeMutableRawPointer(bitPattern: 1).unsafelyUnwrapped
}
