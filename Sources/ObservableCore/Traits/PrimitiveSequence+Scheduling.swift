extension PrimitiveSequence where Trait == SingleTrait {
  /// Returns a `Single` that succeeds with `element`, delivered as scheduled work on
  /// `scheduler`.
  ///
  /// ```
  /// just(1, scheduler: s)  -1|  (on a TestScheduler, each step takes a tick)
  /// ```
  ///
  /// - Parameters:
  ///   - element: The element.
  ///   - scheduler: The scheduler that delivers the element.
  /// - Returns: A `Single` of `element`. Disposing the subscription before the scheduled work
  ///   runs cancels it.
  @_alwaysEmitIntoClient
  public static func just(_ element: Element, scheduler: any ImmediateSchedulerType)
    -> Single<Element>
  {
    Single(raw: .just(element, scheduler: scheduler))
  }
}

extension PrimitiveSequence where Trait == MaybeTrait {
  /// Returns a `Maybe` that succeeds with `element`, delivered as scheduled work on
  /// `scheduler`.
  ///
  /// ```
  /// just(1, scheduler: s)  -1|  (on a TestScheduler, each step takes a tick)
  /// ```
  ///
  /// - Parameters:
  ///   - element: The element.
  ///   - scheduler: The scheduler that delivers the element.
  /// - Returns: A `Maybe` of `element`. Disposing the subscription before the scheduled work
  ///   runs cancels it.
  @_alwaysEmitIntoClient
  public static func just(_ element: Element, scheduler: any ImmediateSchedulerType)
    -> Maybe<Element>
  {
    Maybe(raw: .just(element, scheduler: scheduler))
  }
}

extension PrimitiveSequence where Element: FixedWidthInteger {
  /// Returns a `Single` or `Maybe` that succeeds with `0` once `dueTime` has passed.
  ///
  /// ```
  /// timer(.seconds(3), scheduler: s)  ---[0|]
  /// ```
  ///
  /// - Parameters:
  ///   - dueTime: How long to wait before succeeding.
  ///   - scheduler: The scheduler that runs the timer and delivers the element.
  /// - Returns: A sequence of `0`. Disposing the subscription before `dueTime` cancels the
  ///   timer.
  @_alwaysEmitIntoClient
  public static func timer(_ dueTime: RxTimeInterval, scheduler: any SchedulerType)
    -> PrimitiveSequence<Trait, Element>
  {
    PrimitiveSequence(raw: Observable<Element>.timer(dueTime, scheduler: scheduler))
  }

  /// Returns a `Single` or `Maybe` that succeeds with `0` once `dueTime` has passed.
  ///
  /// - Parameters:
  ///   - dueTime: How long to wait before succeeding.
  ///   - scheduler: The scheduler that runs the timer and delivers the element.
  /// - Returns: A sequence of `0`. Disposing the subscription before `dueTime` cancels the
  ///   timer.
  @_alwaysEmitIntoClient
  @_disfavoredOverload
  public static func timer(_ dueTime: Duration, scheduler: any SchedulerType)
    -> PrimitiveSequence<Trait, Element>
  {
    timer(RxTimeInterval(dueTime), scheduler: scheduler)
  }
}
