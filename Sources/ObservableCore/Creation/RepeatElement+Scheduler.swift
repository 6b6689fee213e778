extension Observable {
  /// Returns a sequence that emits `element` forever, each time as separate scheduled work on
  /// `scheduler`.
  ///
  /// ```
  /// repeatElement(1, scheduler: s):   -1111…  (on a TestScheduler, a tick each)
  /// ```
  ///
  /// Each element is scheduled only after the previous one was delivered, by recursive
  /// scheduling, so disposing the subscription (or `take(_:)`) stops the sequence; with
  /// ``CurrentThreadScheduler`` the steps are trampolined and do not grow the stack.
  ///
  /// - Parameters:
  ///   - element: The element to repeat.
  ///   - scheduler: The scheduler that delivers the elements.
  /// - Returns: An infinite sequence of `element`.
  @_alwaysEmitIntoClient
  public static func repeatElement(_ element: Element, scheduler: any ImmediateSchedulerType)
    -> Observable<Element>
  {
    // The same steps as on a CurrentThreadScheduler, without queueing one per element.
    if scheduler is CurrentThreadScheduler { return repeatElement(element) }
    return Observable(_run: { observer, lifetime in
      lifetime.add(
        scheduler.scheduleRecursive(()) { _, recurse in
          guard !lifetime.isDisposed else { return }
          observer.on(.next(element))
          recurse(())
        })
    })
  }
}
