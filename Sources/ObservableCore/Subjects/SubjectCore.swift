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
// queue, a delivery token, and a policy that decides what a subject remembers and replays.
//
// Sending works like `_SerialOutputQueue`: a thread that sends while nobody is delivering takes the
// token and becomes the deliverer; a thread that sends while somebody is delivering queues its
// event and returns, and the deliverer delivers it next. Only the deliverer broadcasts, and it
// never holds the lock while calling observers.
//
// The token (`_DeliveryToken`) is one atomic word beside the lock. It is taken, and marked
// "work queued", only under the lock; the deliverer gives it back without the lock when nothing
// was queued, which is one compare-and-exchange instead of a second lock round trip per send.
// Only when the exchange fails does the deliverer take the lock, to take all the queued work.
//
// Subscribing never takes the token, so a subscriber is never made to deliver other threads'
// events. Every event gets a sequence number when it is sent, and a subscriber joins the
// observer list at once, remembering the next number: a queued event sent before it joined is
// not delivered to it. A subscriber with something to replay joins behind a gate
// (`_SubjectJoinGate`): while it delivers its replay on its own thread, the deliverers hand
// the gate the events due to it; it delivers those too, then opens the gate, after which the
// deliverers call it directly. So it receives its replay, then exactly the events sent after
// it joined: no gap, no duplicate, never two calls at once.
//
// In debug builds the state also remembers which thread is delivering, or delivering a replay,
// so that an event sent from inside an observer on that thread (a reentrant event, which
// RxSwift would deliver nested inside the current call) is reported through
// `Hooks.reentrancyAnomalyHandler`. The state counts them: unless the hook is set, only the
// subject's first one is reported in full, then one line at each power of ten.

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
  /// The sequence number of the first event sent after this subscriber joined.
  @usableFromInline let firstSequence: UInt64
  /// Present while, and after, the subscriber receives a replay.
  @usableFromInline let gate: _SubjectJoinGate<Element>?

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init(
    id: UInt64, observer: AnyObserver<Element>, lifetime: _Lifetime, firstSequence: UInt64,
    gate: _SubjectJoinGate<Element>?
  ) {
    self.id = id
    self.observer = observer
    self.lifetime = lifetime
    self.firstSequence = firstSequence
    self.gate = gate
  }
}

/// Holds the events due to a subscriber while it receives its replay on its own thread.
///
/// Not public API.
///
/// Deliverers offer each event due to the subscriber; while the gate is closed it keeps them.
/// The subscriber, once its replay is delivered, takes what the gate kept and delivers it, and
/// opens the gate when there is nothing left. From then on deliverers call the subscriber
/// directly. Every call into the subscriber is ordered by the gate's lock.
@usableFromInline
internal final class _SubjectJoinGate<Element: Sendable>: Sendable {
  /// Set once, under the lock, when the subscriber has caught up; read without the lock first.
  @usableFromInline
  internal let opened = _Atomic<Bool>(false)
  /// The replay until the subscriber takes it, then the events kept for the subscriber.
  @usableFromInline
  internal let held:
    _Mutex<(replay: _Replay<Element>, isOpen: Bool, events: _Queue<Event<Element>>)>

  /// Creates a closed gate for a subscriber that receives `replay` first.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init(replay: _Replay<Element>) {
    held = _Mutex((replay, false, _Queue()))
  }

  /// The subscriber takes its replay, which the gate holds no longer.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func takeReplay() -> _Replay<Element> {
    held.withLock { held in
      defer { held.replay = .nothing }
      return held.replay
    }
  }

  /// A deliverer has `event` for the subscriber.
  ///
  /// - Returns: `true` if the caller delivers it now (the gate is open); `false` if the gate
  ///   kept it for the subscriber.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func offer(_ event: Event<Element>) -> Bool {
    if opened.load(ordering: .acquiring) { return true }
    return held.withLock { held in
      if held.isOpen { return true }
      held.events.append(event)
      return false
    }
  }

  /// The subscriber has delivered everything before: what the gate kept since, or `nil` after
  /// opening the gate because it kept nothing.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func takeHeldOrOpen() -> _Queue<Event<Element>>? {
    held.withLock { held in
      guard held.events.isEmpty else {
        defer { held.events = _Queue() }
        return held.events
      }
      held.isOpen = true
      opened.store(true, ordering: .releasing)
      return nil
    }
  }
}

