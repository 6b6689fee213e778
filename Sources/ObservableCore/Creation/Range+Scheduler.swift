extension Observable where Element: FixedWidthInteger {
  /// Returns a sequence of `count` consecutive integers starting at `start`, each event as
  /// separate scheduled work on `scheduler`.
  ///
  /// ```
  /// range(start: 3, count: 3, scheduler: s):   -345|  (on a TestScheduler, a tick each)
  /// ```
  ///
  /// Each integer is scheduled only after the previous one was delivered, by recursive
  /// scheduling, so disposing the subscription stops the sequence between two integers; with
  /// ``CurrentThreadScheduler`` the steps are trampolined and a long range does not grow the
  /// stack.
  ///
  /// - Parameters:
  ///   - start: The first integer.
  ///   - count: How many integers to emit.
  ///   - scheduler: The scheduler that delivers the events.
  /// - Returns: A sequence of integers that then completes. If `count` is negative, or the
  ///   range would overflow `Element`, it fails with ``RxError/argumentOutOfRange`` instead
  ///   (RxSwift stops the process).
  @_alwaysEmitIntoClient
  public static func range(
    start: Element, count: Element, scheduler: any ImmediateSchedulerType
  ) -> Observable<Element> {
    guard count >= 0, count == 0 || start <= Element.max - (count - 1) else {
      return .error(RxError.argumentOutOfRange)
    }
    // The same steps as on a CurrentThreadScheduler, without queueing one per element.
    if scheduler is CurrentThreadScheduler { return range(start: start, count: count) }
    return Observable(_run: { observer, lifetime in
      lifetime.add(
        scheduler.scheduleRecursive(Element.zero) { index, recurse in
          guard !lifetime.isDisposed else { return }
          if index < count {
            observer.on(.next(start + index))
            recurse(index + 1)
          } else {
            observer.on(.completed)
          }
        })
    })
  }
}
