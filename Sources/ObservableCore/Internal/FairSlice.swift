import Dispatch

/// How long a delivery loop may keep its thread, queue or actor before it lets other work run.
///
/// Not public API.
///
/// A loop that delivers events on a shared executor (the main queue, the main actor, a serial
/// queue) calls ``delivered()`` after each event. Every ``checkInterval`` events it reads the
/// clock; once ``duration`` has passed since the first reading, ``delivered()`` returns `true`
/// and the loop gives the executor back (it reschedules itself, or `await`s `Task.yield()`)
/// before delivering more. So another job waiting for the same executor waits at most about
/// ``duration`` plus the time of `2 × checkInterval` events, however long a burst lasts, and a
/// loop that delivers fewer than ``checkInterval`` events never reads the clock.
@frozen
@usableFromInline package struct _FairSlice {
  /// The number of events between two readings of the clock.
  @usableFromInline package static var checkInterval: Int { 16 }

  /// How long a loop may deliver before it yields, in nanoseconds: one millisecond.
  @usableFromInline package static var duration: UInt64 { 1_000_000 }

  /// The events left before the next reading of the clock.
  @usableFromInline
  internal var remaining: Int = _FairSlice.checkInterval

  /// The clock's first reading in this slice, or 0 before it.
  @usableFromInline
  internal var start: UInt64 = 0

  /// Creates a slice that starts with the next event.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package init() {}

  /// Counts one delivered event.
  ///
  /// - Returns: `true` when the slice is used up: the caller lets other work run before it
  ///   delivers again. The next slice starts at once.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package mutating func delivered() -> Bool {
    remaining &-= 1
    return remaining <= 0 && expired()
  }

  /// The loop suspended or stopped on its own, so other work had its turn: a new slice starts.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package mutating func restart() {
    remaining = _FairSlice.checkInterval
    start = 0
  }

  /// Reads the clock, after ``checkInterval`` events.
  @usableFromInline
  internal mutating func expired() -> Bool {
    remaining = _FairSlice.checkInterval
    // `uptimeNanoseconds` is never 0 once the system is up, so 0 can mean "not started".
    let now = DispatchTime.now().uptimeNanoseconds
    if start == 0 {
      start = now
      return false
    }
    guard now &- start >= _FairSlice.duration else { return false }
    start = 0
    return true
  }
}
