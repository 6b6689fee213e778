import Dispatch

extension ObservableType {
  /// Collects elements into arrays, emitting one when it holds `count` elements or when
  /// `timeSpan` has passed since the previous one, whichever comes first.
  ///
  /// ```
  /// source:                        -1-2-3-4-----5-|
  /// buffer(timeSpan: 6, count: 3)  -----a-----b---[c|]
  ///
  /// a = [1, 2, 3], b = [4], c = [5]
  /// ```
  ///
  /// A buffer emitted because the time is up may be empty. On completion the current buffer
  /// is emitted, even if empty, then the completion; an error is forwarded at once and drops
  /// the current buffer. Each emission restarts the timer.
  ///
  /// - Parameters:
  ///   - timeSpan: The longest time a buffer collects elements.
  ///   - count: The most elements a buffer holds; must be at least 1, or the sequence fails
  ///     with ``RxError/argumentOutOfRange``.
  ///   - scheduler: The scheduler that runs the timers.
  /// - Returns: A sequence of buffers.
  @_alwaysEmitIntoClient
  public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: any SchedulerType)
    -> Observable<[Element]>
  {
    guard count > 0 else { return .error(RxError.argumentOutOfRange) }
    return _timeDriven(scheduler: scheduler) {
      _BufferStateMachine(timeSpan: timeSpan, count: count)
    }
  }

  /// Collects elements into arrays by time or count, with the time span as a Swift
  /// `Duration`; see ``buffer(timeSpan:count:scheduler:)``.
  ///
  /// ```
  /// source:                        -1-2-3-4-----5-|
  /// buffer(timeSpan: 6, count: 3)  -----a-----b---[c|]
  ///
  /// a = [1, 2, 3], b = [4], c = [5]
  /// ```
  ///
  /// - Parameters:
  ///   - timeSpan: The longest time a buffer collects elements.
  ///   - count: The most elements a buffer holds; at least 1.
  ///   - scheduler: The scheduler that runs the timers.
  /// - Returns: A sequence of buffers.
  @_alwaysEmitIntoClient
  @_disfavoredOverload
  public func buffer(timeSpan: Duration, count: Int, scheduler: any SchedulerType)
    -> Observable<[Element]>
  {
    buffer(timeSpan: RxTimeInterval(timeSpan), count: count, scheduler: scheduler)
  }
}
