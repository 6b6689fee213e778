extension Observable {
  /// Returns a sequence that emits `element` and then completes, each as scheduled work on
  /// `scheduler`.
  ///
  /// ```
  /// just(1, scheduler: s):   -1|  (on a TestScheduler, each step takes a tick)
  /// ```
  ///
  /// - Parameters:
  ///   - element: The only element.
  ///   - scheduler: The scheduler that delivers the element and the completion.
  /// - Returns: A one-element sequence delivered on `scheduler`.
  @_alwaysEmitIntoClient
  public static func just(_ element: Element, scheduler: any ImmediateSchedulerType)
    -> Observable<Element>
  {
    Observable(_run: { observer, lifetime in
      lifetime.add(
        scheduler.schedule(element) { element in
          guard !lifetime.isDisposed else { return Disposables.create() }
          observer.on(.next(element))
          return scheduler.schedule(()) { _ in
            guard !lifetime.isDisposed else { return Disposables.create() }
            observer.on(.completed)
            return Disposables.create()
          }
        })
    })
  }
}
