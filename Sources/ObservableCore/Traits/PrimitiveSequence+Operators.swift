// Operators that every trait (`Single`, `Maybe`, `Completable`) shares, as in RxSwift's
// `PrimitiveSequence.swift`. Each wraps the Observable operator of the same name.

extension PrimitiveSequence {
  /// Continues with the sequence `handler` returns when this sequence fails.
  ///
  /// ```
  /// source:                  -#
  /// fallback:                 -[8|]
  /// catch { _ in fallback }  --[8|]
  /// ```
  ///
  /// The handler runs at most once per subscription; an error from the fallback ends the
  /// result. The fallback has the same trait, so the result keeps the trait's contract.
  ///
  /// - Parameter handler: Returns the sequence to continue with, given the error. If it
  ///   throws, the result fails with the thrown error.
  /// - Returns: This sequence's outcome, or after an error the fallback's outcome.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func `catch`(
    _ handler: @escaping @Sendable (any Swift.Error) throws -> PrimitiveSequence<Trait, Element>
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.catch { try handler($0).asObservable() })
  }

  /// Resubscribes after every error until the sequence succeeds.
  ///
  /// ```
  /// source (1st):  -#
  /// source (2nd):   -[1|]
  /// retry()        --[1|]
  /// ```
  ///
  /// - Returns: The outcome of the first attempt that does not fail.
  @_alwaysEmitIntoClient
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
  @_alwaysEmitIntoClient
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
  @_alwaysEmitIntoClient
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
  @_alwaysEmitIntoClient
  public func retry<TriggerObservable: ObservableType>(
    when notificationHandler:
      @escaping @Sendable (Observable<any Swift.Error>) -> TriggerObservable
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.retry(when: notificationHandler))
  }

  /// Fails with ``RxError/timeout`` if the outcome does not arrive within `dueTime`.
  ///
  /// ```
  /// source:                -----[1|]
  /// timeout(3, scheduler)  ---#       (#: RxError.timeout)
  /// ```
  ///
  /// A `Single`'s or `Maybe`'s success ends the result at once, so the timer cannot fire
  /// between the element and the completion.
  ///
  /// - Parameters:
  ///   - dueTime: How long to wait for the outcome after subscribing.
  ///   - scheduler: The scheduler to run the timer on.
  /// - Returns: This sequence's outcome, or a timeout error.
  @_alwaysEmitIntoClient
  public func timeout(_ dueTime: RxTimeInterval, scheduler: any SchedulerType)
    -> PrimitiveSequence<Trait, Element>
  {
    PrimitiveSequence(raw: source.take(1).timeout(dueTime, scheduler: scheduler))
  }

  /// Switches to `other` if the outcome does not arrive within `dueTime`.
  ///
  /// ```
  /// source:                          -----[1|]
  /// other:                              -[2|]
  /// timeout(3, other: o, scheduler)  ----[2|]
  /// ```
  ///
  /// - Parameters:
  ///   - dueTime: How long to wait for the outcome after subscribing.
  ///   - other: The sequence to switch to when the time is up.
  ///   - scheduler: The scheduler to run the timer on.
  /// - Returns: This sequence's outcome, or `other`'s.
  @_alwaysEmitIntoClient
  public func timeout(
    _ dueTime: RxTimeInterval, other: PrimitiveSequence<Trait, Element>,
    scheduler: any SchedulerType
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(raw: source.take(1).timeout(dueTime, other: other, scheduler: scheduler))
  }

  /// Delivers the outcome `dueTime` later, with the same rules as the Observable `delay`.
  ///
  /// ```
  /// source:              -[1|]
  /// delay(2, scheduler)  ---1|  (each event a step later than the last)
  /// ```
  ///
  /// As in RxSwift, an element and the completion that fall due together go out one
  /// scheduler turn apart: on a `TestScheduler`, `Single.just(1)` delayed by 2 from 200 gives
  /// `.next(202, 1)` then `.completed(203)`.
  ///
  /// - Parameters:
  ///   - dueTime: How long to delay the outcome.
  ///   - scheduler: The scheduler to run the timers on.
  /// - Returns: The same outcome, later.
  @_alwaysEmitIntoClient
  public func delay(_ dueTime: RxTimeInterval, scheduler: any SchedulerType)
    -> PrimitiveSequence<Trait, Element>
  {
    PrimitiveSequence(raw: source.delay(dueTime, scheduler: scheduler))
  }

  /// Subscribes to this sequence only after `dueTime` has passed.
  ///
  /// ```
  /// source (cold):                     -[1|]
  /// delaySubscription(2, scheduler)  ---[1|]
  /// ```
  ///
  /// Nothing happens until the delay has passed; disposing before then cancels the
  /// subscription altogether, so the source is never subscribed.
  ///
  /// - Parameters:
  ///   - dueTime: How long to wait before subscribing.
  ///   - scheduler: The scheduler that runs the timer and subscribes.
  /// - Returns: The same outcome, from a subscription made `dueTime` later.
  @_alwaysEmitIntoClient
  public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: any SchedulerType)
    -> PrimitiveSequence<Trait, Element>
  {
    PrimitiveSequence(raw: source.delaySubscription(dueTime, scheduler: scheduler))
  }

  /// Delivers the outcome as work on `scheduler`.
  ///
  /// ```
  /// source:         -[1|]
  /// observe(on: s)  --1|   (each event a step later, on s)
  /// ```
  ///
  /// Only the delivery moves: the source is still subscribed where `subscribe` is called (use
  /// ``subscribe(on:)`` to move that). Disposing drops an outcome not yet delivered.
  ///
  /// - Parameter scheduler: The scheduler to deliver on.
  /// - Returns: The same outcome, delivered on `scheduler`.
  @_alwaysEmitIntoClient
  public func observe(on scheduler: any ImmediateSchedulerType)
    -> PrimitiveSequence<Trait, Element>
  {
    PrimitiveSequence(raw: source.observe(on: scheduler))
  }

  /// Subscribes to this sequence, and disposes that subscription, as work on `scheduler`.
  ///
  /// ```
  /// source (cold):     --[1|]
  /// subscribe(on: s)  ---[1|]  (subscribed, and disposed, on s)
  /// ```
  ///
  /// Use it to move the work a sequence starts when subscribed (a request, a file read) off
  /// the current thread. Where the outcome is delivered does not change: that is
  /// ``observe(on:)``.
  ///
  /// - Parameter scheduler: The scheduler that subscribes and disposes.
  /// - Returns: The same outcome, from a subscription made on `scheduler`.
  @_alwaysEmitIntoClient
  public func subscribe(on scheduler: any ImmediateSchedulerType)
    -> PrimitiveSequence<Trait, Element>
  {
    PrimitiveSequence(raw: source.subscribe(on: scheduler))
  }

  /// Logs the subscription, the events and the disposal through ``Hooks/debugLogger``.
  ///
  /// The lines have RxSwift's format, `2024-05-01 12:00:00.000: identifier -> Event next(1)`.
  /// By default they are printed to standard output, as RxSwift's `debug` does; set
  /// ``Hooks/debugLogger`` to send them elsewhere, or to `nil` to drop them. A `Single`'s or
  /// `Maybe`'s success shows as `next` followed by `completed`.
  ///
  /// - Parameters:
  ///   - identifier: The name in each line; by default the file, line and function of the
  ///     call.
  ///   - trimOutput: Whether to shorten event descriptions longer than 40 characters.
  ///   - file: The file of the call, used for the default identifier.
  ///   - line: The line of the call, used for the default identifier.
  ///   - function: The function of the call, used for the default identifier.
  /// - Returns: A sequence with the same outcome.
  @_alwaysEmitIntoClient
  public func debug(
    _ identifier: String? = nil,
    trimOutput: Bool = false,
    file: String = #file,
    line: UInt = #line,
    function: String = #function
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: source.debug(
        identifier, trimOutput: trimOutput, file: file, line: line, function: function))
  }

  /// Logs the subscription, the events and the disposal through `logger`.
  ///
  /// The lines have RxSwift's format, `2024-05-01 12:00:00.000: identifier -> Event next(1)`.
  ///
  /// - Parameters:
  ///   - identifier: The name in each line; by default the file, line and function of the
  ///     call.
  ///   - trimOutput: Whether to shorten event descriptions longer than 40 characters.
  ///   - file: The file of the call, used for the default identifier.
  ///   - line: The line of the call, used for the default identifier.
  ///   - function: The function of the call, used for the default identifier.
  ///   - logger: Receives each line.
  /// - Returns: A sequence with the same outcome.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func debug(
    _ identifier: String? = nil,
    trimOutput: Bool = false,
    file: String = #file,
    line: UInt = #line,
    function: String = #function,
    logger: @escaping @Sendable (String) -> Void
  ) -> PrimitiveSequence<Trait, Element> {
    PrimitiveSequence(
      raw: source.debug(
        identifier, trimOutput: trimOutput, file: file, line: line, function: function,
        logger: logger))
  }
}
