/// Serializes calls into one observer without holding a lock during the call.
///
/// Not public API.
///
/// Embed it in state guarded by a `Mutex`. A thread that wants to deliver an event calls
/// ``enqueue(_:)`` under the lock: if nobody is delivering, it gets the event back and becomes
/// the deliverer; otherwise the event waits in the queue. After each call into the observer,
/// the deliverer calls ``next()`` under the lock and delivers what it returns, until `nil`.
/// Reentrant sends from inside the observer are queued the same way and delivered after the
/// current call returns, so an observer is never called twice at once.
///
/// After a terminal event is enqueued, later events are dropped.
@frozen
@usableFromInline package struct _SerialOutputQueue<Element> {
  @usableFromInline
  internal var isDelivering = false
  @usableFromInline
  internal var terminated = false
  @usableFromInline
  internal var pending = _Queue<Event<Element>>()

  /// Creates an idle delivery queue.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package init() {}

  /// Whether a terminal event has been enqueued.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package var isTerminated: Bool { terminated }

  /// Offers `event` for delivery.
  ///
  /// - Parameter event: The event to deliver.
  /// - Returns: `event` if the caller must deliver it now and then drain with ``next()``;
  ///   `nil` if it was queued for the current deliverer or dropped after a terminal event.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package mutating func enqueue(_ event: Event<Element>) -> Event<Element>? {
    guard !terminated else { return nil }
    if event.isStopEvent { terminated = true }
    if isDelivering {
      pending.append(event)
      return nil
    }
    isDelivering = true
    return event
  }

  /// Returns the next queued event for the current deliverer, or `nil` and stops delivering.
  ///
  /// - Returns: The next event to deliver.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package mutating func next() -> Event<Element>? {
    if let event = pending.popFirst() { return event }
    isDelivering = false
    return nil
  }

  /// Drops every queued event, for example when the subscription is disposed.
  ///
  /// - Returns: The dropped events, so the caller can release them outside its lock.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package mutating func cancel() -> _Queue<Event<Element>> {
    terminated = true
    defer { pending = _Queue() }
    return pending
  }
}

extension _SerialOutputQueue: Sendable where Element: Sendable {}
