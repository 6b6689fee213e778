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
  @_alwaysEmitIntoClient
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

/// The state of a ``Observable/create(_:)`` subscription's observer that its lock guards.
///
/// Not public API.
@usableFromInline
internal struct _CreateSinkState<Element: Sendable> {
  /// Whether a terminal event was accepted or the subscription was disposed: later events are
  /// dropped.
  @usableFromInline var terminated = false
  /// Events sent while another call was delivering, for that deliverer to deliver next.
  @usableFromInline var pending = _Queue<Event<Element>>()

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init() {}

  /// Accepts `event` unless the subscription ended, and tells whether the caller took the token
  /// and delivers it now, or queued it for the deliverer.
  ///
  /// Called under the lock.
  ///
  /// - Returns: `true` if the caller is now the deliverer of `event`.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  mutating func accept(_ event: Event<Element>, token: borrowing _DeliveryToken) -> Bool {
    guard !terminated else { return false }
    if event.isStopEvent { terminated = true }
    if token.takeOrMarkQueued() { return true }
    pending.append(event)
    return false
  }

  /// The deliverer's next queued event; `nil` once the subscription was disposed.
  ///
  /// Called under the lock after `releaseIfNothingQueued()` failed, so work is queued or the
  /// subscription was disposed (which empties the queue and marks the token). The token stays
  /// marked while more events wait, so the deliverer comes back for each.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  mutating func takeQueued(token: borrowing _DeliveryToken) -> Event<Element>? {
    guard let event = pending.popFirst() else { return nil }
    if pending.isEmpty { token.unmarkQueued() }
    return event
  }
}

/// The subscriber of a ``Observable/create(_:)`` subscription, in an object of its own so that
/// its observer can be called through an unretained reference.
///
/// Not public API.
@usableFromInline
internal final class _CreateDownstream<Element: Sendable>: Sendable {
  /// The subscriber's observer.
  @usableFromInline
  internal let observer: AnyObserver<Element>

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(_ observer: AnyObserver<Element>) {
    self.observer = observer
  }
}

/// The observer handed to a ``Observable/create(_:)`` closure.
///
/// Not public API.
///
/// Calls are serialized with a delivery token, as a subject's sends are: a call made while
/// nobody delivers takes the token with one compare-and-exchange, without the lock, delivers,
/// and gives the token back with a second one. A call made meanwhile (from another thread, or
/// reentrantly from inside the subscriber) finds the token held, takes the lock, queues its
/// event and marks the token, so that the deliverer's give-back fails and it delivers the queue
/// under the lock, one event at a time.
///
/// The token is never given back once the subscription ends: the deliverer of a terminal event
/// keeps it, and `dispose()` takes it if it is free or marks it if it is held, so that its holder
/// finds the queue empty and keeps it. While the token is free, then, the subscription has not
/// ended, which is what lets a call take it without the lock. Only the token's holder reads
/// `downstream` and, once the subscription has ended, releases it.
@usableFromInline
internal final class _CreateSink<Element: Sendable>: _LockedStorage<_CreateSinkState<Element>>,
  Disposable,
  // SAFETY: the state is guarded by the inherited lock. `downstream` is guarded by `token`: only
  // its holder reads it, and only a holder that will never give the token back clears it;
  // taking the token (acquiring) orders each holder after the previous one's give-back
  // (releasing). `token` is atomic; `lifetime` and `resource` are immutable and Sendable.
  @unchecked Sendable
{
  @usableFromInline
  internal let lifetime: _Lifetime
  @usableFromInline
  internal let resource: _ResourceToken
  /// Who is delivering (see `_DeliveryToken`).
  @usableFromInline
  internal let token = _DeliveryToken()
  /// The subscriber, retained by hand; `nil` once the subscription has ended and the token's
  /// holder released it.
  ///
  /// An unmanaged reference to an object whose observer is a `let`, so that a deliverer calls
  /// the observer without retaining and releasing it for each event.
  @usableFromInline
  @exclusivity(unchecked)
  internal final var downstream: Unmanaged<_CreateDownstream<Element>>?

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(downstream: AnyObserver<Element>, lifetime: _Lifetime) {
    self.lifetime = lifetime
    resource = _ResourceToken(inheriting: lifetime.resource)
    self.downstream = Unmanaged.passRetained(_CreateDownstream(downstream))
    super.init(state: _CreateSinkState())
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  deinit {
    downstream?.release()
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func on(_ event: Event<Element>) {
    if token.takeIfIdle() || withLock({ $0.accept(event, token: token) }) {
      deliver(event)
    }
  }

  /// Delivers `event`, then whatever was queued meanwhile, as the token's holder; gives the
  /// token back when nothing is left, or releases the subscriber once the subscription ended.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func deliver(_ event: Event<Element>) {
    guard let downstream else { return }
    downstream._withUnsafeGuaranteedRef { $0.observer.on(event) }
    if event.isStopEvent {
      endAsHolder()
      lifetime.dispose()
      return
    }
    if token.releaseIfNothingQueued() { return }
    deliverQueued()
  }

  /// Delivers the queued events, one at a time, until the queue is empty and the token given
  /// back, or the subscription ends.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func deliverQueued() {
    while true {
      guard let event = withLock({ $0.takeQueued(token: token) }) else {
        // Disposed: the queue was emptied and the token marked, and it is never given back.
        endAsHolder()
        return
      }
      guard let downstream else { return }
      downstream._withUnsafeGuaranteedRef { $0.observer.on(event) }
      if event.isStopEvent {
        endAsHolder()
        lifetime.dispose()
        return
      }
      if token.releaseIfNothingQueued() { return }
    }
  }

  /// Releases the subscriber, by the token's holder once the subscription has ended (it keeps
  /// the token for good).
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func endAsHolder() {
    guard let downstream else { return }
    self.downstream = nil
    downstream.release()
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func dispose() {
    let (released, holder) = withLock { state in
      defer {
        state.terminated = true
        state.pending = _Queue()
      }
      // Takes the token for good if nobody holds it; else marks it, so that its holder comes
      // back under the lock, finds the queue empty and releases the subscriber.
      return (state.pending, token.takeOrMarkQueued())
    }
    _ = released
    if holder { endAsHolder() }
  }
}
