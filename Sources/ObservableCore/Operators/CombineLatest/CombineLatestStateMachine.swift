/// The latest element of each source of a `combineLatest`.
///
/// Not public API.
@usableFromInline
internal protocol _CombineLatestValues: Sendable {
  /// One latest element per source.
  associatedtype Snapshot: Sendable

  /// Every source's latest element, or `nil` while some source has produced none.
  var snapshot: Snapshot? { get }

  /// A storage of the same arity that holds no elements.
  func emptied() -> Self
}

/// The pure logic of `combineLatest`: which events to deliver and when it terminates.
///
/// Not public API.
///
/// Follows RxSwift: the result emits a snapshot whenever a source produces an element and
/// every source has produced one. It completes when every source has completed, or earlier
/// when a source produces an element that can never be combined because every other source
/// has completed and one of them never produced an element. It fails as soon as any source
/// fails. Result selectors run in the storage, outside the lock, on the snapshots this machine
/// hands out; delivery is serialized by the embedded `_SerialDelivery`.
@usableFromInline
internal struct _CombineLatestStateMachine<Values: _CombineLatestValues> {
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
    case deliver(Event<Values.Snapshot>)
  }

  /// What the state machine let go of, to be released after the lock.
  @usableFromInline
  internal struct Released {
    @usableFromInline let values: Values
    @usableFromInline let events: _Queue<Event<Values.Snapshot>>

    @inlinable
    init(values: Values, events: _Queue<Event<Values.Snapshot>>) {
      self.values = values
      self.events = events
    }
  }

  @usableFromInline internal var state = State.running
  @usableFromInline internal var values: Values
  @usableFromInline internal var isDone: [Bool]
  @usableFromInline internal var doneCount = 0
  @usableFromInline internal var delivery = _SerialDelivery<Values.Snapshot>()

  /// Creates the state machine for `arity` sources, with `values` holding no elements yet.
  ///
  /// - Parameters:
  ///   - values: The empty latest-values storage.
  ///   - arity: The number of sources, at least one.
  @inlinable
  internal init(values: Values, arity: Int) {
    self.values = values
    self.isDone = Array(repeating: false, count: arity)
  }

  @inlinable
  internal var arity: Int { isDone.count }

  /// Whether every source other than `index` has completed.
  @inlinable
  internal func allOthersDone(_ index: Int) -> Bool {
    doneCount - (isDone[index] ? 1 : 0) == arity - 1
  }

  @inlinable
  internal mutating func enqueue(_ event: Event<Values.Snapshot>) -> Action {
    if let event = delivery.enqueue(event) { return .deliver(event) }
    return .none
  }

  @inlinable
  internal mutating func finish(_ event: Event<Values.Snapshot>) -> Action {
    state = .finished
    return enqueue(event)
  }

  /// Source `index` produced an element, which `store` writes into the latest values.
  ///
  /// - Parameters:
  ///   - index: The source.
  ///   - store: Replaces that source's latest element; not called once finished.
  /// - Returns: The snapshot to deliver, completion, or nothing.
  @inlinable
  internal mutating func sourceProducedElement(
    at index: Int, store: (inout Values) -> Void
  ) -> Action {
    switch state {
    case .finished:
      return .none
    case .running:
      store(&values)
      if let snapshot = values.snapshot { return enqueue(.next(snapshot)) }
      if allOthersDone(index) { return finish(.completed) }
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
    let released = Released(values: values, events: delivery.cancel())
    values = values.emptied()
    return released
  }
}
