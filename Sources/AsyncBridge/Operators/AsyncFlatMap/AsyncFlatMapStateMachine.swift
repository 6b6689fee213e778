import ObservableCore

/// The logic of the async `map`, `flatMap`, `concatMap` and `flatMapLatest`: which tasks run,
/// which results are delivered, and when the sequence ends.
///
/// Not public API.
///
/// Each upstream element becomes a task that runs the async closure. The state machine does
/// not create or cancel tasks itself; its methods, named for what happened, return what the
/// storage must do once it has released its lock. Results are queued for delivery through a
/// `_SerialOutputQueue`, so the downstream observer is called by one thread at a time; with a
/// limit on the tasks, an element waiting for a slot starts only when the deliverer has
/// delivered every queued result (``delivered()``).
@usableFromInline
internal struct _AsyncFlatMapStateMachine<Element: Sendable, Result: Sendable> {
  /// How elements share tasks.
  @usableFromInline
  internal enum Mode: Sendable {
    /// One task per element, at most `limit` of them at a time (any number when `nil`);
    /// results in the order the tasks finish (`flatMap`, `flatMap(maxConcurrent:)`).
    ///
    /// A task's slot frees once its result has been delivered, not when the task returns, so
    /// the elements still waiting start only while the downstream is taking results and the
    /// subscription is live, and at most `limit` results ever wait to be delivered.
    case merge(limit: Int?)
    /// One task at a time; a new element cancels the running task (`flatMapLatest`).
    case latest

    /// One task at a time, in element order (`concatMap`, the async `map`): the next element's
    /// task starts once the previous result has been delivered.
    @inlinable
    internal static var concat: Mode { .merge(limit: 1) }
  }

  @usableFromInline
  internal typealias Handle = Task<Void, Never>

  @usableFromInline
  internal struct Active {
    /// The tasks that still count, by id.
    ///
    /// A handle is `nil` until the storage registers it.
    @usableFromInline var running: [UInt64: Handle?] = [:]
    /// Elements waiting for a free slot (`merge` with a limit).
    @usableFromInline var pending = _Queue<Element>()
    /// Results queued for delivery since the last delivery finished: their slots are still
    /// taken.
    @usableFromInline var undelivered = 0
    @usableFromInline var nextID: UInt64 = 0
    @usableFromInline var upstreamCompleted = false

    @inlinable
    init() {}

    /// Nothing runs and nothing waits to start.
    @inlinable
    var isIdle: Bool { running.isEmpty && pending.isEmpty }

    @inlinable
    mutating func reserve() -> UInt64 {
      let id = nextID
      nextID &+= 1
      running[id] = .some(nil)
      return id
    }

    @inlinable
    mutating func takeHandles() -> [Handle] {
      defer { running = [:] }
      return running.values.compactMap { $0 }
    }

    /// Whether a new task may start under `limit`.
    @inlinable
    func hasFreeSlot(_ limit: Int?) -> Bool {
      guard let limit else { return true }
      return running.count + undelivered < limit
    }
  }

  @usableFromInline
  internal enum State {
    case active(Active)
    case terminated
  }

  @usableFromInline
  internal let mode: Mode
  @usableFromInline
  internal var state: State = .active(Active())
  @usableFromInline
  internal var delivery = _SerialOutputQueue<Result>()

  @inlinable
  internal init(mode: Mode) {
    self.mode = mode
  }

  // MARK: Actions

  /// What to do after an upstream element.
  @usableFromInline
  internal enum ElementAction {
    case none
    /// Start a task with this id for this element.
    case start(id: UInt64, element: Element)
    /// Cancel the superseded task (if it was registered yet), then start a new one.
    case cancelAndStart(previous: Handle?, id: UInt64, element: Element)
  }

  /// What to do after a task was created.
  @usableFromInline
  internal enum RegisterAction {
    case none
    /// The task no longer counts: cancel it.
    case cancel(Handle)
  }

  /// What to do after an event that may end the sequence.
  @usableFromInline
  internal enum OutcomeAction {
    case none
    /// Deliver this event, if any, and drain the delivery queue.
    case deliver(Event<Result>?)
    /// Cancel these tasks, then deliver and drain; release the dropped elements outside the
    /// lock.
    case cancelAndDeliver([Handle], deliver: Event<Result>?, dropped: _Queue<Element>)
  }

  /// What the deliverer does after delivering an event.
  @usableFromInline
  internal enum DeliveryStep {
    /// Deliver this queued event next.
    case deliver(Event<Result>)
    /// The queue is empty and the caller no longer delivers; start a task for this element,
    /// then ask ``nextStart()`` for more.
    case start(id: UInt64, element: Element)
    /// The queue is empty and the caller no longer delivers.
    case stop
  }

