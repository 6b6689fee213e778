import Synchronization

#if DEBUG
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #elseif canImport(Darwin)
    import Darwin
  #endif
#endif

// The machinery shared by every subject: one `Mutex`-guarded state, one serialized delivery
// queue, and a policy that decides what a subject remembers and replays.
//
// Delivery works like `_SerialDelivery`, but the queue holds two kinds of operation: events,
// and "add this observer and replay to it". A thread that sends an event or subscribes while
// nobody is delivering becomes the deliverer; anyone else queues the operation and returns.
// Only the deliverer calls observers, and it never holds the lock while doing so. Because a
// new subscriber joins the observer list at its place in the queue, it receives its replay
// and then exactly the events queued after it: no gap, no duplicate, never two calls at once.
//
// In debug builds the state also remembers which thread is delivering, so that an event sent
// from inside an observer on that thread (a reentrant event, which RxSwift would deliver nested
// inside the current delivery) is reported once through `Hooks.reentrancyAnomalyHandler`.

/// What a subject remembers of the elements sent to it, and what it replays.
///
/// Not public API.
@usableFromInline
internal protocol _SubjectPolicy: Sendable {
  associatedtype Element: Sendable

  /// The subject's type name, for ``RxError/disposed(object:)``.
  static var subjectName: String { get }

  /// Whether elements are broadcast as they are sent. `AsyncSubject` holds them back.
  static var broadcastsElements: Bool { get }

  /// Remembers `element`, which was just sent.
  ///
  /// - Returns: An element the policy no longer needs, to be released outside the lock.
  mutating func record(_ element: Element) -> Element?

  /// What a subscriber that arrives before termination receives first.
  func replay() -> _Replay<Element>

  /// What a subscriber that arrives after `stop` receives before `stop`.
  func replay(after stop: Event<Element>) -> _Replay<Element>

  /// The element current observers receive right before `stop`, if any.
  func finalElement(before stop: Event<Element>) -> Element?

  /// Forgets every remembered element, when the subject is disposed.
  mutating func removeAll()
}

/// The elements a new subscriber receives first.
///
/// Not public API.
@usableFromInline
internal enum _Replay<Element> {
  case nothing
  case one(Element)
  case many(_Queue<Element>)
}

extension _Replay: Sendable where Element: Sendable {}

/// One subscriber of a subject.
///
/// Not public API.
@usableFromInline
internal struct _SubjectEntry<Element: Sendable>: Sendable {
  @usableFromInline let id: UInt64
  @usableFromInline let observer: AnyObserver<Element>
  @usableFromInline let lifetime: _Lifetime

  @inlinable
  init(id: UInt64, observer: AnyObserver<Element>, lifetime: _Lifetime) {
    self.id = id
    self.observer = observer
    self.lifetime = lifetime
  }
}

/// A subscriber waiting to be added, with the replay it must receive first.
///
/// Not public API.
@usableFromInline
internal final class _SubjectArrival<Element: Sendable>: Sendable {
  @usableFromInline let entry: _SubjectEntry<Element>
  @usableFromInline let replay: _Replay<Element>

  @inlinable
  init(entry: _SubjectEntry<Element>, replay: _Replay<Element>) {
    self.entry = entry
    self.replay = replay
  }

  /// Delivers the replay, stopping early if the subscription is disposed.
  @inlinable
  func perform() {
    switch replay {
    case .nothing:
      break
    case .one(let element):
      guard !entry.lifetime.isDisposed else { return }
      entry.observer.on(.next(element))
    case .many(let elements):
      for element in elements {
        guard !entry.lifetime.isDisposed else { return }
        entry.observer.on(.next(element))
      }
    }
  }
}

/// An operation in a subject's delivery queue: an event to broadcast, or a subscriber to add.
///
/// Not public API. (A struct rather than an enum keeps copies cheap on the send path.)
@usableFromInline
internal struct _SubjectOperation<Element: Sendable>: Sendable {
  @usableFromInline var event: Event<Element>?
  @usableFromInline var arrival: _SubjectArrival<Element>?

  @inlinable
  init(event: Event<Element>) {
    self.event = event
    self.arrival = nil
  }

  @inlinable
  init(arrival: _SubjectArrival<Element>) {
    self.event = nil
    self.arrival = arrival
  }
}

/// Work the deliverer performs outside the lock: broadcast `event` to `observers`, or deliver
/// `arrival`'s replay (an arrival with nothing to replay is only released).
///
/// Not public API.
@usableFromInline
internal struct _SubjectDelivery<Element: Sendable>: Sendable {
  @usableFromInline var event: Event<Element>?
  @usableFromInline var observers: ContiguousArray<_SubjectEntry<Element>>
  @usableFromInline var arrival: _SubjectArrival<Element>?

  @inlinable
  init(event: Event<Element>, observers: ContiguousArray<_SubjectEntry<Element>>) {
    self.event = event
    self.observers = observers
    self.arrival = nil
  }

