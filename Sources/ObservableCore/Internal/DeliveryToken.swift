import Synchronization

/// Who may call an observer (or a subject's observers): nobody, one deliverer, or one
/// deliverer with work queued for it.
///
/// Not public API.
///
/// It sits beside a lock that guards the queued work (a subject's state, `create`'s observer).
/// `becomeDelivererOrMarkQueued()` and `unmarkQueued()` are called only under that lock, so among lock holders the token changes only by their hand; `releaseIfNothingQueued()`
/// is the one transition made without the lock (delivering → idle), by the deliverer. Work is
/// queued only under the lock, together with the mark, so a release that succeeds can have
/// left nothing behind.
///
/// `create`'s observer also takes a free token without the lock (`takeIfIdle()`, idle →
/// delivering). Its lock holders then use `takeOrMarkQueued()`, which takes a free token with a
/// compare-and-exchange rather than a store, so that exactly one of two takers wins.
@usableFromInline
internal struct _DeliveryToken: ~Copyable, Sendable {
  @usableFromInline static var idle: UInt8 { 0 }
  @usableFromInline static var delivering: UInt8 { 1 }
  @usableFromInline static var deliveringWithWorkQueued: UInt8 { 2 }

  @usableFromInline
  internal let word = _Atomic<UInt8>(0)

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init() {}

  /// Under the lock: takes the token if nobody holds it, else marks work queued for the holder.
  ///
  /// - Returns: `true` if the caller is now the deliverer; `false` if it must queue its work
  ///   (in the same critical section) for the current deliverer.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func becomeDelivererOrMarkQueued() -> Bool {
    var current = word.load(ordering: .acquiring)
    while true {
      if current == Self.idle {
        // Only lock holders move the token away from idle, and the caller holds the lock.
        word.store(Self.delivering, ordering: .relaxed)
        return true
      }
      if current == Self.deliveringWithWorkQueued { return false }
      let (exchanged, original) = word.compareExchange(
        expected: Self.delivering, desired: Self.deliveringWithWorkQueued,
        ordering: .acquiring)
      if exchanged { return false }
      // The deliverer gave the token back meanwhile: take it.
      current = original
    }
  }

  /// Without the lock: takes the token if nobody holds it.
  ///
  /// Only for a token whose lock holders take it with `takeOrMarkQueued()`.
  ///
  /// - Returns: `true` if the caller is now the deliverer.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func takeIfIdle() -> Bool {
    word.compareExchange(
      expected: Self.idle, desired: Self.delivering, ordering: .acquiring
    ).exchanged
  }

  /// Under the lock: takes the token if nobody holds it, else marks work queued for the holder;
  /// for a token that is also taken without the lock (`takeIfIdle()`).
  ///
  /// - Returns: `true` if the caller is now the deliverer; `false` if it must queue its work
  ///   (in the same critical section) for the current deliverer.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func takeOrMarkQueued() -> Bool {
    var current = Self.idle
    while true {
      if current == Self.deliveringWithWorkQueued { return false }
      let desired = current == Self.idle ? Self.delivering : Self.deliveringWithWorkQueued
      let (exchanged, original) = word.compareExchange(
        expected: current, desired: desired, ordering: .acquiring)
      if exchanged { return current == Self.idle }
      // Taken or given back meanwhile: try again from what is there now.
      current = original
    }
  }

  /// Without the lock, by the deliverer: gives the token back unless work was queued.
  ///
  /// - Returns: `true` if the token is released; `false` if work is queued, which the caller
  ///   takes under the lock (calling `unmarkQueued()` as it does).
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func releaseIfNothingQueued() -> Bool {
    word.compareExchange(
      expected: Self.delivering, desired: Self.idle, ordering: .releasing
    ).exchanged
  }

  /// Under the lock, by the deliverer: the queue is empty again.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func unmarkQueued() {
    word.store(Self.delivering, ordering: .relaxed)
  }

  /// Whether somebody is delivering.
  ///
  /// Exact under the lock for its holder's own delivery.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  var isHeld: Bool {
    word.load(ordering: .relaxed) != Self.idle
  }
}