/// Work the deliverer performs outside the lock: broadcast `event`, the `sequence`th event
/// sent, to `observers`.
///
/// Not public API.
@usableFromInline
internal struct _SubjectDelivery<Element: Sendable>: Sendable {
  @usableFromInline var event: Event<Element>
  @usableFromInline var sequence: UInt64
  @usableFromInline var observers: ContiguousArray<_SubjectEntry<Element>>

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init(
    event: Event<Element>, sequence: UInt64, observers: ContiguousArray<_SubjectEntry<Element>>
  ) {
    self.event = event
    self.sequence = sequence
    self.observers = observers
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func perform() {
    // Indexing borrows each entry, which saves a retain and release per observer.
    for index in observers.indices {
      guard !observers[index].lifetime.isDisposed, observers[index].firstSequence <= sequence
      else { continue }
      if let gate = observers[index].gate, !gate.offer(event) { continue }
      observers[index].observer.on(event)
    }
  }

  /// Performs `deliveries` in order, stopping as soon as `disposed` is set: a dispose drops
  /// what is queued, and what a deliverer has taken out is dropped the same way.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  @inline(never)
  static func performAll(
    _ deliveries: ContiguousArray<_SubjectDelivery<Element>>,
    unlessSet disposed: borrowing _Atomic<Bool>
  ) {
    for delivery in deliveries {
      guard !disposed.load(ordering: .acquiring) else { return }
      delivery.perform()
    }
  }
}

/// An event waiting for the current deliverer, with its sequence number.
///
/// Not public API.
@usableFromInline
internal struct _SubjectQueuedEvent<Element: Sendable>: Sendable {
  @usableFromInline let event: Event<Element>
  @usableFromInline let sequence: UInt64

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init(event: Event<Element>, sequence: UInt64) {
    self.event = event
    self.sequence = sequence
  }
}

/// The outcome of subscribing to a subject.
///
/// Not public API.
@usableFromInline
internal enum _SubjectSubscribeOutcome<Element: Sendable>: Sendable {
  /// The subject is disposed or terminated: deliver the replay and the event, then stop.
  case rejected(_Replay<Element>, Event<Element>)
  /// The observer joined with this id. With a gate, deliver the gate's replay, then what the
  /// gate keeps meanwhile.
  case added(UInt64, _SubjectJoinGate<Element>?)
}

/// The observers of a subject and the events waiting for its deliverer: the part of its state
/// that does not depend on what it remembers.
///
/// Not public API.
///
/// Generic over the element alone, so that a client compiles its subscribing and queueing code
/// once per element type, not once per kind of subject: those methods are kept out of line
/// (`@inline(never)`), and subjects of one element type share their specializations. Sending,
/// which runs for every element, stays inlined.
@usableFromInline
internal struct _SubjectObservers<Element: Sendable>: Sendable {
  /// The observers, in subscription order.
  @usableFromInline var entries: ContiguousArray<_SubjectEntry<Element>> = []
  /// Events waiting for the current deliverer.
  @usableFromInline var pending = _Queue<_SubjectQueuedEvent<Element>>()
  @usableFromInline var nextID: UInt64 = 0
  /// The sequence number of the next event sent.
  @usableFromInline var nextSequence: UInt64 = 0

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init() {}

  /// Numbers `event`, then queues it, or returns its delivery for the caller if nobody is
  /// delivering.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  mutating func enqueue(
    _ event: Event<Element>, token: borrowing _DeliveryToken
  ) -> _SubjectDelivery<Element>? {
    let sequence = nextSequence
    nextSequence &+= 1
    guard token.becomeDelivererOrMarkQueued() else {
      pending.append(_SubjectQueuedEvent(event: event, sequence: sequence))
      return nil
    }
    return broadcast(event, sequence: sequence)
  }

