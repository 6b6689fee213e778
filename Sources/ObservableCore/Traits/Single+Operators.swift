// Fronts over the Observable operators, kept apart from Maybe+Operators.swift: the two traits
// differ in result types and documented behaviour (Single's compactMap and filter give a Maybe).

extension PrimitiveSequence where Trait == SingleTrait {
  /// Transforms the element with `transform`.
  ///
  /// ```
  /// source:          -[1|]
  /// map { $0 * 10 }  -[a|]
  ///
  /// a = 10
  /// ```
  ///
  /// - Parameter transform: The transform. If it throws, the `Single` fails with that error.
  /// - Returns: A `Single` of the transformed element.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func map<Result: Sendable>(
    _ transform: @escaping @Sendable (Element) throws -> Result
  ) -> Single<Result> {
    Single(raw: source.map(transform))
  }

  /// Transforms the element with `transform`, completing empty when it returns `nil`.
  ///
  /// ```
  /// source:                             -[1|]
  /// compactMap { $0 == 1 ? "a" : nil }  -[a|]
  ///
  /// source:                             -[2|]
  /// compactMap { $0 == 1 ? "a" : nil }  -|
  /// ```
  ///
  /// - Parameter transform: The transform. If it throws, the result fails with that error.
  /// - Returns: A ``Maybe`` of the transformed element, empty if `transform` returns `nil`.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func compactMap<Result: Sendable>(
    _ transform: @escaping @Sendable (Element) throws -> Result?
  ) -> Maybe<Result> {
    Maybe(raw: source.compactMap(transform))
  }

  /// Keeps the element if it satisfies `predicate`, and completes empty otherwise.
  ///
  /// - Parameter predicate: The test. If it throws, the result fails with that error.
  /// - Returns: A ``Maybe`` of the element, empty if it fails the test.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func filter(
    _ predicate: @escaping @Sendable (Element) throws -> Bool
  ) -> Maybe<Element> {
    Maybe(raw: source.filter(predicate))
  }

  /// Continues with the `Single` that `selector` returns for the element.
  ///
  /// ```
  /// source:            -[1|]
  /// selector(1):        --[a|]
  /// flatMap(selector)  ---[a|]
  /// ```
  ///
  /// - Parameter selector: Returns the next `Single`, given the element. If it throws, the
  ///   result fails with that error.
  /// - Returns: A `Single` of the inner `Single`'s element.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func flatMap<Result: Sendable>(
    _ selector: @escaping @Sendable (Element) throws -> Single<Result>
  ) -> Single<Result> {
    Single(raw: source.flatMap(selector))
  }

  /// Continues with the ``Maybe`` that `selector` returns for the element.
  ///
  /// - Parameter selector: Returns the next `Maybe`, given the element. If it throws, the
  ///   result fails with that error.
  /// - Returns: A `Maybe` with the inner `Maybe`'s outcome.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func flatMapMaybe<Result: Sendable>(
    _ selector: @escaping @Sendable (Element) throws -> Maybe<Result>
  ) -> Maybe<Result> {
    Maybe(raw: source.flatMap(selector))
  }

  /// Continues with the ``Completable`` that `selector` returns for the element.
  ///
  /// - Parameter selector: Returns the work to run, given the element. If it throws, the
  ///   result fails with that error.
  /// - Returns: A `Completable` with the inner `Completable`'s outcome.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func flatMapCompletable(
    _ selector: @escaping @Sendable (Element) throws -> Completable
  ) -> Completable {
    Completable(raw: source.flatMap(selector))
  }

  /// Replaces an error with `element`.
  ///
  /// ```
  /// source:            -#
  /// catchAndReturn(0)  -[0|]
  /// ```
  ///
  /// - Parameter element: The element to succeed with if this `Single` fails.
  /// - Returns: A `Single` that never fails.
  @_alwaysEmitIntoClient
  public func catchAndReturn(_ element: Element) -> Single<Element> {
    Single(raw: source.catchAndReturn(element))
  }

  /// Subscribes up to `maxAttemptCount` times, resubscribing after each error.
  ///
  /// ```
  /// source (each):  -#
  /// retry(2)        --#
  /// ```
  ///
  /// - Parameter maxAttemptCount: The total number of subscriptions, the first included. The
  ///   error of the last attempt is forwarded. A negative count fails with
  ///   ``RxError/argumentOutOfRange``. Unlike RxSwift, where `retry(0)` on a `Single`
  ///   completes without an element and breaks the `Single` contract, zero fails with
  ///   ``RxError/noElements``.
  /// - Returns: The outcome of the first attempt that does not fail, or the last error.
  @_alwaysEmitIntoClient
  public func retry(_ maxAttemptCount: Int) -> Single<Element> {
    source.retry(maxAttemptCount).asSingle()
  }

  /// Resubscribes after an error when the sequence `notificationHandler` builds emits.
  ///
  /// `notificationHandler` receives the errors, cast to `Failure`; each element of the
  /// sequence it returns triggers a resubscription, and its error ends the result. An error
  /// that is not a `Failure` ends the result at once. Unlike RxSwift, where the trigger's
  /// completion completes the `Single` without an element, it fails the result with
  /// ``RxError/noElements``.
  ///
  /// - Parameter notificationHandler: Builds the trigger sequence from the sequence of errors.
  /// - Returns: The outcome of the first attempt that does not fail, or the trigger's ending.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func retry<TriggerObservable: ObservableType, Failure: Swift.Error>(
    when notificationHandler: @escaping @Sendable (Observable<Failure>) -> TriggerObservable
  ) -> Single<Element> {
    source.retry(when: notificationHandler).asSingle()
  }

  /// Resubscribes after an error when the sequence `notificationHandler` builds emits.
  ///
  /// Unlike RxSwift, where the trigger's completion completes the `Single` without an
  /// element, it fails the result with ``RxError/noElements``.
  ///
  /// - Parameter notificationHandler: Builds the trigger sequence from the sequence of errors.
  ///   Each of its elements triggers a resubscription; its error ends the result.
  /// - Returns: The outcome of the first attempt that does not fail, or the trigger's ending.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func retry<TriggerObservable: ObservableType>(
    when notificationHandler:
      @escaping @Sendable (Observable<any Swift.Error>) -> TriggerObservable
  ) -> Single<Element> {
    source.retry(when: notificationHandler).asSingle()
  }

  /// Runs side effects for the outcome and the lifecycle of each subscription, without
  /// changing the outcome.
  ///
  /// ```swift
  /// fetchUser
  ///   .do(onSubscribe: { spinner.start() }, onDispose: { spinner.stop() })
  ///   .subscribe(onSuccess: show)
  /// ```
  ///
  /// The `on…` handlers run before the outcome is forwarded and the `after…` handlers after
  /// it. A throwing `onSuccess` or `onError` replaces the outcome with a failure carrying the
  /// thrown error. Unlike RxSwift, which would deliver a failure after the success, an error
  /// thrown by `afterSuccess` or `afterError` goes to ``Hooks/defaultErrorHandler``, so a
  /// `Single` never reports two outcomes.
  ///
  /// - Parameters:
  ///   - onSuccess: Called with the element before it is forwarded.
  ///   - afterSuccess: Called with the element after it has been forwarded.
  ///   - onError: Called with the error before it is forwarded.
  ///   - afterError: Called with the error after it has been forwarded.
  ///   - onSubscribe: Called before subscribing to the source.
  ///   - onSubscribed: Called when subscribing to the source has returned, even if the
  ///     outcome has already been delivered by then.
  ///   - onDispose: Called once when the subscription has ended, for any reason: after the
  ///     source has been disposed and after `onSubscribed`, in RxSwift's order, as with the
  ///     Observable `do`.
  /// - Returns: A `Single` with the same outcome.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func `do`(
    onSuccess: (@Sendable (Element) throws -> Void)? = nil,
    afterSuccess: (@Sendable (Element) throws -> Void)? = nil,
    onError: (@Sendable (any Swift.Error) throws -> Void)? = nil,
    afterError: (@Sendable (any Swift.Error) throws -> Void)? = nil,
    onSubscribe: (@Sendable () -> Void)? = nil,
    onSubscribed: (@Sendable () -> Void)? = nil,
    onDispose: (@Sendable () -> Void)? = nil
  ) -> Single<Element> {
    Single(
      raw: source.do(
        onNext: onSuccess,
        afterNext: _reportingErrors(afterSuccess),
        onError: onError,
        afterError: afterError,
        onSubscribe: onSubscribe,
        onSubscribed: onSubscribed,
        onDispose: onDispose))
  }

  /// Converts the `Single` to a ``Maybe`` with the same outcome.
  ///
  /// - Returns: A `Maybe` that succeeds or fails as this `Single` does.
  @_alwaysEmitIntoClient
  public func asMaybe() -> Maybe<Element> {
    Maybe(raw: source)
  }

  /// Converts the `Single` to a ``Completable`` that ignores the element.
  ///
  /// - Returns: A `Completable` that completes when this `Single` succeeds and fails when it
  ///   fails.
  @_alwaysEmitIntoClient
  public func asCompletable() -> Completable {
    Completable(raw: source.ignoreElements())
  }
}

/// Wraps a throwing side effect so that its error goes to ``Hooks/defaultErrorHandler``
/// instead of the sequence, for `after…` handlers that run once the outcome is delivered.
///
/// Not public API.
///
/// - Parameter body: The side effect.
/// - Returns: A side effect that does not throw, or `nil`.
#if DEBUG
  @inlinable
#else
  @_alwaysEmitIntoClient
#endif
internal func _reportingErrors<Value>(
  _ body: (@Sendable (Value) throws -> Void)?
) -> (@Sendable (Value) -> Void)? {
  guard let body else { return nil }
  return { value in
    do { try body(value) } catch { Hooks.reportUnhandledError(error) }
  }
}
