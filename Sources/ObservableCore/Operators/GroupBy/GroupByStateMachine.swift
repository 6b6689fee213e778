/// The pure logic of `groupBy`: the open groups, the outer subscriber, and the reference count
/// that keeps the source subscribed while groups are.
///
/// Not public API.
///
/// The source runs within its own lifetime, which this machine decides when to dispose. As
/// in RxSwift, the source stays subscribed while the outer subscription or any group
/// subscription is alive: disposing the outer subscription disposes the source only once no
/// group is subscribed, and otherwise when the last group subscription ends. A group
/// subscribed after the source's subscription ended is not counted.
///
/// Generic over the group and downstream types so that it can be tested with plain values.
@usableFromInline
internal struct _GroupByStateMachine<Key: Hashable, Group, Downstream> {
  private struct Running {
    /// The position of each open group in `groups`.
    var index: [Key: Int] = [:]
    /// The open groups, in the order they were opened.
    var groups: [Group] = []
    /// The outer subscriber, until its subscription is disposed.
    var downstream: Downstream?
    /// The number of live group subscriptions that keep the source subscribed.
    var subscribers = 0
    /// The source's subscription.
    var lifetime: _Lifetime
  }

  private enum State {
    /// The source runs.
    case running(Running)
    /// The source terminated, or the key selector failed: groups and outer got the end.
    case terminated
    /// Neither the outer subscription nor any group subscription is left: the source's
    /// subscription is disposed.
    case disposed
  }

  /// What to do with an element whose key is known.
  @usableFromInline
  internal enum ElementAction {
    /// A new group: send it to `downstream`, then send the element to it.
    case open(Group, downstream: Downstream)
    /// Send the element to this open group.
    case send(Group)
    /// Drop it: the source has ended, or the key is new and nobody can receive the group.
    case drop
  }

  /// What to do when the source terminates or the key selector fails.
  @usableFromInline
  internal enum TerminationAction {
    /// Send the terminal event to every group in order, then to `downstream` if there is one,
    /// then dispose the source's `lifetime`.
    case terminate(groups: [Group], downstream: Downstream?, lifetime: _Lifetime)
    /// Nothing: the source's subscription has already ended.
    case none
  }

  /// What a disposal leaves to do after the lock.
  @usableFromInline
  internal struct Disposal {
    /// The source's subscription, to dispose, if nothing keeps it alive any more.
    @usableFromInline var sourceLifetime: _Lifetime?
    /// What the machine let go of, to release after the lock.
    @usableFromInline var released: (groups: [Group], downstream: Downstream?)

    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
    init(sourceLifetime: _Lifetime?, released: (groups: [Group], downstream: Downstream?)) {
      self.sourceLifetime = sourceLifetime
      self.released = released
    }
  }

  private var state: State

  /// Creates the machine for a source that runs within `sourceLifetime` and an outer
  /// subscriber `downstream`.
  @usableFromInline
  internal init(sourceLifetime: _Lifetime, downstream: Downstream) {
    state = .running(Running(downstream: downstream, lifetime: sourceLifetime))
  }

  /// The number of group subscriptions that keep the source subscribed.
  @usableFromInline
  internal var subscriberCount: Int {
    guard case .running(let running) = state else { return 0 }
    return running.subscribers
  }

  /// The source produced an element with `key`.
  ///
  /// - Parameters:
  ///   - key: The element's key.
  ///   - makeGroup: Makes the group for a new key. Called under the lock: it must not call
  ///     out.
  /// - Returns: Where the element goes.
  @usableFromInline
  internal mutating func elementArrived(key: Key, makeGroup: () -> Group) -> ElementAction {
    guard case .running(var running) = state else { return .drop }
    if let position = running.index[key] { return .send(running.groups[position]) }
    guard let downstream = running.downstream else { return .drop }
    state = .terminated  // Avoids copying the tables while `running` is mutated.
    let group = makeGroup()
    running.index[key] = running.groups.count
    running.groups.append(group)
    state = .running(running)
    return .open(group, downstream: downstream)
  }

  /// The source terminated, or the key selector failed.
  @usableFromInline
  internal mutating func sourceTerminated() -> TerminationAction {
    guard case .running(let running) = state else { return .none }
    state = .terminated
    return .terminate(
      groups: running.groups, downstream: running.downstream, lifetime: running.lifetime)
  }

  /// The outer subscription was disposed.
  @usableFromInline
  internal mutating func outerDisposed() -> Disposal {
    guard case .running(var running) = state else {
      return Disposal(sourceLifetime: nil, released: ([], nil))
    }
    let downstream = running.downstream
    guard running.subscribers == 0 else {
      state = .terminated
      running.downstream = nil
      state = .running(running)
      return Disposal(sourceLifetime: nil, released: ([], downstream))
    }
    state = .disposed
    return Disposal(sourceLifetime: running.lifetime, released: (running.groups, downstream))
  }

  /// A group was subscribed to.
  ///
  /// - Returns: Whether the subscription counts, and so must report
  ///   ``groupUnsubscribed()`` when it ends.
  @usableFromInline
  internal mutating func groupSubscribed() -> Bool {
    guard case .running(var running) = state else { return false }
    state = .terminated
    running.subscribers += 1
    state = .running(running)
    return true
  }

  /// A group subscription that counted ended.
  @usableFromInline
  internal mutating func groupUnsubscribed() -> Disposal {
    guard case .running(var running) = state else {
      return Disposal(sourceLifetime: nil, released: ([], nil))
    }
    guard running.subscribers == 1, running.downstream == nil else {
      state = .terminated
      running.subscribers -= 1
      state = .running(running)
      return Disposal(sourceLifetime: nil, released: ([], nil))
    }
    state = .disposed
    return Disposal(sourceLifetime: running.lifetime, released: (running.groups, nil))
  }
}
