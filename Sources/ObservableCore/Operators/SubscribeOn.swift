extension ObservableType {
  /// Subscribes to this sequence, and disposes that subscription, as work on `scheduler`.
  ///
  /// ```
  /// source (cold):     --1--2--|
  /// subscribe(on: s)  ---1--2--|  (subscribed, and disposed, on s)
  /// ```
  ///
  /// Use it to move the work a sequence does when subscribed (opening a file, starting a
  /// request) off the current thread. It does not change where later events are delivered:
  /// that is ``observe(on:)->Observable<Self.Element>``.
  ///
  /// - Parameter scheduler: The scheduler that subscribes and disposes.
  /// - Returns: A sequence with the same events, subscribed on `scheduler`.
  @_alwaysEmitIntoClient
  public func subscribe(on scheduler: any ImmediateSchedulerType) -> Observable<Element> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let upstream = _Lifetime(inheriting: lifetime)
      let subscribing = scheduler.schedule(()) { _ in
        guard !lifetime.isDisposed else { return Disposables.create() }
        source._subscribe(
          AnyObserver { event in
            guard !lifetime.isDisposed, !upstream.isDisposed else { return }
            observer.on(event)
          },
          upstream)
        // Once subscribed, disposal of the upstream subscription also runs on the scheduler.
        lifetime.onDispose {
          _ = scheduler.schedule(()) { _ in
            upstream.dispose()
            return Disposables.create()
          }
        }
        return Disposables.create()
      }
      lifetime.add(subscribing)
    })
  }
}
