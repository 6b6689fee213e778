// Fronts over the Observable operators, kept apart from Single+Operators.swift: the two traits
// differ in result types and documented behaviour (a Maybe may be empty; its `do` has onCompleted).

extension PrimitiveSequence where Trait == MaybeTrait {
  /// Transforms the element, if any, with `transform`.
  ///
  /// ```
  /// source:          -[1|]
  /// map { $0 * 10 }  -[a|]
  ///
  /// source:          -|
  /// map { $0 * 10 }  -|
  ///
  /// a = 10
  /// ```
  ///
  /// - Parameter transform: The transform. If it throws, the result fails with that error.
  /// - Returns: A `Maybe` of the transformed element.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func map<Result: Sendable>(
    _ transform: @escaping @Sendable (Element) throws -> Result
  ) -> Maybe<Result> {
    Maybe(raw: source.map(transform))
  }

  /// Transforms the element, if any, with `transform`, completing empty when it returns `nil`.
  ///
  /// - Parameter transform: The transform. If it throws, the result fails with that error.
  /// - Returns: A `Maybe` of the transformed element, empty if `transform` returns `nil`.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func compactMap<Result: Sendable>(
    _ transform: @escaping @Sendable (Element) throws -> Result?
  ) -> Maybe<Result> {
    Maybe(raw: source.compactMap(transform))
  }

  /// Keeps the element, if any, when it satisfies `predicate`, and completes empty otherwise.
  ///
  /// - Parameter predicate: The test. If it throws, the result fails with that error.
  /// - Returns: A `Maybe` of the element, empty if there is none or it fails the test.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func filter(
    _ predicate: @escaping @Sendable (Element) throws -> Bool
  ) -> Maybe<Element> {
    Maybe(raw: source.filter(predicate))
  }

  /// Continues with the `Maybe` that `selector` returns for the element; completes empty if
  /// there is no element.
  ///
  /// ```
  /// source:            -[1|]
  /// selector(1):        --[a|]
  /// flatMap(selector)  ---[a|]
  /// ```
  ///
  /// - Parameter selector: Returns the next `Maybe`, given the element. If it throws, the
  ///   result fails with that error.
  /// - Returns: A `Maybe` with the inner `Maybe`'s outcome.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func flatMap<Result: Sendable>(
    _ selector: @escaping @Sendable (Element) throws -> Maybe<Result>
  ) -> Maybe<Result> {
    Maybe(raw: source.flatMap(selector))
  }

  /// Replaces an error with `element`.
  ///
  /// ```
  /// source:            -#
  /// catchAndReturn(0)  -[0|]
  /// ```
  ///
  /// - Parameter element: The element to succeed with if this `Maybe` fails.
  /// - Returns: A `Maybe` that never fails.
  @_alwaysEmitIntoClient
  public func catchAndReturn(_ element: Element) -> Maybe<Element> {
    Maybe(raw: source.catchAndReturn(element))
  }

  /// Succeeds with `default` if this `Maybe` completes empty.
  ///
  /// ```
  /// source:              -|
  /// ifEmpty(default: 0)  -[0|]
  ///
  /// source:              -[1|]
  /// ifEmpty(default: 0)  -[1|]
  /// ```
  ///
  /// - Parameter default: The element to succeed with when there is no element.
  /// - Returns: A ``Single`` of the element, or of `default`. Errors pass through.
  @_alwaysEmitIntoClient
  public func ifEmpty(default: Element) -> Single<Element> {
    Single(raw: source._ifEmpty(switchTo: .just(`default`)))
  }

  /// Continues with `other` if this `Maybe` completes empty.
  ///
  /// ```
  /// source:               -|
  /// other:                 -[2|]
  /// ifEmpty(switchTo: o)  --[2|]
  /// ```
  ///
  /// `other` is subscribed only on an empty completion: never after an element or an error.
  ///
  /// - Parameter other: The `Maybe` to continue with when there is no element.
  /// - Returns: A `Maybe` with this sequence's element, or `other`'s outcome.
  @_alwaysEmitIntoClient
  public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> {
    Maybe(raw: source._ifEmpty(switchTo: other.asObservable()))
  }

  /// Continues with `other` if this `Maybe` completes empty.
  ///
  /// `other` is subscribed only on an empty completion: never after an element or an error.
  ///
  /// - Parameter other: The ``Single`` to continue with when there is no element.
  /// - Returns: A `Single` of this sequence's element, or with `other`'s outcome.
  @_alwaysEmitIntoClient
  public func ifEmpty(switchTo other: Single<Element>) -> Single<Element> {
    Single(raw: source._ifEmpty(switchTo: other.asObservable()))
  }

  /// Runs side effects for the outcome and the lifecycle of each subscription, without
  /// changing the outcome.
  ///
  /// ```swift
  /// cachedUser
  ///   .do(onNext: { user in log("cache hit \(user.id)") }, onCompleted: { spinner.stop() })
  ///   .subscribe(onSuccess: show)
  /// ```
  ///
  /// The `on…` handlers run before the event is forwarded and the `after…` handlers after it.
  /// As in RxSwift, a success is an element followed by completion, so `onCompleted` and
  /// `afterCompleted` run after a success too, not only when the `Maybe` completes empty.
  ///
  /// A throwing `onNext` or `onError`, or a throwing `onCompleted` on an empty completion,
  /// replaces the outcome with a failure carrying the thrown error. Once a success or an
  /// error has been forwarded the outcome cannot change, so an error thrown by `afterNext`,
  /// `afterError` or `afterCompleted`, or by `onCompleted` after a success, goes to
  /// ``Hooks/defaultErrorHandler``. RxSwift would send an error thrown after a success as a
  /// second event, which a `Maybe` subscriber never sees.
  ///
  /// - Parameters:
  ///   - onNext: Called with the element before it is forwarded.
  ///   - afterNext: Called with the element after it has been forwarded.
  ///   - onError: Called with the error before it is forwarded.
  ///   - afterError: Called with the error after it has been forwarded.
  ///   - onCompleted: Called before completion is forwarded, after a success or without one.
  ///   - afterCompleted: Called after completion has been forwarded.
  ///   - onSubscribe: Called before subscribing to the source.
  ///   - onSubscribed: Called when subscribing to the source has returned, even if the
  ///     outcome has already been delivered by then.
  ///   - onDispose: Called once when the subscription has ended, for any reason: after the
  ///     source has been disposed and after `onSubscribed`, in RxSwift's order, as with the
  ///     Observable `do`.
  /// - Returns: A `Maybe` with the same outcome.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func `do`(
    onNext: (@Sendable (Element) throws -> Void)? = nil,
    afterNext: (@Sendable (Element) throws -> Void)? = nil,
    onError: (@Sendable (any Swift.Error) throws -> Void)? = nil,
    afterError: (@Sendable (any Swift.Error) throws -> Void)? = nil,
    onCompleted: (@Sendable () throws -> Void)? = nil,
    afterCompleted: (@Sendable () throws -> Void)? = nil,
    onSubscribe: (@Sendable () -> Void)? = nil,
    onSubscribed: (@Sendable () -> Void)? = nil,
    onDispose: (@Sendable () -> Void)? = nil
  ) -> Maybe<Element> {
    let source = self.source
    let afterNext = _reportingErrors(afterNext)
    guard let onCompleted else {
      return Maybe(
        raw: source.do(
          onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
          afterCompleted: afterCompleted, onSubscribe: onSubscribe, onSubscribed: onSubscribed,
          onDispose: onDispose))
    }
    return Maybe(
      raw: Observable(_run: { observer, lifetime in
        // Set when the element has passed `onNext`, and read when the completion arrives: both
        // happen in the serialized calls of this one subscription.
        let succeeded = _SerializedFlag()
        source.do(
          onNext: { element in
            try onNext?(element)
            succeeded.set()
          },
          afterNext: afterNext,
          onError: onError,
          afterError: afterError,
          onCompleted: {
            guard succeeded.isSet else { return try onCompleted() }
            do { try onCompleted() } catch { Hooks.reportUnhandledError(error) }
          },
          afterCompleted: afterCompleted,
          onSubscribe: onSubscribe,
          onSubscribed: onSubscribed,
          onDispose: onDispose
        )._subscribe(observer, lifetime)
      }))
  }

  /// Converts the `Maybe` to a ``Single``.
  ///
  /// - Returns: A `Single` with this sequence's element or error; it fails with
  ///   ``RxError/noElements`` if this `Maybe` completes empty.
  @_alwaysEmitIntoClient
  public func asSingle() -> Single<Element> {
    source.asSingle()
  }
}

extension ObservableType {
  /// Continues with `other` if this sequence completes without an element.
  ///
  /// Not public API: the Maybe `ifEmpty` operators use it.
  ///
  /// - Parameter other: The sequence to continue with.
  /// - Returns: This sequence's events, or `other`'s after an empty completion.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func _ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
    let source = asObservable()
    return Observable.deferred {
      // Set by the source's elements and read when the source has completed: both happen in
      // the serialized calls of this one subscription.
      let emitted = _SerializedFlag()
      return source.do(onNext: { _ in emitted.set() })
        .concat(Observable.deferred { emitted.isSet ? .empty() : other })
    }
  }
}
