import Synchronization

extension Observable {
  /// Creates an observable from a subscribe closure.
  ///
  /// The closure runs once per subscription. It sends events to the observer it is given and
  /// returns a disposable that releases what it started; that disposable runs when the
  /// subscription is disposed, or right after the closure sends a terminal event.
  ///
  /// ```swift
  /// let request = Observable<Data>.create { observer in
  ///   let task = session.dataTask(with: url) { data, _, error in
  ///     if let data { observer.onNext(data); observer.onCompleted() }
  ///     else { observer.onError(error ?? URLError(.unknown)) }
  ///   }
  ///   task.resume()
  ///   return Disposables.create { task.cancel() }
  /// }
  /// ```
  ///
  /// The observer is safe to call from any thread, even from several at once: calls are
  /// serialized, events after a terminal event or after disposal are dropped, and the
  /// observer releases the subscriber when the subscription ends.
  ///
  /// - Parameter subscribe: Called for each subscription with the observer to send to.
  /// - Returns: An observable that runs `subscribe` for each subscriber.
  @available(swift, introduced: 6)
  @inlinable
  public static func create(
    _ subscribe: @escaping @Sendable (AnyObserver<Element>) -> any Disposable
  ) -> Observable<Element> {
    Observable(_run: { observer, lifetime in
      let sink = _CreateSink(downstream: observer, lifetime: lifetime)
      lifetime.onDispose { sink.dispose() }
      lifetime.add(subscribe(AnyObserver(eventHandler: { sink.on($0) })))
    })
  }
}

/// The state of a ``Observable/create(_:)`` subscription's observer.
///
/// Not public API.
@usableFromInline
internal struct _CreateSinkState<Element: Sendable> {
  /// The subscriber; `nil` once the subscription is disposed.
  @usableFromInline var downstream: AnyObserver<Element>?
  /// Whether a terminal event was accepted: later events are dropped.
  @usableFromInline var terminated = false
  /// Events sent while another call was delivering, for that deliverer to deliver next.
  @usableFromInline var pending = _Queue<Event<Element>>()

  @inlinable
  init(downstream: AnyObserver<Element>) {
    self.downstream = downstream
  }

  /// Accepts `event` unless the subscription ended, and either hands it back to be delivered
  /// now (the caller took the token) or queues it for the deliverer.
  ///
  /// Called under the lock.
  @inlinable
  mutating func accept(
    _ event: Event<Element>, token: borrowing _DeliveryToken
  ) -> (Event<Element>, AnyObserver<Element>)? {
    guard let downstream, !terminated else { return nil }
    if event.isStopEvent { terminated = true }
    if token.becomeDelivererOrMarkQueued() { return (event, downstream) }
    pending.append(event)
    return nil
  }

  /// The deliverer's next queued event, unless the subscription was disposed meanwhile.
  ///
  /// Called under the lock after `releaseIfNothingQueued()` failed, so work is queued or the
  /// subscription was disposed (which empties the queue). The token stays marked while more
  /// events wait, so the deliverer comes back for each; once disposed, the token is never given
  /// back, which is harmless: nothing is delivered again.
  @inlinable
  mutating func takeQueued(
    token: borrowing _DeliveryToken
  ) -> (Event<Element>, AnyObserver<Element>)? {
    guard let downstream, let event = pending.popFirst() else { return nil }
    if pending.isEmpty { token.unmarkQueued() }
    return (event, downstream)
  }
}

/// The observer handed to a ``Observable/create(_:)`` closure.
///
/// Not public API.
///
/// Calls are serialized with a delivery token beside the lock, as a subject's sends are: a
/// call made while nobody delivers takes the token and delivers; one made meanwhile (from
/// another thread, or reentrantly from inside the subscriber) queues its event and returns.
/// When nothing was queued, the deliverer gives the token back with one compare-and-exchange
/// instead of a second lock round trip per event.
@usableFromInline
internal final class _CreateSink<Element: Sendable>: _LockedStorage<_CreateSinkState<Element>>,
  Disposable,
  // SAFETY: the state is guarded by the inherited lock; `token` is atomic and taken or marked
  // only under that lock; `lifetime` and `resource` are immutable and Sendable.
  @unchecked Sendable
{
  @usableFromInline
  internal let lifetime: _Lifetime
  @usableFromInline
  internal let resource: _ResourceToken
  /// Who is delivering (see `_DeliveryToken`).
  @usableFromInline
  internal let token = _DeliveryToken()

  @inlinable
  internal init(downstream: AnyObserver<Element>, lifetime: _Lifetime) {
    self.lifetime = lifetime
    resource = _ResourceToken(inheriting: lifetime.resource)
    super.init(state: _CreateSinkState(downstream: downstream))
  }

  @inlinable
  internal func on(_ event: Event<Element>) {
    // The common case, nothing queued, binds the event and the observer with `let`: calling an
    // observer held in a `var` costs a retain and a release of its closure per event, which
    // were a sixth of a `create { 10 elements }` cycle (issue 30).
    guard let (event, downstream) = withLock({ $0.accept(event, token: token) }) else { return }
    if deliver(event, to: downstream) { deliverQueued() }
  }

  /// Delivers `event` as the deliverer.
  ///
  /// - Returns: `true` if events were queued meanwhile, which the caller, still the deliverer,
  ///   must deliver; `false` once the token is given back or the subscription has ended.
  @inlinable
  internal func deliver(_ event: Event<Element>, to downstream: AnyObserver<Element>) -> Bool {
    downstream.on(event)
    if event.isStopEvent {
      lifetime.dispose()
      return false
    }
    return !token.releaseIfNothingQueued()
  }

  /// Delivers the queued events, one at a time, until the queue is empty (and the token given
  /// back) or the subscription ends.
  @inlinable
  internal func deliverQueued() {
    while let (event, downstream) = withLock({ $0.takeQueued(token: token) }) {
      guard deliver(event, to: downstream) else { return }
    }
  }

  @inlinable
  internal func dispose() {
    let released = withLock { state in
      defer {
        state.downstream = nil
        state.terminated = true
        state.pending = _Queue()
      }
      return (state.downstream, state.pending)
    }
    _ = released
  }
}
