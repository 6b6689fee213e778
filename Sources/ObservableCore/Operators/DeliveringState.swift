/// Lock-guarded operator state that delivers to one downstream observer through a
/// ``_SerialDelivery``.
///
/// Not public API.
///
/// Time-based operators decide what to emit under their lock, from the upstream's thread and
/// from timer threads. They enqueue the events under the same lock, so the order of decisions
/// is the order of delivery, and deliver after releasing it: whoever gets an event back from
/// ``_enqueue(_:)`` delivers it and then drains with `_Mutex._deliver(_:lifetime:)`.
@usableFromInline
internal protocol _DeliveringState {
  associatedtype Output: Sendable

  /// The events waiting for delivery.
  var delivery: _SerialDelivery<Output> { get set }
  /// The observer, or `nil` once the subscription was disposed.
  var downstream: AnyObserver<Output>? { get set }
}

extension _DeliveringState {
  /// Offers `event` for delivery; call it under the lock.
  ///
  /// - Parameter event: The event.
  /// - Returns: The event and observer to deliver to now, or `nil` if another thread is
  ///   delivering, the sequence has terminated, or it was disposed.
  @inlinable
  internal mutating func _enqueue(_ event: Event<Output>) -> (Event<Output>, AnyObserver<Output>)? {
    guard let downstream, let event = delivery.enqueue(event) else { return nil }
    return (event, downstream)
  }

  /// Offers several events for delivery, in order; call it under the lock.
  ///
  /// - Parameter events: The events.
  /// - Returns: The first event and observer to deliver to now, if the caller is the deliverer.
  @inlinable
  internal mutating func _enqueue(_ events: Event<Output>...) -> (
    Event<Output>, AnyObserver<Output>
  )? {
    var first: (Event<Output>, AnyObserver<Output>)?
    for event in events {
      if let delivery = _enqueue(event), first == nil { first = delivery }
    }
    return first
  }

  /// Drops the subscriber and every queued event; call it under the lock when disposing.
  ///
  /// - Returns: What was dropped, to release outside the lock.
  @inlinable
  internal mutating func _cancelDelivery() -> (AnyObserver<Output>?, _Queue<Event<Output>>) {
    defer { downstream = nil }
    return (downstream, delivery.cancel())
  }
}

extension _Mutex where Value: _DeliveringState {
  /// Delivers `first`, then every event queued meanwhile, outside the lock; after a terminal
  /// event, disposes `lifetime`.
  ///
  /// - Parameters:
  ///   - first: What ``_DeliveringState/_enqueue(_:)`` returned.
  ///   - lifetime: The downstream subscription's lifetime.
  @inlinable
  internal borrowing func _deliver(
    _ first: (Event<Value.Output>, AnyObserver<Value.Output>)?, lifetime: _Lifetime
  ) {
    var next = first
    while let (event, downstream) = next {
      downstream.on(event)
      if event.isStopEvent {
        lifetime.dispose()
        return
      }
      next = withLock { state -> (Event<Value.Output>, AnyObserver<Value.Output>)? in
        guard let downstream = state.downstream, let event = state.delivery.next() else {
          return nil
        }
        return (event, downstream)
      }
    }
  }
}
