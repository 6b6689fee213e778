/// The per-subscription state of `groupBy`, shared by the source's observer and the groups.
///
/// Not public API.
///
/// Each group is a ``PublishSubject`` fed only from the source's observer, so the groups
/// receive their events one at a time, in the source's order. The groups' observables hold
/// this storage to count their subscriptions; the storage holds the outer subscriber only
/// until the outer subscription is disposed, and the groups only while the source runs.
@usableFromInline
internal final class _GroupByStorage<Key: Hashable & Sendable, Element: Sendable>: Sendable {
  @usableFromInline
  internal typealias Downstream = AnyObserver<GroupedObservable<Key, Element>>
  @usableFromInline
  internal typealias Machine = _GroupByStateMachine<Key, PublishSubject<Element>, Downstream>

  @usableFromInline
  internal let state: _Mutex<Machine>
  @usableFromInline
  internal let resource: _ResourceToken

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(downstream: Downstream, sourceLifetime: _Lifetime, lifetime: _Lifetime) {
    state = _Mutex(Machine(sourceLifetime: sourceLifetime, downstream: downstream))
    resource = _ResourceToken(inheriting: lifetime.resource)
  }

  /// Routes a source element to its group, opening the group first if the key is new.
  ///
  /// - Parameters:
  ///   - element: The element.
  ///   - key: Its key.
  ///   - lifetime: The outer subscription.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func elementArrived(_ element: Element, key: Key, lifetime: _Lifetime) {
    let action = state.withLock { machine in
      machine.elementArrived(key: key, makeGroup: { PublishSubject<Element>() })
    }
    switch action {
    case .open(let subject, let downstream):
      if !lifetime.isDisposed {
        downstream.on(.next(GroupedObservable(key: key, source: group(subject))))
      }
      subject.on(.next(element))
    case .send(let subject):
      subject.on(.next(element))
    case .drop:
      break
    }
  }

  /// Ends every group and the outer sequence with `event`, then disposes the source.
  ///
  /// - Parameters:
  ///   - event: The terminal event.
  ///   - lifetime: The outer subscription.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func terminate(_ event: Event<Element>, lifetime: _Lifetime) {
    guard
      case .terminate(let groups, let downstream, let sourceLifetime) =
        state.withLock({ $0.sourceTerminated() })
    else { return }
    for subject in groups { subject.on(event) }
    if let downstream, !lifetime.isDisposed {
      switch event {
      case .error(let error): downstream.on(.error(error))
      case .next, .completed: downstream.on(.completed)
      }
    }
    sourceLifetime.dispose()
    lifetime.dispose()
  }

  /// The observable of one group: its subject, with subscriptions counted.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func group(_ subject: PublishSubject<Element>) -> Observable<Element> {
    // Like subscribing to the subject itself (and RxSwift's group), without making the
    // trampoline active.
    Observable(_runImmediately: { observer, lifetime in
      if self.state.withLock({ $0.groupSubscribed() }) {
        lifetime.onDispose { self.groupUnsubscribed() }
      }
      subject._subscribe(observer, lifetime)
    })
  }

  /// A counted group subscription ended.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func groupUnsubscribed() {
    let disposal = state.withLock { $0.groupUnsubscribed() }
    disposal.sourceLifetime?.dispose()
    _ = disposal.released
  }

  /// The outer subscription was disposed.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func outerDisposed() {
    let disposal = state.withLock { $0.outerDisposed() }
    disposal.sourceLifetime?.dispose()
    _ = disposal.released
  }
}