  /// The delivery of `event` to the current observers; the last one if it is terminal.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  mutating func broadcast(_ event: Event<Element>, sequence: UInt64) -> _SubjectDelivery<Element> {
    guard event.isStopEvent else {
      return _SubjectDelivery(event: event, sequence: sequence, observers: entries)
    }
    defer { entries = [] }
    return _SubjectDelivery(event: event, sequence: sequence, observers: entries)
  }

  /// The deliverer found work queued: takes all of it, in queue order, and unmarks the token.
  ///
  /// Taking the whole queue in one critical section keeps the deliverer's cost per queued
  /// event below a sender's cost per send, so that a deliverer catches up with senders on
  /// other threads instead of delivering for them indefinitely.
  ///
  /// - Returns: The deliveries, in order; empty if a dispose dropped the work.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  @inline(never)
  mutating func takeQueued(
    token: borrowing _DeliveryToken
  ) -> ContiguousArray<_SubjectDelivery<Element>> {
    var deliveries = ContiguousArray<_SubjectDelivery<Element>>()
    deliveries.reserveCapacity(pending.count)
    while let queued = pending.popFirst() {
      deliveries.append(broadcast(queued.event, sequence: queued.sequence))
    }
    token.unmarkQueued()
    return deliveries
  }

  /// A subscriber joins, to receive `replay` first.
  ///
  /// - Returns: Its id, and the gate it joins behind if it has a replay.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  @inline(never)
  mutating func add(
    _ observer: AnyObserver<Element>, _ lifetime: _Lifetime, replay: _Replay<Element>
  ) -> _SubjectSubscribeOutcome<Element> {
    let id = nextID
    nextID += 1
    let gate: _SubjectJoinGate<Element>?
    if case .nothing = replay { gate = nil } else { gate = _SubjectJoinGate(replay: replay) }
    entries.append(
      _SubjectEntry(
        id: id, observer: observer, lifetime: lifetime, firstSequence: nextSequence, gate: gate))
    return .added(id, gate)
  }

  /// A subscription was disposed.
  ///
  /// - Returns: The removed entry, to release outside the lock.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  @inline(never)
  mutating func remove(_ id: UInt64) -> _SubjectEntry<Element>? {
    guard let index = entries.firstIndex(where: { $0.id == id }) else { return nil }
    return entries.remove(at: index)
  }

  /// What a new subscriber receives once it has joined, or been turned away, outside the lock:
  /// a rejected one its replay and the terminal event; one behind a gate its replay, then the
  /// events the gate kept meanwhile, until the gate opens.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  @inline(never)
  static func welcome(
    _ outcome: _SubjectSubscribeOutcome<Element>, _ observer: AnyObserver<Element>,
    _ lifetime: _Lifetime
  ) {
    switch outcome {
    case .rejected(let replay, let stop):
      deliver(replay, to: observer, lifetime)
      guard !lifetime.isDisposed else { return }
      observer.on(stop)
    case .added(_, let gate):
      guard let gate else { return }
      deliver(gate.takeReplay(), to: observer, lifetime)
      // Then the events the gate kept meanwhile, until it has kept nothing more and opens.
      // A subscription disposed meanwhile is skipped by deliverers, so the gate need not open.
      catchingUp: while let held = gate.takeHeldOrOpen() {
        for event in held {
          guard !lifetime.isDisposed else { break catchingUp }
          observer.on(event)
        }
      }
    }
  }

  /// Delivers `replay` to a new subscriber, stopping early if it is disposed.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  static func deliver(
    _ replay: _Replay<Element>, to observer: AnyObserver<Element>, _ lifetime: _Lifetime
  ) {
    switch replay {
    case .nothing:
      break
    case .one(let element):
      guard !lifetime.isDisposed else { return }
      observer.on(.next(element))
    case .many(let elements):
      for element in elements {
        guard !lifetime.isDisposed else { return }
        observer.on(.next(element))
      }
    }
  }
}

/// The state of a subject, guarded by its core's `Mutex`.
///
/// Not public API.
@usableFromInline
internal struct _SubjectState<Policy: _SubjectPolicy>: Sendable {
  @usableFromInline typealias Element = Policy.Element

  @usableFromInline var policy: Policy
  @usableFromInline var observers = _SubjectObservers<Element>()
  /// The terminal event, set as soon as it is sent (it may still be queued).
  @usableFromInline var stopped: Event<Element>?
  @usableFromInline var isDisposed = false
  #if DEBUG
    /// The thread delivering while the token is held; stale otherwise.
    @usableFromInline var deliveringThread: UInt = 0
    /// The threads delivering a replay to a new subscriber.
    @usableFromInline var replayingThreads: [UInt] = []
    /// How many reentrant events have been sent to the subject, for
    /// `Hooks._reportReentrancyAnomaly`, which by default reports only a few of them.
    @usableFromInline var reentrantEvents = 0
  #endif

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init(policy: Policy, stopped: Event<Element>?) {
    self.policy = policy
    self.stopped = stopped
  }

