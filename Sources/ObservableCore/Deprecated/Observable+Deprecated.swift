// RxSwift 6 keeps its RxSwift 5 operator names as deprecated forwarders, so that old code
// compiles with a warning and a fix-it. These are the same names, forwarding to the current
// operators with the same behaviour.
//
// Why alike: one-line deprecated forwarders, like those of PrimitiveSequence+Deprecated.swift for another type.

extension ObservableType {
  /// The RxSwift 5 name of `observe(on:)`: delivers every event as work on `scheduler`.
  ///
  /// - Parameter scheduler: The scheduler to deliver on.
  /// - Returns: The same events, delivered on `scheduler`.
  @available(*, deprecated, renamed: "observe(on:)")
  @_alwaysEmitIntoClient
  public func observeOn(_ scheduler: any ImmediateSchedulerType) -> Observable<Element> {
    observe(on: scheduler)
  }

  /// The RxSwift 5 name of `subscribe(on:)`: subscribes, and disposes that subscription, as
  /// work on `scheduler`.
  ///
  /// - Parameter scheduler: The scheduler that subscribes and disposes.
  /// - Returns: A sequence with the same events, subscribed on `scheduler`.
  @available(*, deprecated, renamed: "subscribe(on:)")
  @_alwaysEmitIntoClient
  public func subscribeOn(_ scheduler: any ImmediateSchedulerType) -> Observable<Element> {
    subscribe(on: scheduler)
  }

  /// The RxSwift 5 name of `catch(_:)`: continues with the sequence `handler` returns when
  /// this sequence fails.
  ///
  /// - Parameter handler: Returns the sequence to continue with, given the error. If it
  ///   throws, the result fails with the thrown error.
  /// - Returns: This sequence's events, and after an error the fallback's events.
  @available(swift, introduced: 6)
  @available(*, deprecated, renamed: "catch(_:)")
  @_alwaysEmitIntoClient
  public func catchError(
    _ handler: @escaping @Sendable (any Swift.Error) throws -> Observable<Element>
  ) -> Observable<Element> {
    self.catch(handler)
  }

  /// The RxSwift 5 name of `catchAndReturn(_:)`: replaces an error with `element`, then
  /// completes.
  ///
  /// - Parameter element: The element to emit in place of the error.
  /// - Returns: This sequence's elements, then `element` and completion if it fails.
  @available(*, deprecated, renamed: "catchAndReturn(_:)")
  @_alwaysEmitIntoClient
  public func catchErrorJustReturn(_ element: Element) -> Observable<Element> {
    catchAndReturn(element)
  }

  /// The RxSwift 5 name of `catch(sequence:)`: subscribes to each sequence in turn, moving to
  /// the next one whenever one fails, until one completes.
  ///
  /// - Parameter sequence: The sequences to try, in order.
  /// - Returns: The elements of each source tried, ending as the last one tried ends.
  @available(*, deprecated, renamed: "catch(sequence:)")
  @_alwaysEmitIntoClient
  public static func catchError<Sources: Swift.Collection>(_ sequence: Sources)
    -> Observable<Element>
  where Sources.Element == Observable<Element> {
    `catch`(sequence: sequence)
  }

  /// The RxSwift 5 name of `element(at:)`: emits only the element at `index`, then
  /// completes.
  ///
  /// - Parameter index: The zero-based index of the element. A negative index fails with
  ///   ``RxError/argumentOutOfRange``.
  /// - Returns: A sequence of the element at `index`; it fails with
  ///   ``RxError/argumentOutOfRange`` if the source completes before reaching it.
  @available(*, deprecated, renamed: "element(at:)")
  @_alwaysEmitIntoClient
  public func elementAt(_ index: Int) -> Observable<Element> {
    element(at: index)
  }

  /// The RxSwift 5 name of `take(until:)`: emits elements until `other` emits an element,
  /// then completes.
  ///
  /// - Parameter other: The sequence whose first element ends this one.
  /// - Returns: The elements before `other`'s first element.
  @available(*, deprecated, renamed: "take(until:)")
  @_alwaysEmitIntoClient
  public func takeUntil<Source: ObservableType>(_ other: Source) -> Observable<Element> {
    take(until: other)
  }

