/// Holds the disposable of an operator's latest scheduled timer.
///
/// Not public API.
///
/// Operators schedule timers outside their lock, so two threads can finish scheduling in either
/// order. Each timer is installed with the generation its state machine gave it: a newer timer
/// replaces and disposes an older one, a stale timer is disposed at once, and after
/// ``dispose()`` every timer installed is disposed at once.
@usableFromInline
internal final class _TimerSlot: Cancelable {
  #if TRACE_RESOURCES
    /// Counts this object in `Resources.total` while it lives (the `TraceResources` trait).
    @usableFromInline
    internal let _traced = _TracedResource()
  #endif

  @usableFromInline
  internal struct State {
    @usableFromInline var generation: UInt64 = 0
    @usableFromInline var current: (any Disposable)?
    @usableFromInline var isDisposed = false

    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
    init() {}
  }

  @usableFromInline
  internal let state = _Mutex(State())

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init() {}

  /// Whether ``dispose()`` has been called.
  @usableFromInline
  internal var isDisposed: Bool {
    state.withLock { $0.isDisposed }
  }

  /// Keeps `timer` if it is the newest so far; disposes whichever timer lost.
  ///
  /// - Parameters:
  ///   - timer: The disposable of the scheduled timer.
  ///   - generation: The timer's generation; later timers have larger generations.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func install(_ timer: any Disposable, generation: UInt64) {
    let loser = state.withLock { state -> (any Disposable)? in
      guard !state.isDisposed else { return timer }
      if state.current != nil, generation < state.generation { return timer }
      defer {
        state.current = timer
        state.generation = generation
      }
      return state.current
    }
    loser?.dispose()
  }

  /// Disposes the current timer and every timer installed later.
  @usableFromInline
  internal func dispose() {
    let current = state.withLock { state -> (any Disposable)? in
      state.isDisposed = true
      defer { state.current = nil }
      return state.current
    }
    current?.dispose()
  }
}