  /// What to do after disposal.
  @usableFromInline
  internal enum DisposedAction {
    case none
    /// Cancel these tasks; release the dropped elements and events outside the lock.
    case cancel([Handle], dropped: _Queue<Element>, undelivered: _Queue<Event<Result>>)
  }

  // MARK: Events

  @inlinable
  internal mutating func upstreamElement(_ element: Element) -> ElementAction {
    guard case .active(var active) = state else { return .none }
    defer { state = .active(active) }
    switch mode {
    case .merge(let limit):
      guard active.hasFreeSlot(limit) else {
        active.pending.append(element)
        return .none
      }
      return .start(id: active.reserve(), element: element)
    case .latest:
      let previous = active.takeHandles().first
      return .cancelAndStart(previous: previous, id: active.reserve(), element: element)
    }
  }

  /// Whether the task with this id still counts, just before it is created: not if the
  /// subscription ended or a newer element superseded it meanwhile.
  @inlinable
  internal func shouldStart(id: UInt64) -> Bool {
    guard case .active(let active) = state else { return false }
    return active.running[id] != nil
  }

  @inlinable
  internal mutating func taskCreated(id: UInt64, handle: Handle) -> RegisterAction {
    guard case .active(var active) = state, active.running[id] != nil else {
      return .cancel(handle)
    }
    active.running[id] = .some(handle)
    state = .active(active)
    return .none
  }

  @inlinable
  internal mutating func taskSucceeded(id: UInt64, value: Result) -> OutcomeAction {
    guard case .active(var active) = state, active.running.removeValue(forKey: id) != nil else {
      return .none
    }
    let first = delivery.enqueue(.next(value))
    active.undelivered += 1
    if active.upstreamCompleted, active.isIdle {
      state = .terminated
      let completion = delivery.enqueue(.completed)
      return .deliver(first ?? completion)
    }
    state = .active(active)
    return .deliver(first)
  }

  @inlinable
  internal mutating func taskFailed(id: UInt64, error: any Swift.Error) -> OutcomeAction {
    guard case .active(var active) = state, active.running.removeValue(forKey: id) != nil else {
      return .none
    }
    return fail(&active, error)
  }

  @inlinable
  internal mutating func upstreamFailed(_ error: any Swift.Error) -> OutcomeAction {
    guard case .active(var active) = state else { return .none }
    return fail(&active, error)
  }

  @inlinable
  internal mutating func upstreamCompleted() -> OutcomeAction {
    guard case .active(var active) = state else { return .none }
    active.upstreamCompleted = true
    guard active.isIdle else {
      state = .active(active)
      return .none
    }
    state = .terminated
    return .deliver(delivery.enqueue(.completed))
  }

  @inlinable
  internal mutating func disposed() -> DisposedAction {
    let undelivered = delivery.cancel()
    guard case .active(var active) = state else {
      return undelivered.isEmpty ? .none : .cancel([], dropped: _Queue(), undelivered: undelivered)
    }
    state = .terminated
    let dropped = active.pending
    return .cancel(active.takeHandles(), dropped: dropped, undelivered: undelivered)
  }

  /// What the current deliverer does after delivering an event: the next queued event, or,
  /// once the queue is empty, the first of the elements whose turn has come.
  ///
  /// An empty queue means every result queued so far has been delivered, so their slots free
  /// here, and only if the subscription is still live.
  @inlinable
  internal mutating func delivered() -> DeliveryStep {
    if let event = delivery.next() { return .deliver(event) }
    guard case .active(var active) = state else { return .stop }
    active.undelivered = 0
    defer { state = .active(active) }
    guard let start = takeStart(&active) else { return .stop }
    return .start(id: start.id, element: start.element)
  }

  /// Another element whose turn has come after ``delivered()`` returned `.start`, if a slot is
  /// still free.
  @inlinable
  internal mutating func nextStart() -> (id: UInt64, element: Element)? {
    guard case .active(var active) = state else { return nil }
    defer { state = .active(active) }
    return takeStart(&active)
  }

  @inlinable
  internal func takeStart(_ active: inout Active) -> (id: UInt64, element: Element)? {
    guard case .merge(let limit) = mode, active.hasFreeSlot(limit),
      let element = active.pending.popFirst()
    else { return nil }
    return (active.reserve(), element)
  }

  @inlinable
  internal mutating func fail(_ active: inout Active, _ error: any Swift.Error) -> OutcomeAction {
    state = .terminated
    return .cancelAndDeliver(
      active.takeHandles(), deliver: delivery.enqueue(.error(error)), dropped: active.pending)
  }
}
