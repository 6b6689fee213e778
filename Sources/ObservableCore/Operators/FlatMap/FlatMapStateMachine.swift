/// How many inner sequences a merging operator runs at once, and what it does with the rest.
///
/// Not public API.
@usableFromInline
internal enum _FlatMapPolicy: Sendable, Equatable {
  /// Subscribe every inner at once (`flatMap`, `merge()`).
  case unbounded
  /// Run at most `n` inners; queue the others in arrival order (`merge(maxConcurrent:)`,
  /// `concatMap`, `concat()`).
  case limited(Int)
  /// Ignore outer elements while an inner runs (`flatMapFirst`).
  case dropWhileBusy
}

/// The pure logic of the merging operators: which inners run, which wait, and when the
/// result terminates.
///
/// Not public API.
///
/// The result completes once the outer sequence has completed and every inner (running or
/// waiting) has completed; it fails as soon as the outer sequence, a selector or any inner
/// fails. Running inners are identified by ids and kept, with their lifetimes, until they end.
/// With a ``_FlatMapPolicy/limited(_:)`` policy, an inner that ends while others wait reserves
/// its slot for the oldest waiting inner, which the storage then subscribes from its
/// subscribe loop (so a run of synchronous inners does not grow the stack).
///
/// `Source` is what waits in the queue: the storage uses the inner observable.
@usableFromInline
internal struct _FlatMapStateMachine<Source> {
  private struct Running {
    var outerCompleted = false
    var inners: [UInt64: _Lifetime] = [:]
    var waiting = _Queue<Source>()
    /// Slots freed by finished inners and promised to the head of `waiting`.
    var reserved = 0
    var nextID: UInt64 = 0

    var isIdle: Bool { inners.isEmpty && waiting.isEmpty && reserved == 0 }

    mutating func register(_ lifetime: _Lifetime) -> UInt64 {
      let id = nextID
      nextID &+= 1
      inners[id] = lifetime
      return id
    }
  }

  private enum State {
    case running
    /// A terminal event was sent; the inners are still to be disposed.
    case finished
    case disposed
  }

  /// Whether to map an outer element at all.
  @usableFromInline
  internal enum OuterElementAction: Equatable {
    /// Call the selector and pass its result to ``innerArrived(_:lifetime:)``.
    case transform
    /// Ignore the element.
    case drop
  }

  /// What to do with a new inner sequence.
  @usableFromInline
  internal enum InnerArrivalAction: Equatable {
    /// Subscribe it within the lifetime passed in, tagging its events with `id`.
    case subscribe(id: UInt64)
    /// It waits for a free slot; the lifetime passed in is not needed.
    case enqueued
    /// The result has terminated: drop it.
    case discard
  }

  /// What to do with an inner's element or error.
  @usableFromInline
  internal enum InnerEventAction: Equatable {
    /// Send it downstream.
    case forward
    /// Drop it.
    case drop
  }

  /// What to do when an inner completes.
  @usableFromInline
  internal enum InnerCompletionAction {
    /// Dispose the finished inner's lifetime.
    case disposeInner(_Lifetime)
    /// Dispose the finished inner's lifetime and run a subscribe-loop step for the oldest
    /// waiting inner.
    case disposeInnerAndSubscribeWaiting(_Lifetime)
    /// Dispose the finished inner's lifetime and complete the result.
    case disposeInnerAndComplete(_Lifetime)
    /// Nothing.
    case none
  }

  /// What to do in a subscribe-loop step.
  @usableFromInline
  internal enum WaitingSubscriptionAction {
    /// Subscribe `source` within the lifetime passed in, tagging its events with `id`.
    case subscribe(Source, id: UInt64)
    /// Nothing to subscribe.
    case none
  }

  /// What to do when the outer sequence completes.
  @usableFromInline
  internal enum OuterCompletionAction: Equatable {
    /// Complete the result.
    case complete
    /// Wait for the inners.
    case none
  }

  /// What to do on a failure.
  @usableFromInline
  internal enum FailureAction: Equatable {
    /// Fail the result.
    case fail
    /// Nothing: the result has already terminated.
    case none
  }

