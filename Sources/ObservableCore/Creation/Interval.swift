import Dispatch

extension Observable where Element: FixedWidthInteger {
  /// Returns a sequence that emits `0, 1, 2, …`, one element every `period`.
  ///
  /// ```
  /// interval(2):  --0-1-2-3-…
  /// ```
  ///
  /// The first element comes one `period` after subscribing. The sequence never completes; use
  /// `take(_:)` or dispose the subscription to stop it. The count wraps around at `Element.max`.
  ///
  /// ```swift
  /// Observable<Int>.interval(.seconds(1), scheduler: MainScheduler.instance)
  ///   .subscribe(onNext: { print("tick", $0) })
  /// ```
  ///
  /// - Parameters:
  ///   - period: The interval between elements.
  ///   - scheduler: The scheduler that runs the timer.
  /// - Returns: The interval sequence.
  @_alwaysEmitIntoClient
  public static func interval(_ period: RxTimeInterval, scheduler: any SchedulerType)
    -> Observable<Element>
  {
    timer(period, period: period, scheduler: scheduler)
  }

  /// Returns a sequence that emits `0, 1, 2, …`, one element every `period`, with the period
  /// as a Swift `Duration`.
  ///
  /// ```
  /// interval(2):  --0-1-2-3-…
  /// ```
  ///
  /// - Parameters:
  ///   - period: The interval between elements.
  ///   - scheduler: The scheduler that runs the timer.
  /// - Returns: The interval sequence.
  @_alwaysEmitIntoClient
  @_disfavoredOverload
  public static func interval(_ period: Duration, scheduler: any SchedulerType)
    -> Observable<Element>
  {
    interval(RxTimeInterval(period), scheduler: scheduler)
  }
}
