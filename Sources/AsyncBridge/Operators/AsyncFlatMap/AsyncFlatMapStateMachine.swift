import ObservableCore

/// The logic of the async `map`, `flatMap`, `concatMap` and `flatMapLatest`: which tasks run,
/// which results are delivered, and when the sequence ends.
///
/// Not public API.
///
/// Each upstream element becomes a task that runs the async closure. The state machine does
/// not create or cancel tasks itself; its methods, named for what happened, return what the
/// storage must do once it has released its lock. Results are queued for delivery through a
/// `_SerialDelivery`, so the downstream observer is called by one thread at a time.
@usableFromInline
internal struct _AsyncFlatMapStateMachine<Element: Sendable, Result: Sendable> {
  /// How elements share tasks.
  @usableFromInline
  internal enum Mode: Sendable {
    /// One task per element, all at once; results in completion order (`flatMap`).
    case merge
    /// One task at a time, in element order (`concatMap`, async `map`).
    case concat
    /// One task at a time; a new element cancels the running task (`flatMapLatest`).
    case latest
  }

  @usableFromInline
  internal typealias Handle = Task<Void, Never>

  @usableFromInline
  internal struct Active {
    /// The tasks that still count, by id.
    ///
    /// A handle is `nil` until the storage registers it.
    @usableFromInline var running: [UInt64: Handle?] = [:]
    /// Elements waiting for their turn (`concat` only).
    @usableFromInline var pending = _Queue<Element>()
    @usableFromInline var nextID: UInt64 = 0
    @usableFromInline var upstreamCompleted = false

    @inlinable
    init() {}

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
  internal var delivery = _SerialDelivery<Result>()

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

  /// What to do after an event that may end the sequence or start the next task.
  @usableFromInline
  internal enum OutcomeAction {
    case none
    /// Deliver this event, if any, and drain the delivery queue.
    case deliver(Event<Result>?)
    /// Start the next queued element, then deliver and drain.
    case startAndDeliver(id: UInt64, element: Element, deliver: Event<Result>?)
    /// Cancel these tasks, then deliver and drain; release the dropped elements outside the
    /// lock.
    case cancelAndDeliver([Handle], deliver: Event<Result>?, dropped: _Queue<Element>)
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
    case .merge:
      return .start(id: active.reserve(), element: element)
    case .concat:
      guard active.running.isEmpty else {
        active.pending.append(element)
        return .none
      }
      return .start(id: active.reserve(), element: element)
    case .latest:
      let previous = active.takeHandles().first
      return .cancelAndStart(previous: previous, id: active.reserve(), element: element)
    }
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
    if let element = active.pending.popFirst() {
      let next = active.reserve()
      state = .active(active)
      return .startAndDeliver(id: next, element: element, deliver: first)
    }
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

  /// The next queued event for the current deliverer, or `nil` when it may stop.
  @inlinable
  internal mutating func nextDelivery() -> Event<Result>? {
    delivery.next()
  }

  @inlinable
  internal mutating func fail(_ active: inout Active, _ error: any Swift.Error) -> OutcomeAction {
    state = .terminated
    return .cancelAndDeliver(
      active.takeHandles(), deliver: delivery.enqueue(.error(error)), dropped: active.pending)
  }
}
