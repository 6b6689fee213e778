/// The logic of ``ObservableType/observe(on:)->Observable<Self.Element>``, without locks or side effects.
///
/// Not public API.
///
/// Events wait in a queue. At most one drain is scheduled or running at a time: it takes the
/// whole queue as a batch, delivers it, and asks again until the queue is empty. A drain that
/// has run for a slice of time (`_FairSlice`) puts back what it has not delivered
/// (``drainPaused(remaining:)``) and is scheduled again, so that other work on the scheduler
/// takes turns with a long burst. On a
/// scheduler whose every action is a step in time (a virtual-time scheduler), the drain
/// instead takes one event per scheduled action (``takeOne()``, ``eventDelivered()``), as
/// RxSwift's does, so that test timelines match RxSwift's.
@usableFromInline
internal struct _ObserveOnStateMachine<Element> {
  @usableFromInline
  internal enum State {
    /// Subscribed. `isDraining` is true from scheduling a drain until it finds the queue
    /// empty; `terminated` is true once a terminal event was queued.
    case running(queue: _Queue<Event<Element>>, isDraining: Bool, terminated: Bool)
    /// Disposed, or the terminal event was delivered where it arrived.
    case finished
  }

  @usableFromInline
  internal var state: State = .running(queue: _Queue(), isDraining: false, terminated: false)

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init() {}

  /// What to do after an event arrived.
  @usableFromInline
  internal enum ArrivalAction {
    /// Schedule a drain.
    case scheduleDrain
    /// Nothing: a drain will deliver the event, or the event was dropped.
    case none
  }

  /// An event arrived from upstream.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func eventArrived(_ event: Event<Element>) -> ArrivalAction {
    guard case .running(var queue, let isDraining, let terminated) = state, !terminated else {
      return .none
    }
    state = .finished
    queue.append(event)
    state = .running(queue: queue, isDraining: true, terminated: event.isStopEvent)
    return isDraining ? .none : .scheduleDrain
  }

  /// What to do after an event arrived where a drain would run at once (the main scheduler,
  /// called on the main queue with nothing of it pending).
  @usableFromInline
  internal enum ArrivalAtOnceAction {
    /// Deliver the event now, then drain what arrives meanwhile. The machine counts it as a
    /// drain that is running (a terminal event as handed to the drain).
    case deliverNow
    /// Nothing: the drain running or scheduled will deliver the event, or it was dropped.
    case none
  }

  /// An event arrived where a drain would run at once.
  ///
  /// When no drain is running or scheduled, the event skips the queue, which is then empty (a
  /// drain stops only when it finds it empty): the caller delivers it and drains afterwards, in
  /// the same order a drain would have.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func eventArrivedWhereDrainRunsAtOnce(
    _ event: Event<Element>
  ) -> ArrivalAtOnceAction {
    guard case .running(let queue, let isDraining, let terminated) = state, !terminated else {
      return .none
    }
    guard !isDraining else {
      // Queued behind what the drain has yet to deliver; with a drain under way this asks
      // for no other.
      _ = eventArrived(event)
      return .none
    }
    state =
      event.isStopEvent
      ? .finished : .running(queue: queue, isDraining: true, terminated: false)
    return .deliverNow
  }

  /// The drain asks for the next batch, handing over the storage of the batch it delivered.
  ///
  /// The queued events move into `batch`, and `batch`'s storage, emptied by the drain, becomes
  /// the queue that the next events are added to: in a steady stream the two buffers take
  /// turns, and neither side allocates.
  ///
  /// - Parameter batch: On entry, an empty queue whose storage may be reused; on return with
  ///   `true`, the events to deliver, in order; with `false`, an empty queue (the machine keeps
  ///   the larger of the two storages for the next events).
  /// - Returns: `false` if there are none and the drain must stop. After a batch that ends with
  ///   the terminal event, the drain is not called again.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func takeBatch(into batch: inout _Queue<Event<Element>>) -> Bool {
    guard case .running(var queue, _, let terminated) = state else { return false }
    guard !queue.isEmpty else {
      // The drain stops: keep the larger of the two empty buffers for the next events. With a
      // scheduler that runs the drain at once (`MainScheduler` on the main queue, as under
      // every `Driver`), each event is a drain of its own, and the queue would otherwise start
      // from no storage and allocate one per event (issue 30).
      state = .finished
      if batch.capacity > queue.capacity { swap(&queue, &batch) }
      state = .running(queue: queue, isDraining: false, terminated: terminated)
      return false
    }
    // Release the state's reference first, so that both buffers stay uniquely referenced.
    state = .finished
    swap(&queue, &batch)
    // With the terminal event in the batch the state stays `running` (terminated), not
    // `finished`: a drain that pauses before the end of the batch puts the rest back.
    state = .running(queue: queue, isDraining: true, terminated: terminated)
    return true
  }

  /// The drain gave its scheduler back before delivering all of its batch, so that other work
  /// could run (see `_FairSlice`).
  ///
  /// The undelivered events go back to the front of the queue; the drain counts as still
  /// running, and the caller schedules its continuation.
  ///
  /// - Parameter batch: The events the drain has not delivered; emptied.
  /// - Returns: Whether to schedule the drain's continuation: `false` once disposed.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func drainPaused(remaining batch: inout _Queue<Event<Element>>) -> Bool {
    guard case .running(var queue, _, let terminated) = state else {
      batch.removeAll()
      return false
    }
    state = .finished
    while let event = queue.popFirst() { batch.append(event) }
    swap(&queue, &batch)
    state = .running(queue: queue, isDraining: true, terminated: terminated)
    return true
  }

  /// A one-event-per-action drain asks for the next event.
  ///
  /// - Returns: The oldest queued event, or `nil` if there is none and the drain must stop.
  ///   After the terminal event, the drain is not called again.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func takeOne() -> Event<Element>? {
    guard case .running(var queue, _, let terminated) = state else { return nil }
    // Release the state's reference first, so that the queue stays uniquely referenced.
    state = .finished
    guard let event = queue.popFirst() else {
      state = .running(queue: queue, isDraining: false, terminated: terminated)
      return nil
    }
    if !event.isStopEvent {
      state = .running(queue: queue, isDraining: true, terminated: terminated)
    }
    return event
  }

  /// A one-event-per-action drain delivered the event ``takeOne()`` gave it.
  ///
  /// - Returns: Whether events are waiting, so that the drain must schedule another action;
  ///   if not, the drain stops and the next arrival schedules a new one.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func eventDelivered() -> Bool {
    guard case .running(let queue, _, let terminated) = state else { return false }
    state = .running(queue: queue, isDraining: !queue.isEmpty, terminated: terminated)
    return !queue.isEmpty
  }

  /// The subscription was disposed.
  ///
  /// - Returns: The events that were not delivered, to release outside the lock.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func disposed() -> _Queue<Event<Element>> {
    defer { state = .finished }
    if case .running(let queue, _, _) = state { return queue }
    return _Queue()
  }
}