  @usableFromInline
  internal let policy: _FlatMapPolicy
  private var state = State.running
  /// The inners and the queue; kept in a stored property rather than in `State`'s payload so
  /// that mutating them never copies the collections.
  private var running = Running()

  @usableFromInline
  internal init(policy: _FlatMapPolicy) {
    self.policy = policy
  }

  /// The outer sequence produced an element.
  @usableFromInline
  internal func outerElementArrived() -> OuterElementAction {
    guard case .running = state else { return .drop }
    if policy == .dropWhileBusy, !running.inners.isEmpty { return .drop }
    return .transform
  }

  /// The selector returned `source`, which would run within `lifetime`.
  @usableFromInline
  internal mutating func innerArrived(_ source: Source, lifetime: _Lifetime)
    -> InnerArrivalAction
  {
    guard case .running = state else { return .discard }
    if case .limited(let limit) = policy, running.inners.count + running.reserved >= limit {
      running.waiting.append(source)
      return .enqueued
    }
    return .subscribe(id: running.register(lifetime))
  }

  /// A subscribe-loop step runs; the oldest waiting inner would run within `lifetime`.
  @usableFromInline
  internal mutating func waitingSubscriptionRequested(lifetime: _Lifetime)
    -> WaitingSubscriptionAction
  {
    guard case .running = state, running.reserved > 0, let source = running.waiting.popFirst()
    else { return .none }
    running.reserved -= 1
    return .subscribe(source, id: running.register(lifetime))
  }

  /// Inner `id` produced an element.
  @usableFromInline
  internal func innerElementArrived(id: UInt64) -> InnerEventAction {
    guard case .running = state, running.inners[id] != nil else { return .drop }
    return .forward
  }

  /// Inner `id` failed.
  @usableFromInline
  internal mutating func innerFailed(id: UInt64) -> InnerEventAction {
    guard case .running = state, running.inners[id] != nil else { return .drop }
    state = .finished
    return .forward
  }

  /// Inner `id` completed.
  @usableFromInline
  internal mutating func innerCompleted(id: UInt64) -> InnerCompletionAction {
    guard case .running = state, let lifetime = running.inners.removeValue(forKey: id) else {
      return .none
    }
    if running.waiting.count > running.reserved {
      running.reserved += 1
      return .disposeInnerAndSubscribeWaiting(lifetime)
    }
    if running.outerCompleted, running.isIdle {
      state = .finished
      return .disposeInnerAndComplete(lifetime)
    }
    return .disposeInner(lifetime)
  }

  /// The outer sequence completed.
  @usableFromInline
  internal mutating func outerCompleted() -> OuterCompletionAction {
    guard case .running = state else { return .none }
    running.outerCompleted = true
    guard running.isIdle else { return .none }
    state = .finished
    return .complete
  }

  /// The outer sequence failed, or the selector threw.
  @usableFromInline
  internal mutating func outerFailed() -> FailureAction {
    guard case .running = state else { return .none }
    state = .finished
    return .fail
  }

  /// The subscription was disposed.
  ///
  /// - Returns: The lifetimes of the running inners, to dispose, and the waiting inners, to
  ///   release, both after the lock.
  @usableFromInline
  internal mutating func disposed() -> (lifetimes: [_Lifetime], waiting: _Queue<Source>) {
    guard state != .disposed else { return ([], _Queue()) }
    state = .disposed
    defer { running = Running() }
    return (Array(running.inners.values), running.waiting)
  }
}

extension _FlatMapStateMachine: _OuterInnerStateMachine {
  /// The outer sequence completed; see ``outerCompleted()``.
  ///
  /// - Returns: Whether the result completes now.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func outerCompletedEndsResult() -> Bool {
    outerCompleted() == .complete
  }

  /// The outer sequence failed; see ``outerFailed()``.
  ///
  /// - Returns: Whether the result fails now.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func outerFailedEndsResult() -> Bool {
    outerFailed() == .fail
  }
}
