/// The buffered elements of each source of a `zip`.
///
/// Not public API.
@usableFromInline
internal protocol _ZipBuffers: Sendable {
  /// One element per source.
  associatedtype Snapshot: Sendable

  /// Removes and returns the oldest element of every source, or returns `nil` (removing
  /// nothing) while some source's buffer is empty.
  mutating func popSnapshot() -> Snapshot?

  /// Buffers of the same arity that hold no elements.
  func emptied() -> Self
}

/// The pure logic of `zip`: which tuples to deliver and when it terminates.
///
/// Not public API.
///
/// Follows RxSwift, whose two forms differ:
/// - Both emit a tuple as soon as every source has a buffered element, and fail as soon as any
///   source fails.
/// - The fixed-arity form (`zip(a, b)`) completes only when every source has completed, even
///   if a completed source left nothing to pair with.
/// - The collection form (`zip([a, b])`) also completes when a source produces an element
///   that can never be paired, because every other source has completed and one of them has
///   nothing buffered. ``completesWhenUnpairable`` selects it.
///
/// Result selectors run in the storage, outside the lock, on the snapshots this machine hands
/// out; delivery is serialized by the embedded `_SerialDelivery`.
@usableFromInline
internal struct _ZipStateMachine<Buffers: _ZipBuffers> {
  @usableFromInline
  internal enum State {
    /// Sources may still produce events.
    case running
    /// A terminal event has been enqueued, or the subscription was disposed.
    case finished
  }

  /// What the storage must do after releasing the lock.
  @usableFromInline
  internal enum Action {
    /// Nothing.
    case none
    /// Deliver `event` downstream (applying the result selector to an element), then call
    /// ``deliveryFinished()`` and deliver what it returns, until `.none`. After a terminal
    /// event, dispose the subscription instead.
    case deliver(Event<Buffers.Snapshot>)
  }

  /// What the state machine let go of, to be released after the lock.
  @usableFromInline
  internal struct Released {
    @usableFromInline let buffers: Buffers
    @usableFromInline let events: _Queue<Event<Buffers.Snapshot>>

    @inlinable
    init(buffers: Buffers, events: _Queue<Event<Buffers.Snapshot>>) {
      self.buffers = buffers
      self.events = events
    }
  }

  @usableFromInline internal var state = State.running
  @usableFromInline internal var buffers: Buffers
  @usableFromInline internal var isDone: [Bool]
  @usableFromInline internal var doneCount = 0
  @usableFromInline internal let completesWhenUnpairable: Bool
  @usableFromInline internal var delivery = _SerialDelivery<Buffers.Snapshot>()

  /// Creates the state machine for `arity` sources with empty `buffers`.
  ///
  /// - Parameters:
  ///   - buffers: The empty buffers.
  ///   - arity: The number of sources, at least one.
  ///   - completesWhenUnpairable: Whether to complete when an element can never be paired
  ///     (RxSwift's collection form) rather than only when every source has completed.
  @inlinable
  internal init(buffers: Buffers, arity: Int, completesWhenUnpairable: Bool) {
    self.buffers = buffers
    self.isDone = Array(repeating: false, count: arity)
    self.completesWhenUnpairable = completesWhenUnpairable
  }

  @inlinable
  internal var arity: Int { isDone.count }

  @inlinable
  internal mutating func enqueue(_ event: Event<Buffers.Snapshot>) -> Action {
    if let event = delivery.enqueue(event) { return .deliver(event) }
    return .none
  }

  @inlinable
  internal mutating func finish(_ event: Event<Buffers.Snapshot>) -> Action {
    state = .finished
    return enqueue(event)
  }

  /// Source `index` produced an element, which `store` appends to its buffer.
  ///
  /// - Parameters:
  ///   - index: The source.
  ///   - store: Appends the element to that source's buffer; not called once finished.
  /// - Returns: A tuple to deliver, completion, or nothing.
  @inlinable
  internal mutating func sourceProducedElement(
    at index: Int, store: (inout Buffers) -> Void
  ) -> Action {
    switch state {
    case .finished:
      return .none
    case .running:
      store(&buffers)
      if let snapshot = buffers.popSnapshot() { return enqueue(.next(snapshot)) }
      if completesWhenUnpairable, doneCount - (isDone[index] ? 1 : 0) == arity - 1 {
        return finish(.completed)
      }
      return .none
    }
  }

  /// Source `index` completed.
  ///
  /// - Parameter index: The source.
  /// - Returns: Completion once every source has completed, otherwise nothing.
  @inlinable
  internal mutating func sourceCompleted(at index: Int) -> Action {
    switch state {
    case .finished:
      return .none
    case .running:
      guard !isDone[index] else { return .none }
      isDone[index] = true
      doneCount += 1
      return doneCount == arity ? finish(.completed) : .none
    }
  }

  /// A source failed.
  ///
  /// - Parameter error: The error.
  /// - Returns: The error to deliver, or nothing once finished.
  @inlinable
  internal mutating func sourceFailed(_ error: any Swift.Error) -> Action {
    switch state {
    case .finished: return .none
    case .running: return finish(.error(error))
    }
  }

  /// The deliverer finished delivering an event.
  ///
  /// - Returns: The next event to deliver, or `.none` when the queue is empty.
  @inlinable
  internal mutating func deliveryFinished() -> Action {
    if let event = delivery.next() { return .deliver(event) }
    return .none
  }

  /// The result selector threw while the caller was delivering; the caller delivers the error.
  ///
  /// - Returns: What to release outside the lock.
  @inlinable
  internal mutating func resultSelectorFailed() -> Released {
    state = .finished
    return release()
  }

  /// The subscription was disposed.
  ///
  /// - Returns: What to release outside the lock.
  @inlinable
  internal mutating func disposed() -> Released {
    state = .finished
    return release()
  }

  @inlinable
  internal mutating func release() -> Released {
    let released = Released(buffers: buffers, events: delivery.cancel())
    buffers = buffers.emptied()
    return released
  }
}
