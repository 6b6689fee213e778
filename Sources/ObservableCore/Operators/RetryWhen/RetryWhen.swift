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
  @inlinable
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
  @inlinable
  public func retry<TriggerObservable: ObservableType>(
    when notificationHandler:
      @escaping @Sendable (Observable<any Swift.Error>) -> TriggerObservable
  ) -> Observable<Element> {
    _retryWhen(notificationHandler)
  }

  @inlinable
  internal func _retryWhen<TriggerObservable: ObservableType, Failure: Swift.Error>(
    _ notificationHandler: @escaping @Sendable (Observable<Failure>) -> TriggerObservable
  ) -> Observable<Element> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let context = _RetryWhenContext<Element, Failure>(source: source)
      let storage = _SequentialStorage(
        policy: _RetryWhenPolicy<Element, Failure>(), context: context, downstream: observer,
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
