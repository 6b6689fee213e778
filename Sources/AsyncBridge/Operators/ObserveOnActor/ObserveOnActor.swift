import ObservableCore

extension ObservableType {
  /// Delivers every event while isolated to `actor`, in order.
  ///
  /// ```
  /// source (any thread):           -1-2-|
  /// observe(on: MainActor.shared)  --1-2-|  (each call on the main actor)
  /// ```
  ///
  /// ```swift
  /// results
  ///   .observe(on: MainActor.shared)
  ///   .subscribe(onNext: { items in
  ///     MainActor.assumeIsolated { tableView.show(items) }
  ///   })
  /// ```
  ///
  /// Events are queued and delivered by a task that runs on `actor`, one after another in the
  /// order they arrived, so the observer may use `actor.assumeIsolated` (for the main actor,
  /// `MainActor.assumeIsolated`). This is the bridge's own hop to an actor; it does not need a
  /// scheduler, and it works for any actor, not only the main one. Under a burst the task
  /// yields the actor after about a millisecond of delivering, so the actor's other jobs (for
  /// the main actor, the app's UI work) run in between instead of waiting for the burst to end.
  ///
  /// **Cancellation:** disposing the subscription disposes the upstream and drops the events
  /// that have not been delivered yet; nothing is delivered after disposal has been observed.
  ///
  /// - Parameter actor: The actor to deliver on, such as `MainActor.shared`.
  /// - Returns: A sequence with the same events, delivered on `actor`.
  @inlinable
  public func observe(on actor: any Actor) -> Observable<Element> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let storage = _ObserveOnActorStorage(actor: actor, downstream: observer, lifetime: lifetime)
      lifetime.onDispose { storage.disposed() }
      let upstreamLifetime = _Lifetime(inheriting: lifetime)
      lifetime.add(upstreamLifetime)
      source._subscribe(AnyObserver { event in storage.enqueue(event) }, upstreamLifetime)
    })
  }

  /// Delivers every event on the main actor, in order, as `observe(on:)` with any actor does, and
  /// returns a `MainActorObservable`, whose operators take `@MainActor`
  /// closures.
  ///
  /// ```
  /// source (any thread):           -1-2-|
  /// observe(on: MainActor.shared)  --1-2-|  (each call on the main actor)
  /// ```
  ///
  /// ```swift
  /// results
  ///   .observe(on: MainActor.shared)
  ///   .subscribe(onNext: { items in tableView.show(items) })  // a main-actor closure
  /// ```
  ///
  /// Only Swift 6 clients see this form; the events and their timing are those of
  /// `observe(on:)` with any actor with `MainActor.shared`.
  ///
  /// **Cancellation:** as for `observe(on:)` with any actor: disposing the subscription disposes
  /// the upstream and drops the events that have not been delivered yet.
  ///
  /// - Parameter actor: The main actor, `MainActor.shared`.
  /// - Returns: A main-actor sequence with the same events, delivered on the main actor.
  @available(swift, introduced: 6)
  @inlinable
  public func observe(on actor: MainActor) -> MainActorObservable<Element> {
    MainActorObservable(_mainActorDelivering: observe(on: actor as any Actor))
  }
}

/// The queue and the delivering task of one ``ObservableCore/ObservableType/observe(on:)->Observable<Self.Element>``
/// subscription.
///
/// Not public API.
///
/// At most one delivering task exists at a time: whoever enqueues into an idle queue starts
/// it, and it drains the queue on the actor until the queue is empty, yielding the actor
/// between slices of about a millisecond.
@usableFromInline
internal final class _ObserveOnActorStorage<Element: Sendable>: Sendable {
  @usableFromInline
  internal struct State {
    @usableFromInline var queue = _Queue<Event<Element>>()
    @usableFromInline var isDraining = false
    @usableFromInline var terminated = false

    @inlinable
    init() {}
  }

  @usableFromInline
  internal let state = _Mutex(State())
  @usableFromInline
  internal let actor: any Actor
  @usableFromInline
  internal let downstream: AnyObserver<Element>
  @usableFromInline
  internal let lifetime: _Lifetime
  @usableFromInline
  internal let resource: _Lifetime

  @inlinable
  internal init(actor: any Actor, downstream: AnyObserver<Element>, lifetime: _Lifetime) {
    self.actor = actor
    self.downstream = downstream
    self.lifetime = lifetime
    // Counted as a resource while a delivering task holds this storage.
    resource = _Lifetime(inheriting: lifetime)
  }

  @inlinable
  internal func enqueue(_ event: Event<Element>) {
    let startDrain = state.withLock { state -> Bool in
      guard !state.terminated else { return false }
      if event.isStopEvent { state.terminated = true }
      state.queue.append(event)
      guard !state.isDraining else { return false }
      state.isDraining = true
      return true
    }
    guard startDrain else { return }
    let actor = self.actor
    Task { await self.drain(on: actor) }
  }

  /// Delivers queued events on `actor` until the queue is empty.
  ///
  /// After a slice of time (`_FairSlice`: about a millisecond) with events still waiting, it
  /// awaits `Task.yield()`, so that other jobs waiting for the actor (for the main actor, the
  /// app's UI work) run before the next slice.
  @inlinable
  internal func drain(on actor: isolated any Actor) async {
    var slice = _FairSlice()
    while true {
      let event = state.withLock { state -> Event<Element>? in
        if let event = state.queue.popFirst() { return event }
        state.isDraining = false
        return nil
      }
      guard let event else { return }
      guard !lifetime.isDisposed else { continue }
      downstream.on(event)
      if event.isStopEvent {
        lifetime.dispose()
      } else if slice.delivered() {
        await Task.yield()
      }
    }
  }

  @inlinable
  internal func disposed() {
    let dropped = state.withLock { state in
      state.terminated = true
      defer { state.queue = _Queue() }
      return state.queue
    }
    _ = dropped
  }
}
