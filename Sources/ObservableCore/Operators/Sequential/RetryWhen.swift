extension ObservableType {
  /// Resubscribes to this sequence after an error each time the trigger that
  /// `notificationHandler` builds emits an element.
  ///
  /// ```
  /// source (each):                -1-#
  /// retry(when: { $0.delay(3) })  -1-----1-----1-…  (each failure, delayed 3, resubscribes)
  /// ```
  ///
  /// The handler runs once per subscription and receives the sequence of this sequence's
  /// failures. After a failure, an element of the trigger resubscribes, the trigger's
  /// completion completes the result, and its error fails the result with that error. Errors
  /// that are not of type `Failure` end the result at once. As in RxSwift, the trigger only
  /// counts while a failure waits for it: its elements are ignored while an attempt runs, and
  /// a completion or error it sends then takes effect at the next failure (an attempt that
  /// completes still completes the result). Synchronous failures answered by a synchronous
  /// trigger are retried in a loop, so the stack does not grow.
  ///
  /// - Parameter notificationHandler: Given the failures, returns the trigger.
  /// - Returns: The elements of every attempt.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func retry<TriggerObservable: ObservableType, Failure: Swift.Error>(
    when notificationHandler: @escaping @Sendable (Observable<Failure>) -> TriggerObservable
  ) -> Observable<Element> {
    _retryWhen(notificationHandler)
  }

  /// Resubscribes to this sequence after an error each time the trigger that
  /// `notificationHandler` builds emits an element.
  ///
  /// The handler runs once per subscription and receives the sequence of this sequence's
  /// failures. After a failure, an element of the trigger resubscribes, the trigger's
  /// completion completes the result, and its error fails the result with that error. As in
  /// RxSwift, the trigger only counts while a failure waits for it: its elements are ignored
  /// while an attempt runs, and a completion or error it sends then takes effect at the next
  /// failure (an attempt that completes still completes the result).
  ///
  /// ```swift
  /// request.retry(when: { errors in
  ///   errors.enumerated().flatMap { attempt, error in
  ///     attempt < 3 ? Observable.just(()) : Observable.error(error)
  ///   }
  /// })
  /// ```
  ///
  /// - Parameter notificationHandler: Given the failures, returns the trigger.
  /// - Returns: The elements of every attempt.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func retry<TriggerObservable: ObservableType>(
    when notificationHandler:
      @escaping @Sendable (Observable<any Swift.Error>) -> TriggerObservable
  ) -> Observable<Element> {
    _retryWhen(notificationHandler)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func _retryWhen<TriggerObservable: ObservableType, Failure: Swift.Error>(
    _ notificationHandler: @escaping @Sendable (Observable<Failure>) -> TriggerObservable
  ) -> Observable<Element> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let context = _RetryWhenContext<Element, Failure>(source: source)
      let storage = _SequentialStorage(
        policy: _RetryWhenOperator<Element, Failure>(), context: context, downstream: observer,
        lifetime: lifetime)
      lifetime.onDispose { storage.dispose() }
      let trigger = notificationHandler(context.failures)
      // The trigger runs within a child lifetime, registered so that it ends with the result.
      let triggerLifetime = _Lifetime(inheriting: lifetime)
      lifetime.add(triggerLifetime)
      trigger.asObservable()._subscribe(
        AnyObserver { event in
          switch event {
          case .next: storage.resume()
          case .completed: storage.endPause(.complete)
          case .error(let error): storage.endPause(.fail(error))
          }
        }, triggerLifetime)
      storage.start()
    })
  }
}

// MARK: - On the sequential-source engine

/// The operator definition of `retry(when:)`: after a failure, wait for the trigger to say what next.
///
/// Not public API.
///
/// A failure of the handler's error type pauses the engine and is sent to the handler's
/// failures; the trigger's element then resumes with another attempt, and its completion or
/// error ends the result (``_SequentialStorage/endPause(_:)``). As in RxSwift, the trigger
/// only counts while a failed attempt waits for it: elements it sends while an attempt runs
/// are ignored, and a completion or error it sends then is remembered and ends the result at
/// the next failure (a completing attempt still completes the result normally).
@usableFromInline
internal struct _RetryWhenOperator<Element: Sendable, Failure: Swift.Error>: _SequentialOperator,
  Sendable
{
  /// How the trigger ended while an attempt was running, if it did.
  @usableFromInline
  internal var triggerEnd: _SequentialEnding?

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init() {}

  /// Every attempt subscribes the source.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal static func look(in context: _RetryWhenContext<Element, Failure>)
    -> _SequentialFound<Element>
  {
    .source(context.source)
  }

  /// A completed attempt completes the result.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func sourceCompleted() -> _SequentialDecision<Failure> { .end(.forward) }

  /// A failure of another error type, or after the trigger ended, ends the result; any other
  /// waits for the trigger.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func sourceFailed(_ error: any Swift.Error) -> _SequentialDecision<Failure> {
    guard let failure = error as? Failure else { return .end(.forward) }
    if let triggerEnd { return .end(triggerEnd) }
    return .pause(failure)
  }

  /// Remembers the trigger's first ending, for the next failure.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func endedWhileRunning(_ ending: _SequentialEnding) {
    if triggerEnd == nil { triggerEnd = ending }
  }

  /// Lets go of the trigger's remembered error.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func released() -> _SequentialEnding? {
    defer { triggerEnd = nil }
    return triggerEnd
  }

  /// Sends the failure to the handler's failures, which may make the trigger answer.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal static func paused(
    _ failure: Failure, context: _RetryWhenContext<Element, Failure>,
    storage: _SequentialStorage<Self>
  ) {
    context.errors.on(.next(failure))
  }
}

/// What one `retry(when:)` subscription uses outside the lock.
///
/// Not public API.
@usableFromInline
internal struct _RetryWhenContext<Element: Sendable, Failure: Swift.Error>: Sendable {
  /// The sequence to retry.
  @usableFromInline let source: Observable<Element>
  /// The subject that feeds the handler's failures.
  @usableFromInline let errors = PublishSubject<Failure>()

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init(source: Observable<Element>) {
    self.source = source
  }

  /// The failures of the attempts, as the handler sees them.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  var failures: Observable<Failure> {
    let errors = errors
    return Observable(_run: { observer, lifetime in errors._subscribe(observer, lifetime) })
  }
}
