/// The downstream end of an operator that several sources or threads feed.
///
/// Not public API.
///
/// Lives inside the operator's `Mutex`-guarded state, next to its state machine, so that a
/// decision ("this inner is still the latest") and the enqueueing of the event it allows happen
/// in one critical section. ``send(_:)`` and ``next()`` hand back the event and the observer to
/// call *after* the lock is released; ``_drainOutput(_:lifetime:next:)`` does the calling.
@usableFromInline
internal struct _SerialOutput<Element> {
  @usableFromInline
  internal var downstream: AnyObserver<Element>?
  @usableFromInline
  internal var queue = _SerialOutputQueue<Element>()

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(_ downstream: AnyObserver<Element>) {
    self.downstream = downstream
  }

  /// Offers `event` for queue.
  ///
  /// - Parameter event: The event.
  /// - Returns: The event and its observer if the caller must deliver now; `nil` if another
  ///   caller is delivering (the event is queued for it), after a terminal event, or after
  ///   ``cancel()``.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func send(_ event: Event<Element>) -> _PendingOutput<Element>? {
    guard let downstream, let event = queue.enqueue(event) else { return nil }
    return _PendingOutput(event: event, observer: downstream)
  }

  /// Offers two events for delivery, in order.
  ///
  /// - Parameters:
  ///   - event: The first event.
  ///   - second: The event that follows it.
  /// - Returns: The first of them that the caller must deliver now, as ``send(_:)`` does.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func send(
    _ event: Event<Element>, then second: Event<Element>
  ) -> _PendingOutput<Element>? {
    let first = send(event)
    let next = send(second)
    return first ?? next
  }

  /// The next queued event for the current deliverer, or `nil` when it may stop.
  ///
  /// - Returns: The event and its observer.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func next() -> _PendingOutput<Element>? {
    guard let downstream, let event = queue.next() else { return nil }
    return _PendingOutput(event: event, observer: downstream)
  }

  /// Drops the observer and every queued event; later sends are ignored.
  ///
  /// - Returns: What was dropped, for the caller to release after the lock.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func cancel() -> (AnyObserver<Element>?, _Queue<Event<Element>>) {
    defer { downstream = nil }
    return (downstream, queue.cancel())
  }
}

/// An event to deliver, and the observer to deliver it to.
///
/// Not public API.
@usableFromInline
internal struct _PendingOutput<Element> {
  @usableFromInline let event: Event<Element>
  @usableFromInline let observer: AnyObserver<Element>

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init(event: Event<Element>, observer: AnyObserver<Element>) {
    self.event = event
    self.observer = observer
  }
}

/// Delivers `first`, then whatever `next` returns, until it returns `nil`.
///
/// Not public API. Call it without holding a lock; `next` takes the operator's lock to call
/// ``_SerialOutput/next()``. After delivering a terminal event it disposes `lifetime` (the
/// operator's subscription, whose downstream has just terminated) and stops.
///
/// - Parameters:
///   - first: The event the caller got from ``_SerialOutput/send(_:)``, if any.
///   - lifetime: The operator's subscription.
///   - next: Returns the next queued event.
#if DEBUG
  @inlinable
#else
  @_alwaysEmitIntoClient
#endif
internal func _drainOutput<Element>(
  _ first: _PendingOutput<Element>?, lifetime: _Lifetime,
  next: () -> _PendingOutput<Element>?
) {
  var current = first
  while let pending = current {
    pending.observer.on(pending.event)
    if pending.event.isStopEvent {
      lifetime.dispose()
      return
    }
    current = next()
  }
}

/// An operator's state machine and its serial output, guarded together by the operator's
/// `Mutex`.
///
/// Not public API.
@usableFromInline
internal struct _MachineAndOutput<Machine, Element> {
  /// The operator's state machine.
  @usableFromInline var machine: Machine
  /// The downstream end.
  @usableFromInline var output: _SerialOutput<Element>

  /// Pairs `machine` with an output to `downstream`.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(_ machine: Machine, downstream: AnyObserver<Element>) {
    self.machine = machine
    output = _SerialOutput(downstream)
  }
}

extension _Mutex {
  /// Delivers `first`, then every event queued meanwhile, outside the lock, as
  /// ``_drainOutput(_:lifetime:next:)`` does for an operator whose state is a
  /// ``_MachineAndOutput``.
  ///
  /// - Parameters:
  ///   - first: What ``_SerialOutput/send(_:)`` returned.
  ///   - lifetime: The operator's subscription.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal borrowing func _drainOutput<Machine, Element>(
    _ first: _PendingOutput<Element>?, lifetime: _Lifetime
  ) where Value == _MachineAndOutput<Machine, Element> {
    ObservableCore._drainOutput(first, lifetime: lifetime) { withLock { $0.output.next() } }
  }
}