  /// `event` was sent to the subject.
  ///
  /// - Returns: The delivery the caller must perform, if it has become the deliverer, and an
  ///   element the policy dropped, to release outside the lock.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  mutating func send(
    _ event: Event<Element>, token: borrowing _DeliveryToken
  ) -> (_SubjectDelivery<Element>?, Element?) {
    guard !isDisposed, stopped == nil else { return (nil, nil) }
    switch event {
    case .next(let element):
      let released = policy.record(element)
      guard Policy.broadcastsElements else { return (nil, released) }
      return (observers.enqueue(event, token: token), released)
    case .error, .completed:
      stopped = event
      guard let final = policy.finalElement(before: event) else {
        return (observers.enqueue(event, token: token), nil)
      }
      let delivery = observers.enqueue(.next(final), token: token)
      // The token is held now, by the caller or another deliverer: this one is queued.
      _ = observers.enqueue(event, token: token)
      return (delivery, nil)
    }
  }

  /// A subscriber arrived.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  mutating func subscribe(
    _ observer: AnyObserver<Element>, _ lifetime: _Lifetime
  ) -> _SubjectSubscribeOutcome<Element> {
    if isDisposed {
      return .rejected(.nothing, .error(RxError.disposed(object: Policy.subjectName)))
    }
    if let stopped { return .rejected(policy.replay(after: stopped), stopped) }
    return observers.add(observer, lifetime, replay: policy.replay())
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

  /// Who is delivering; taken and marked only under `state`'s lock (see `_DeliveryToken`).
  @usableFromInline
  internal let token = _DeliveryToken()

  /// Set once by `dispose()`, under the lock; read by a deliverer between queued events.
  @usableFromInline
  internal let disposed = _Atomic<Bool>(false)

  /// Creates a core that remembers with `policy`, already terminated by `stopped` if given.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init(_ policy: Policy, stopped: Event<Element>? = nil) {
    state = _Mutex(_SubjectState(policy: policy, stopped: stopped))
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func on(_ event: Event<Element>) {
    #if DEBUG
      let thread = _currentThreadID()
      // `reentrant` is the subject's count of reentrant events with this one, or 0.
      let (sent, reentrant) = state.withLock {
        state -> ((_SubjectDelivery<Element>?, Element?), Int) in
        let isReentrant =
          ((token.isHeld && state.deliveringThread == thread)
            || state.replayingThreads.contains(thread))
          && !state.isDisposed && state.stopped == nil
        if isReentrant { state.reentrantEvents &+= 1 }
        let sent = state.send(event, token: token)
        if sent.0 != nil { state.deliveringThread = thread }
        return (sent, isReentrant ? state.reentrantEvents : 0)
      }
      if reentrant > 0 {
        Hooks._reportReentrancyAnomaly(
          subject: Policy.subjectName, count: reentrant, event: event.debugDescription)
      }
      // The dropped element in `.1` is released here, outside the lock.
      guard let delivery = sent.0 else { return }
    #else
      // The dropped element in `.1` is released here, outside the lock.
      guard let delivery = state.withLock({ $0.send(event, token: token) }).0 else { return }
    #endif
    deliver(delivery)
  }

  /// Performs `first`, then whatever was queued meanwhile, and gives the token back.
  ///
  /// The caller holds the token.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func deliver(_ first: _SubjectDelivery<Element>) {
    first.perform()
    if !token.releaseIfNothingQueued() { deliverQueued() }
  }

  /// Performs the work other threads queued while this one delivered, batch by batch, until
  /// none is left, and gives the token back.
  ///
  /// Kept out of line: only contended sends get here, and the batches are performed by code
  /// specialized once per element type (`_SubjectDelivery.performAll`), not once per kind of
  /// subject.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  @inline(never)
  func deliverQueued() {
    repeat {
      let queued = state.withLock { $0.observers.takeQueued(token: token) }
      _SubjectDelivery.performAll(queued, unlessSet: disposed)
    } while !token.releaseIfNothingQueued()
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func subscribe(_ observer: AnyObserver<Element>, _ lifetime: _Lifetime) {
    #if DEBUG
      let thread = _currentThreadID()
      let outcome = state.withLock { state -> _SubjectSubscribeOutcome<Element> in
        let outcome = state.subscribe(observer, lifetime)
        if case .added(_, .some) = outcome { state.replayingThreads.append(thread) }
        return outcome
      }
    #else
      let outcome = state.withLock { $0.subscribe(observer, lifetime) }
    #endif
    if case .added(let id, _) = outcome {
      // Weakly: the entry holds the lifetime, so a strong reference here would keep the core
      // (and everything its entries hold) alive after the subject is released, as long as the
      // subscription is never disposed. RxSwift's subscription holds its subject weakly too.
      lifetime.onDispose { [weak self] in self?.unsubscribe(id) }
    }
    _SubjectObservers.welcome(outcome, observer, lifetime)
    #if DEBUG
      if case .added(_, .some) = outcome {
        state.withLock { state in
          if let index = state.replayingThreads.firstIndex(of: thread) {
            state.replayingThreads.remove(at: index)
          }
        }
      }
    #endif
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func unsubscribe(_ id: UInt64) {
    let removed = state.withLock { $0.observers.remove(id) }
    _ = removed
  }

  @usableFromInline
  var hasObservers: Bool {
    state.withLock { !$0.observers.entries.isEmpty }
  }

  @usableFromInline
  var isDisposed: Bool {
    state.withLock { $0.isDisposed }
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func dispose() {
    let released = state.withLock { state in
      state.isDisposed = true
      disposed.store(true, ordering: .releasing)
      state.stopped = nil
      let released = (state.observers.entries, state.observers.pending, state.policy)
      state.observers.entries = []
      state.observers.pending = _Queue()
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