  @inlinable
  init(arrival: _SubjectArrival<Element>) {
    self.event = nil
    self.observers = []
    self.arrival = arrival
  }

  @inlinable
  func perform() {
    if let event {
      // Indexing borrows each entry, which saves a retain and release per observer.
      for index in observers.indices where !observers[index].lifetime.isDisposed {
        observers[index].observer.on(event)
      }
    } else if let arrival {
      arrival.perform()
    }
  }
}

/// The outcome of subscribing to a subject.
///
/// Not public API.
@usableFromInline
internal enum _SubjectSubscribeOutcome<Element: Sendable>: Sendable {
  /// The subject is disposed or terminated: deliver the replay and the event, then stop.
  case rejected(_Replay<Element>, Event<Element>)
  /// The observer was added, or queued to be added, with this id. With an arrival, the
  /// subscriber has become the deliverer: deliver the replay, then drain the queue.
  case added(UInt64, _SubjectArrival<Element>?)
}

/// The state of a subject, guarded by its core's `Mutex`.
///
/// Not public API.
@usableFromInline
internal struct _SubjectState<Policy: _SubjectPolicy>: Sendable {
  @usableFromInline typealias Element = Policy.Element

  @usableFromInline var policy: Policy
  /// The observers, in subscription order, as of the operation being delivered.
  @usableFromInline var observers: ContiguousArray<_SubjectEntry<Element>> = []
  /// Operations waiting for the current deliverer.
  @usableFromInline var pending = _Queue<_SubjectOperation<Element>>()
  /// The ids of queued subscribers that have not been cancelled, oldest first.
  @usableFromInline var queuedSubscribers: ContiguousArray<UInt64> = []
  @usableFromInline var isDelivering = false
  /// The terminal event, set as soon as it is sent (it may still be queued).
  @usableFromInline var stopped: Event<Element>?
  @usableFromInline var isDisposed = false
  @usableFromInline var nextID: UInt64 = 0
  #if DEBUG
    /// The thread delivering while `isDelivering` is `true`; stale otherwise.
    @usableFromInline var deliveringThread: UInt = 0
  #endif

  @inlinable
  init(policy: Policy, stopped: Event<Element>?) {
    self.policy = policy
    self.stopped = stopped
  }

  /// `event` was sent to the subject.
  ///
  /// - Returns: The delivery the caller must perform, if it has become the deliverer, and an
  ///   element the policy dropped, to release outside the lock.
  @inlinable
  mutating func send(_ event: Event<Element>) -> (_SubjectDelivery<Element>?, Element?) {
    guard !isDisposed, stopped == nil else { return (nil, nil) }
    switch event {
    case .next(let element):
      let released = policy.record(element)
      guard Policy.broadcastsElements else { return (nil, released) }
      return (enqueue(event), released)
    case .error, .completed:
      stopped = event
      guard let final = policy.finalElement(before: event) else { return (enqueue(event), nil) }
      let delivery = enqueue(.next(final))
      pending.append(_SubjectOperation(event: event))
      return (delivery, nil)
    }
  }

  /// Queues `event`, or returns its delivery for the caller if nobody is delivering.
  @inlinable
  mutating func enqueue(_ event: Event<Element>) -> _SubjectDelivery<Element>? {
    if isDelivering {
      pending.append(_SubjectOperation(event: event))
      return nil
    }
    isDelivering = true
    return broadcast(event)
  }

  /// The delivery of `event` to the current observers; the last one if it is terminal.
  @inlinable
  mutating func broadcast(_ event: Event<Element>) -> _SubjectDelivery<Element> {
    guard event.isStopEvent else { return _SubjectDelivery(event: event, observers: observers) }
    defer { observers = [] }
    return _SubjectDelivery(event: event, observers: observers)
  }

  /// The next work for the current deliverer, or `nil` when it may stop.
  @inlinable
  mutating func next() -> _SubjectDelivery<Element>? {
    while let operation = pending.popFirst() {
      if let event = operation.event { return broadcast(event) }
      guard let arrival = operation.arrival else { continue }
      guard let index = queuedSubscribers.firstIndex(of: arrival.entry.id) else {
        // Cancelled while queued: release it outside the lock.
        return _SubjectDelivery(arrival: arrival)
      }
      queuedSubscribers.remove(at: index)
      observers.append(arrival.entry)
      return _SubjectDelivery(arrival: arrival)
    }
    isDelivering = false
    return nil
  }

