// Operators that every trait (`Single`, `Maybe`, `Completable`) shares, as in RxSwift's
// `PrimitiveSequence.swift`. Each wraps the Observable operator of the same name.

extension PrimitiveSequence {
  /// Continues with the sequence `handler` returns when this sequence fails.
  ///
  /// ```
  /// source:                    -#
  /// fallback:                   -(8|)
  /// catch { _ in fallback }    --(8|)
  /// ```
  ///
  /// The handler runs at most once per subscription; an error from the fallback ends the
  /// result. The fallback has the same trait, so the result keeps the trait's contract.
  ///
  /// - Parameter handler: Returns the sequence to continue with, given the error. If it
  ///   throws, the result fails with the thrown error.
  /// - Returns: This sequence's outcome, or after an error the fallback's outcome.
  @available(swift, introduced: 6)
  @inlinable
  public func `catch`(
    _ handler: @escaping @Sendable (any Swift.Error) throws -> PrimitiveSequence<Trait, Element>
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.catch { try handler($0).asObservable() })
  }

  /// Resubscribes after every error until the sequence succeeds.
  ///
  /// ```
  /// source (1st):  -#
  /// source (2nd):   -(1|)
  /// retry()        --(1|)
  /// ```
  ///
  /// - Returns: The outcome of the first attempt that does not fail.
  @inlinable
  public func retry() -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.retry())
  }

  /// Subscribes up to `maxAttemptCount` times, resubscribing after each error.
  ///
  /// ```
  /// source (each):  -#
  /// retry(2)        --#
  /// ```
  ///
  /// - Parameter maxAttemptCount: The total number of subscriptions, the first included. The
  ///   error of the last attempt is forwarded. With zero the result completes at once, as in
  ///   RxSwift; a negative count fails with ``RxError/argumentOutOfRange``.
  /// - Returns: The outcome of the first attempt that does not fail, or the last error.
  @inlinable
  public func retry(_ maxAttemptCount: Int) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.retry(maxAttemptCount))
  }

  /// Resubscribes after an error when the sequence `notificationHandler` builds emits.
  ///
  /// `notificationHandler` receives the errors, as they happen, cast to `Failure`; each
  /// element of the sequence it returns triggers a resubscription, and its completion or error
  /// ends the result. An error that is not a `Failure` ends the result at once.
  ///
  /// - Parameter notificationHandler: Builds the trigger sequence from the sequence of errors.
  /// - Returns: The outcome of the first attempt that does not fail, or the trigger's ending.
  @available(swift, introduced: 6)
  @inlinable
  public func retry<TriggerObservable: ObservableType, Failure: Swift.Error>(
    when notificationHandler: @escaping @Sendable (Observable<Failure>) -> TriggerObservable
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.retry(when: notificationHandler))
  }

  /// Resubscribes after an error when the sequence `notificationHandler` builds emits.
  ///
  /// - Parameter notificationHandler: Builds the trigger sequence from the sequence of errors.
  ///   Each of its elements triggers a resubscription; its completion or error ends the result.
  /// - Returns: The outcome of the first attempt that does not fail, or the trigger's ending.
  @available(swift, introduced: 6)
  @inlinable
  public func retry<TriggerObservable: ObservableType>(
    when notificationHandler:
      @escaping @Sendable (Observable<any Swift.Error>) -> TriggerObservable
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.retry(when: notificationHandler))
  }

  /// Fails with ``RxError/timeout`` if the outcome does not arrive within `dueTime`.
  ///
  /// ```
  /// source:                  -----(1|)
  /// timeout(3, scheduler)    ---#
  /// ```
  ///
  /// A `Single`'s or `Maybe`'s success ends the result at once, so the timer cannot fire
  /// between the element and the completion.
  ///
  /// - Parameters:
  ///   - dueTime: How long to wait for the outcome after subscribing.
  ///   - scheduler: The scheduler to run the timer on.
  /// - Returns: This sequence's outcome, or a timeout error.
  @inlinable
  public func timeout(_ dueTime: RxTimeInterval, scheduler: any SchedulerType)
    -> PrimitiveSequence<Trait, Element>
  {
    PrimitiveSequence(raw: source.take(1).timeout(dueTime, scheduler: scheduler))
  }

  /// Switches to `other` if the outcome does not arrive within `dueTime`.
  ///
  /// ```
  /// source:                         -----(1|)
  /// other:                             -(2|)
  /// timeout(3, other: o, scheduler) ----(2|)
  /// ```
  ///
  /// - Parameters:
  ///   - dueTime: How long to wait for the outcome after subscribing.
  ///   - other: The sequence to switch to when the time is up.
  ///   - scheduler: The scheduler to run the timer on.
  /// - Returns: This sequence's outcome, or `other`'s.
  @inlinable
  public func timeout(
    _ dueTime: RxTimeInterval, other: PrimitiveSequence<Trait, Element>,
    scheduler: any SchedulerType
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.take(1).timeout(dueTime, other: other, scheduler: scheduler))
  }

  /// Delivers the outcome `dueTime` later, with the same rules as the Observable `delay`.
  ///
  /// ```
  /// source:                -(1|)
  /// delay(2, scheduler)    ---(1|)
  /// ```
  ///
  /// - Parameters:
  ///   - dueTime: How long to delay the outcome.
  ///   - scheduler: The scheduler to run the timers on.
  /// - Returns: The same outcome, later.
  @inlinable
  public func delay(_ dueTime: RxTimeInterval, scheduler: any SchedulerType)
    -> PrimitiveSequence<Trait, Element>
  {
    PrimitiveSequence(raw: source.delay(dueTime, scheduler: scheduler))
  }
}