  /// The RxSwift 5 form of `take(until:behavior:)`: emits elements until one satisfies
  /// `predicate`, then completes.
  ///
  /// The arguments come in the other order in the new spelling, so this one has no automatic
  /// fix-it: write `take(until: predicate, behavior: behavior)`.
  ///
  /// - Parameters:
  ///   - behavior: Whether the element that satisfies `predicate` is emitted too.
  ///   - predicate: The test that ends the sequence. If it throws, the result fails with the
  ///     thrown error.
  /// - Returns: The elements before the one that satisfies `predicate`.
  @available(swift, introduced: 6)
  @available(*, deprecated, message: "Use take(until:behavior:), with the predicate first")
  @_alwaysEmitIntoClient
  public func takeUntil(
    _ behavior: TakeBehavior,
    predicate: @escaping @Sendable (Element) throws -> Bool
  ) -> Observable<Element> {
    take(until: predicate, behavior: behavior)
  }

  /// The RxSwift 5 name of `take(while:)`: emits elements while `predicate` holds, then
  /// completes.
  ///
  /// - Parameter predicate: The test. If it throws, the result fails with the thrown error.
  /// - Returns: The leading elements that satisfy `predicate`.
  @available(swift, introduced: 6)
  @available(*, deprecated, renamed: "take(while:)")
  @_alwaysEmitIntoClient
  public func takeWhile(
    _ predicate: @escaping @Sendable (Element) throws -> Bool
  ) -> Observable<Element> {
    take(while: predicate)
  }

  /// The RxSwift 5 name of `skip(while:)`: drops elements while `predicate` holds, then
  /// emits the rest.
  ///
  /// - Parameter predicate: The test. If it throws, the result fails with the thrown error.
  /// - Returns: The elements from the first one that fails `predicate`.
  @available(swift, introduced: 6)
  @available(*, deprecated, renamed: "skip(while:)")
  @_alwaysEmitIntoClient
  public func skipWhile(
    _ predicate: @escaping @Sendable (Element) throws -> Bool
  ) -> Observable<Element> {
    skip(while: predicate)
  }

  /// The RxSwift 5 name of `skip(until:)`: drops elements until `other` emits an element,
  /// then emits the rest.
  ///
  /// - Parameter other: The sequence whose first element starts this one.
  /// - Returns: The elements after `other`'s first element.
  @available(*, deprecated, renamed: "skip(until:)")
  @_alwaysEmitIntoClient
  public func skipUntil<Source: ObservableType>(_ other: Source) -> Observable<Element> {
    skip(until: other)
  }

  /// The RxSwift 5 name of `retry(when:)`: resubscribes after an error when the sequence
  /// `notificationHandler` builds emits.
  ///
  /// - Parameter notificationHandler: Builds the trigger sequence from the sequence of errors,
  ///   cast to `Failure`. Each of its elements triggers a resubscription; its completion or
  ///   error ends the result. An error that is not a `Failure` ends the result at once.
  /// - Returns: The events of the attempts, until one does not fail or the trigger ends.
  @available(swift, introduced: 6)
  @available(*, deprecated, renamed: "retry(when:)")
  @_alwaysEmitIntoClient
  public func retryWhen<TriggerObservable: ObservableType, Failure: Swift.Error>(
    _ notificationHandler: @escaping @Sendable (Observable<Failure>) -> TriggerObservable
  ) -> Observable<Element> {
    retry(when: notificationHandler)
  }

  /// The RxSwift 5 name of `retry(when:)`: resubscribes after an error when the sequence
  /// `notificationHandler` builds emits.
  ///
  /// - Parameter notificationHandler: Builds the trigger sequence from the sequence of errors.
  ///   Each of its elements triggers a resubscription; its completion or error ends the
  ///   result.
  /// - Returns: The events of the attempts, until one does not fail or the trigger ends.
  @available(swift, introduced: 6)
  @available(*, deprecated, renamed: "retry(when:)")
  @_alwaysEmitIntoClient
  public func retryWhen<TriggerObservable: ObservableType>(
    _ notificationHandler:
      @escaping @Sendable (Observable<any Swift.Error>) -> TriggerObservable
  ) -> Observable<Element> {
    retry(when: notificationHandler)
  }

  /// The RxSwift 5 name of `take(for:scheduler:)`: emits the elements that arrive within
  /// `duration` of subscribing, then completes.
  ///
  /// - Parameters:
  ///   - duration: How long to take elements for.
  ///   - scheduler: The scheduler that runs the timer.
  /// - Returns: The elements that arrive within `duration`.
  @available(*, deprecated, renamed: "take(for:scheduler:)")
  @_alwaysEmitIntoClient
  public func take(_ duration: RxTimeInterval, scheduler: any SchedulerType)
    -> Observable<Element>
  {
    take(for: duration, scheduler: scheduler)
  }
}
