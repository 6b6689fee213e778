extension Observable {
  /// Returns a sequence of the optional's value, if it has one, that then completes.
  ///
  /// ```
  /// from(optional: 1)    [1|]
  /// from(optional: nil)  |
  /// ```
  ///
  /// - Parameter optional: The value to emit, or `nil` for an empty sequence.
  /// - Returns: A sequence of at most one element, emitted synchronously on subscription.
  @_alwaysEmitIntoClient
  public static func from(optional: Element?) -> Observable<Element> {
    guard let element = optional else { return .empty() }
    return .just(element)
  }

  /// Returns a sequence of the optional's value, if it has one, that then completes, each
  /// event as scheduled work on `scheduler`.
  ///
  /// ```
  /// from(optional: 1, scheduler: s)     -1|  (on a TestScheduler, each step takes a tick)
  /// from(optional: nil, scheduler: s)   -|
  /// ```
  ///
  /// Disposing the subscription between the element and the completion cancels the
  /// completion.
  ///
  /// - Parameters:
  ///   - optional: The value to emit, or `nil` for an empty sequence.
  ///   - scheduler: The scheduler that delivers the events.
  /// - Returns: A sequence of at most one element, delivered on `scheduler`.
  @_alwaysEmitIntoClient
  public static func from(optional: Element?, scheduler: any ImmediateSchedulerType)
    -> Observable<Element>
  {
    guard let element = optional else {
      return Observable(_run: { observer, lifetime in
        lifetime.add(
          scheduler.schedule(()) { _ in
            guard !lifetime.isDisposed else { return Disposables.create() }
            observer.on(.completed)
            return Disposables.create()
          })
      })
    }
    return .just(element, scheduler: scheduler)
  }
}