  /// A subscriber arrived.
  @inlinable
  mutating func subscribe(
    _ observer: AnyObserver<Element>, _ lifetime: _Lifetime
  ) -> _SubjectSubscribeOutcome<Element> {
    if isDisposed {
      return .rejected(.nothing, .error(RxError.disposed(object: Policy.subjectName)))
    }
    if let stopped { return .rejected(policy.replay(after: stopped), stopped) }
    let id = nextID
    nextID += 1
    let entry = _SubjectEntry(id: id, observer: observer, lifetime: lifetime)
    let replay = policy.replay()
    if isDelivering {
      queuedSubscribers.append(id)
      pending.append(_SubjectOperation(arrival: _SubjectArrival(entry: entry, replay: replay)))
      return .added(id, nil)
    }
    observers.append(entry)
    if case .nothing = replay { return .added(id, nil) }
    isDelivering = true
    return .added(id, _SubjectArrival(entry: entry, replay: replay))
  }

  /// A subscription was disposed.
  ///
  /// - Returns: The removed entry, to release outside the lock.
  @inlinable
  mutating func unsubscribe(_ id: UInt64) -> _SubjectEntry<Element>? {
    if let index = observers.firstIndex(where: { $0.id == id }) {
      return observers.remove(at: index)
    }
    if let index = queuedSubscribers.firstIndex(of: id) {
      queuedSubscribers.remove(at: index)
    }
    return nil
  }

  /// Whether the subject has a subscriber, including one still queued.
  @inlinable
  var hasObservers: Bool {
    !observers.isEmpty || !queuedSubscribers.isEmpty
  }
}

/// The state and delivery loop of a subject.
///
/// Not public API.
@usableFromInline
internal final class _SubjectCore<Policy: _SubjectPolicy>: Sendable {
  @usableFromInline typealias Element = Policy.Element

  @usableFromInline
  internal let state: _Mutex<_SubjectState<Policy>>

  /// Creates a core that remembers with `policy`, already terminated by `stopped` if given.
  @inlinable
  init(_ policy: Policy, stopped: Event<Element>? = nil) {
    state = _Mutex(_SubjectState(policy: policy, stopped: stopped))
  }

  @inlinable
  func on(_ event: Event<Element>) {
    #if DEBUG
      let thread = _currentThreadID()
      let (sent, reentrant) = state.withLock {
        state -> ((_SubjectDelivery<Element>?, Element?), Bool) in
        let reentrant =
          state.isDelivering && state.deliveringThread == thread && !state.isDisposed
          && state.stopped == nil
        let sent = state.send(event)
        if sent.0 != nil { state.deliveringThread = thread }
        return (sent, reentrant)
      }
      if reentrant {
        Hooks._reportReentrancyAnomaly(
          subject: Policy.subjectName, event: event.debugDescription)
      }
      // The dropped element in `.1` is released here, outside the lock.
      var delivery = sent.0
    #else
      // The dropped element in `.1` is released here, outside the lock.
      var delivery = state.withLock { $0.send(event) }.0
    #endif
    while let current = delivery {
      current.perform()
      delivery = state.withLock { $0.next() }
    }
  }

  @inlinable
  func subscribe(_ observer: AnyObserver<Element>, _ lifetime: _Lifetime) {
    #if DEBUG
      let thread = _currentThreadID()
      let outcome = state.withLock { state -> _SubjectSubscribeOutcome<Element> in
        let outcome = state.subscribe(observer, lifetime)
        if case .added(_, .some) = outcome { state.deliveringThread = thread }
        return outcome
      }
    #else
      let outcome = state.withLock { $0.subscribe(observer, lifetime) }
    #endif
    switch outcome {
    case .rejected(let replay, let stop):
      let entry = _SubjectEntry(id: 0, observer: observer, lifetime: lifetime)
      _SubjectArrival(entry: entry, replay: replay).perform()
      guard !lifetime.isDisposed else { return }
      observer.on(stop)
    case .added(let id, let arrival):
      lifetime.onDispose { self.unsubscribe(id) }
      guard let arrival else { return }
      arrival.perform()
      var delivery = state.withLock { $0.next() }
      while let current = delivery {
        current.perform()
        delivery = state.withLock { $0.next() }
      }
    }
  }

  @inlinable
  func unsubscribe(_ id: UInt64) {
    let removed = state.withLock { $0.unsubscribe(id) }
    _ = removed
  }

  @usableFromInline
  var hasObservers: Bool {
    state.withLock { $0.hasObservers }
  }

  @usableFromInline
  var isDisposed: Bool {
    state.withLock { $0.isDisposed }
  }

  @inlinable
  func dispose() {
    let released = state.withLock { state in
      state.isDisposed = true
      state.stopped = nil
      let released = (state.observers, state.pending, state.policy)
      state.observers = []
      state.pending = _Queue()
      state.queuedSubscribers = []
      state.policy.removeAll()
      return released
    }
    _ = released
  }
}

#if DEBUG
  /// An identifier of the current thread, unique among running threads.
  ///
  /// Not public API.
  @usableFromInline
  internal func _currentThreadID() -> UInt {
    #if canImport(Glibc)
      return UInt(pthread_self())
    #else
      return UInt(bitPattern: pthread_self())
    #endif
  }
#endif
