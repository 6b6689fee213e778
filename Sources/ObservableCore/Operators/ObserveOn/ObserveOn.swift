extension ObservableType {
  /// Delivers every event as work on `scheduler`, in order and one call at a time.
  ///
  /// ```
  /// source:         -1-2-3-|
  /// observe(on: s)  --1-2-3-|  (each event a step later, on s)
  /// ```
  ///
  /// Events wait in a queue; the operator keeps at most one drain of that queue scheduled, so
  /// a burst of elements costs one scheduled action, not one per element. A drain gives the
  /// scheduler back after about a millisecond of delivering and schedules its continuation,
  /// so that a long burst takes turns with the scheduler's other work (on
  /// `MainScheduler.instance`, the rest of the main queue) instead of holding it until the
  /// burst ends. On a virtual-time
  /// scheduler (ObservableTesting's `TestScheduler`) every event is an action of its own
  /// instead, one step after the previous one, so that timelines match RxSwift's:
  /// `Observable.of(1, 2).observe(on: scheduler)` subscribed at 200 delivers `.next(201, 1)`,
  /// `.next(202, 2)` and `.completed(203)`. On `MainScheduler.instance`, an event sent on the
  /// main queue while nothing of that scheduler is pending is delivered before the send
  /// returns, as the scheduler runs such work at once. Even on a
  /// concurrent scheduler the observer is never called twice at once, and events keep their
  /// order. Disposing drops the events that have not been delivered yet. The upstream
  /// subscription ends when upstream terminates, before the terminal event is delivered.
  ///
  /// ```swift
  /// loadItems()
  ///   .observe(on: MainScheduler.instance)
  ///   .subscribe(onNext: { items in tableView.reload(items) })
  /// ```
  ///
  /// - Parameter scheduler: The scheduler to deliver on.
  /// - Returns: The same events, delivered on `scheduler`.
  @_alwaysEmitIntoClient
  public func observe(on scheduler: any ImmediateSchedulerType) -> Observable<Element> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let storage = _ObserveOnStorage(
        downstream: observer, lifetime: lifetime, scheduler: scheduler)
      lifetime.add(storage)
      let upstream = _Lifetime(inheriting: lifetime)
      lifetime.add(upstream)
      source._subscribe(
        AnyObserver { event in
          guard !upstream.isDisposed else { return }
          storage.upstreamEvent(event)
          if event.isStopEvent { upstream.dispose() }
        },
        upstream)
    })
  }
}
