import Dispatch

extension Observable where Element: FixedWidthInteger {
  /// Returns a sequence that emits `0` after `dueTime` and completes, or, with a `period`,
  /// emits `0, 1, 2, …` first after `dueTime` and then every `period`.
  ///
  /// ```
  /// timer(3):             ---[0|]
  /// timer(3, period: 2):  ---0-1-2-3-…
  /// ```
  ///
  /// Each subscription starts its own timer. The count wraps around at `Element.max`.
  ///
  /// - Parameters:
  ///   - dueTime: The delay before the first element.
  ///   - period: The interval between later elements; `nil` emits one element and completes.
  ///   - scheduler: The scheduler that runs the timer.
  /// - Returns: The timer sequence.
  @_alwaysEmitIntoClient
  public static func timer(
    _ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: any SchedulerType
  ) -> Observable<Element> {
    guard let period else {
      return Observable(_run: { observer, lifetime in
        lifetime.add(
          scheduler.scheduleRelative((), dueTime: dueTime) { _ in
            guard !lifetime.isDisposed else { return Disposables.create() }
            observer.on(.next(0))
            guard !lifetime.isDisposed else { return Disposables.create() }
            observer.on(.completed)
            return Disposables.create()
          })
      })
    }
    return Observable(_run: { observer, lifetime in
      lifetime.add(
        scheduler.schedulePeriodic(Element.zero, startAfter: dueTime, period: period) { count in
          guard !lifetime.isDisposed else { return count }
          observer.on(.next(count))
          return count &+ 1
        })
    })
  }

  /// Returns a timer sequence, with the times as Swift `Duration`s.
  ///
  /// ```
  /// timer(3):             ---[0|]
  /// timer(3, period: 2):  ---0-1-2-3-…
  /// ```
  ///
  /// - Parameters:
  ///   - dueTime: The delay before the first element.
  ///   - period: The interval between later elements; `nil` emits one element and completes.
  ///   - scheduler: The scheduler that runs the timer.
  /// - Returns: The timer sequence.
  @_alwaysEmitIntoClient
  @_disfavoredOverload
  public static func timer(
    _ dueTime: Duration, period: Duration? = nil, scheduler: any SchedulerType
  ) -> Observable<Element> {
    timer(
      RxTimeInterval(dueTime), period: period.map { RxTimeInterval($0) }, scheduler: scheduler)
  }
}
