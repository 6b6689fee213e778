// RxSwift 6 keeps its RxSwift 5 trait operator names as deprecated forwarders, so that old
// code compiles with a warning and a fix-it. These are the same names, forwarding to the
// current operators with the same behaviour.
//
// Why alike: one-line deprecated forwarders, like those of Observable+Deprecated.swift for another type.

extension PrimitiveSequence {
  /// The RxSwift 5 name of `observe(on:)`: delivers the outcome as work on `scheduler`.
  ///
  /// - Parameter scheduler: The scheduler to deliver on.
  /// - Returns: The same outcome, delivered on `scheduler`.
  @available(*, deprecated, renamed: "observe(on:)")
  @_alwaysEmitIntoClient
  public func observeOn(_ scheduler: any ImmediateSchedulerType)
    -> PrimitiveSequence<Trait, Element>
  {
    observe(on: scheduler)
  }

  /// The RxSwift 5 name of `subscribe(on:)`: subscribes, and disposes that subscription, as
  /// work on `scheduler`.
  ///
  /// - Parameter scheduler: The scheduler that subscribes and disposes.
  /// - Returns: The same outcome, from a subscription made on `scheduler`.
  @available(*, deprecated, renamed: "subscribe(on:)")
  @_alwaysEmitIntoClient
  public func subscribeOn(_ scheduler: any ImmediateSchedulerType)
    -> PrimitiveSequence<Trait, Element>
  {
    subscribe(on: scheduler)
  }

  /// The RxSwift 5 name of `catch(_:)`: continues with the sequence `handler` returns when
  /// this sequence fails.
  ///
  /// - Parameter handler: Returns the sequence to continue with, given the error. If it
  ///   throws, the result fails with the thrown error.
  /// - Returns: This sequence's outcome, or after an error the fallback's outcome.
  @available(swift, introduced: 6)
  @available(*, deprecated, renamed: "catch(_:)")
  @_alwaysEmitIntoClient
  public func catchError(
    _ handler: @escaping @Sendable (any Swift.Error) throws -> PrimitiveSequence<Trait, Element>
  ) -> PrimitiveSequence<Trait, Element> {
    self.catch(handler)
  }

  /// The RxSwift 5 name of `retry(when:)`: resubscribes after an error when the sequence
  /// `notificationHandler` builds emits.
  ///
  /// - Parameter notificationHandler: Builds the trigger sequence from the sequence of errors,
  ///   cast to `Failure`. Each of its elements triggers a resubscription; its completion or
  ///   error ends the result.
  /// - Returns: The outcome of the first attempt that does not fail, or the trigger's ending.
  @available(swift, introduced: 6)
  @available(*, deprecated, renamed: "retry(when:)")
  @_alwaysEmitIntoClient
  public func retryWhen<TriggerObservable: ObservableType, Failure: Swift.Error>(
    _ notificationHandler: @escaping @Sendable (Observable<Failure>) -> TriggerObservable
  ) -> PrimitiveSequence<Trait, Element> {
    retry(when: notificationHandler)
  }

  /// The RxSwift 5 name of `retry(when:)`: resubscribes after an error when the sequence
  /// `notificationHandler` builds emits.
  ///
  /// - Parameter notificationHandler: Builds the trigger sequence from the sequence of errors.
  ///   Each of its elements triggers a resubscription; its completion or error ends the
  ///   result.
  /// - Returns: The outcome of the first attempt that does not fail, or the trigger's ending.
  @available(swift, introduced: 6)
  @available(*, deprecated, renamed: "retry(when:)")
  @_alwaysEmitIntoClient
  public func retryWhen<TriggerObservable: ObservableType>(
    _ notificationHandler:
      @escaping @Sendable (Observable<any Swift.Error>) -> TriggerObservable
  ) -> PrimitiveSequence<Trait, Element> {
    retry(when: notificationHandler)
  }
}

extension PrimitiveSequence where Trait == SingleTrait {
  /// The RxSwift 5 name of `retry(when:)`: resubscribes after an error when the sequence
  /// `notificationHandler` builds emits.
  ///
  /// As with `retry(when:)` on a `Single`, a trigger that completes fails the result with
  /// ``RxError/noElements``, so the `Single` never completes empty.
  ///
  /// - Parameter notificationHandler: Builds the trigger sequence from the sequence of errors,
  ///   cast to `Failure`. Each of its elements triggers a resubscription.
  /// - Returns: The outcome of the first attempt that does not fail, or the trigger's ending.
  @available(swift, introduced: 6)
  @available(*, deprecated, renamed: "retry(when:)")
  @_alwaysEmitIntoClient
  public func retryWhen<TriggerObservable: ObservableType, Failure: Swift.Error>(
    _ notificationHandler: @escaping @Sendable (Observable<Failure>) -> TriggerObservable
  ) -> Single<Element> {
    retry(when: notificationHandler)
  }

  /// The RxSwift 5 name of `retry(when:)`: resubscribes after an error when the sequence
  /// `notificationHandler` builds emits.
  ///
  /// As with `retry(when:)` on a `Single`, a trigger that completes fails the result with
  /// ``RxError/noElements``, so the `Single` never completes empty.
  ///
  /// - Parameter notificationHandler: Builds the trigger sequence from the sequence of errors.
  ///   Each of its elements triggers a resubscription.
  /// - Returns: The outcome of the first attempt that does not fail, or the trigger's ending.
  @available(swift, introduced: 6)
  @available(*, deprecated, renamed: "retry(when:)")
  @_alwaysEmitIntoClient
  public func retryWhen<TriggerObservable: ObservableType>(
    _ notificationHandler:
      @escaping @Sendable (Observable<any Swift.Error>) -> TriggerObservable
  ) -> Single<Element> {
    retry(when: notificationHandler)
  }

  /// The RxSwift 5 name of `catchAndReturn(_:)`: replaces an error with `element`.
  ///
  /// - Parameter element: The element to succeed with if this `Single` fails.
  /// - Returns: A `Single` that never fails.
  @available(*, deprecated, renamed: "catchAndReturn(_:)")
  @_alwaysEmitIntoClient
  public func catchErrorJustReturn(_ element: Element) -> Single<Element> {
    catchAndReturn(element)
  }

  /// The RxSwift 5 form of `subscribe(onSuccess:onFailure:onDisposed:)`, with the error
  /// handler labelled `onError`.
  ///
  /// - Parameters:
  ///   - onSuccess: Called with the element.
  ///   - onError: Called with the error.
  ///   - onDisposed: Called once when the subscription ends, for any reason.
  /// - Returns: A disposable that cancels the subscription.
  @available(swift, introduced: 6)
  @available(*, deprecated, renamed: "subscribe(onSuccess:onFailure:onDisposed:)")
  @_alwaysEmitIntoClient
  public func subscribe(
    onSuccess: (@Sendable (Element) -> Void)? = nil,
    onError: @escaping @Sendable (any Swift.Error) -> Void,
    onDisposed: (@Sendable () -> Void)? = nil
  ) -> any Disposable {
    subscribe(onSuccess: onSuccess, onFailure: onError, onDisposed: onDisposed)
  }
}

extension PrimitiveSequence where Trait == MaybeTrait {
  /// The RxSwift 5 name of `catchAndReturn(_:)`: replaces an error with `element`.
  ///
  /// - Parameter element: The element to succeed with if this `Maybe` fails.
  /// - Returns: A `Maybe` that never fails.
  @available(*, deprecated, renamed: "catchAndReturn(_:)")
  @_alwaysEmitIntoClient
  public func catchErrorJustReturn(_ element: Element) -> Maybe<Element> {
    catchAndReturn(element)
  }
}
