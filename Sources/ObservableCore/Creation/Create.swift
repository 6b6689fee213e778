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
  @usableFromInline var downstream: AnyObserver<Element>?
  @usableFromInline var delivery = _SerialDelivery<Element>()

  @inlinable
  init(downstream: AnyObserver<Element>) {
    self.downstream = downstream
  }
}

/// The observer handed to a ``Observable/create(_:)`` closure.
///
/// Not public API.
@usableFromInline
internal final class _CreateSink<Element: Sendable>: _LockedStorage<_CreateSinkState<Element>>,
  Disposable,
  // SAFETY: the state is guarded by the inherited lock; `lifetime` and `resource` are
  // immutable and Sendable.
  @unchecked Sendable
{
  @usableFromInline
  internal let lifetime: _Lifetime
  @usableFromInline
  internal let resource: _ResourceToken

  @inlinable
  internal init(downstream: AnyObserver<Element>, lifetime: _Lifetime) {
    self.lifetime = lifetime
    resource = _ResourceToken(inheriting: lifetime.resource)
    super.init(state: _CreateSinkState(downstream: downstream))
  }

  @inlinable
  internal func on(_ event: Event<Element>) {
    var next = withLock { state -> (Event<Element>, AnyObserver<Element>)? in
      guard let downstream = state.downstream, let event = state.delivery.enqueue(event) else {
        return nil
      }
      return (event, downstream)
    }
    while let (event, downstream) = next {
      downstream.on(event)
      if event.isStopEvent {
        lifetime.dispose()
        return
      }
      next = withLock { state -> (Event<Element>, AnyObserver<Element>)? in
        guard let downstream = state.downstream, let event = state.delivery.next() else {
          return nil
        }
        return (event, downstream)
      }
    }
  }

  @inlinable
  internal func dispose() {
    let released = withLock { state in
      defer { state.downstream = nil }
      return (state.downstream, state.delivery.cancel())
    }
    _ = released
  }
}
