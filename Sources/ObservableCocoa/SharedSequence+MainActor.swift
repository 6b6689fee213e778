import ObservableCore

// The operators of shared sequences that deliver on the main actor (`Driver`, `Signal`, and
// any strategy conforming to `MainActorSharingStrategy`), with `@MainActor` closures. They are
// the same operators as in SharedSequence+Operators.swift, and for such sequences they are
// chosen over those: a closure may then touch main-actor state and capture main-actor values
// that are not `Sendable`, as view models written for RxCocoa do, and the compiler checks it as
// main-actor code. Each closure is run on the main actor (see Internal/MainActorCall.swift).
// Only Swift 6 clients see them; Swift 5 clients keep the forms they have.
//
// Why alike: each operator is a public front of a few lines (cast the closure once, call it
// directly on the main actor or hop, forward to the operator); only the shape repeats.

/// A sharing strategy whose shared sequences deliver their elements on the main actor.
///
/// The operators of a shared sequence with such a strategy (`map`, `filter`, `flatMapLatest`,
/// `combineLatest`, `drive`, ...) take `@MainActor` closures, which may touch main-actor state.
/// The library runs each of them on the main actor: directly when the element arrives on the
/// main thread, which the strategy's `scheduler` must ensure, and otherwise (for example a test
/// scheduler passed to `SharingScheduler.mock(scheduler:action:)` and run from another thread)
/// by waiting for the main queue to run it. Such a test must leave the main queue free: one
/// that blocks the main thread until the other thread's scheduler is done would deadlock.
/// ``DriverSharingStrategy`` and ``SignalSharingStrategy`` conform.
public protocol MainActorSharingStrategy: SharingStrategyProtocol {}

extension DriverSharingStrategy: MainActorSharingStrategy {}

extension SignalSharingStrategy: MainActorSharingStrategy {}

extension SharedSequenceConvertibleType where SharingStrategy: MainActorSharingStrategy {
  /// Subscribes `onNext`, run on the main actor, to the elements of the sequence.
  ///
  /// - Parameter onNext: Called with each element.
  /// - Returns: A disposable that cancels the subscription and releases `onNext`.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func bind(onNext: @escaping @MainActor (Element) -> Void) -> any Disposable {
    asObservable().subscribe(onNext: _onMainActor(onNext))
  }

  /// Transforms each element with `transform`, run on the main actor.
  ///
  /// - Parameter transform: Returns the element to deliver for each element.
  /// - Returns: A shared sequence of the transformed elements.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func map<Result: Sendable>(
    _ transform: @escaping @MainActor (Element) -> Result
  ) -> SharedSequence<SharingStrategy, Result> {
    let transformDirect = _nonisolated(transform)
    return SharedSequence(
      asObservable().map { element in
        (_isOnMainActorNow ? transformDirect(element) : _callOnMainQueue(transform, element))
      })
  }

  /// Transforms each element with `transform`, run on the main actor, and delivers the
  /// results that are not `nil`.
  ///
  /// - Parameter transform: Returns the element to deliver, or `nil` to skip it.
  /// - Returns: A shared sequence of the non-`nil` results.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func compactMap<Result: Sendable>(
    _ transform: @escaping @MainActor (Element) -> Result?
  ) -> SharedSequence<SharingStrategy, Result> {
    let transformDirect = _nonisolated(transform)
    return SharedSequence(
      asObservable().compactMap { element in
        (_isOnMainActorNow ? transformDirect(element) : _callOnMainQueue(transform, element))
      })
  }

  /// Delivers the elements for which `predicate`, run on the main actor, returns `true`.
  ///
  /// - Parameter predicate: Decides whether an element is delivered.
  /// - Returns: A shared sequence of the elements that pass.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func filter(
    _ predicate: @escaping @MainActor (Element) -> Bool
  ) -> SharedSequence<SharingStrategy, Element> {
    let predicateDirect = _nonisolated(predicate)
    return SharedSequence(
      asObservable().filter { element in
        (_isOnMainActorNow ? predicateDirect(element) : _callOnMainQueue(predicate, element))
      })
  }

  /// Maps each element to a shared sequence with `selector`, run on the main actor, and
  /// delivers the elements of the most recent one only.
  ///
  /// - Parameter selector: Returns the inner shared sequence for an element.
  /// - Returns: A shared sequence of the latest inner sequence's elements.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func flatMapLatest<Sharing: SharingStrategyProtocol, Result: Sendable>(
    _ selector: @escaping @MainActor (Element) -> SharedSequence<Sharing, Result>
  ) -> SharedSequence<Sharing, Result> {
    let selectorDirect = _nonisolated(selector)
    return SharedSequence(
      asObservable().flatMapLatest { element in
        (_isOnMainActorNow ? selectorDirect(element) : _callOnMainQueue(selector, element))
      })
  }

  /// Maps each element to a shared sequence with `selector`, run on the main actor, ignoring
  /// elements that arrive while the current inner sequence is running.
  ///
  /// - Parameter selector: Returns the inner shared sequence for an element.
  /// - Returns: A shared sequence of the inner sequences' elements.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func flatMapFirst<Sharing: SharingStrategyProtocol, Result: Sendable>(
    _ selector: @escaping @MainActor (Element) -> SharedSequence<Sharing, Result>
  ) -> SharedSequence<Sharing, Result> {
    let selectorDirect = _nonisolated(selector)
    return SharedSequence(
      asObservable().flatMapFirst { element in
        (_isOnMainActorNow ? selectorDirect(element) : _callOnMainQueue(selector, element))
      })
  }

  /// Maps each element to a shared sequence with `selector`, run on the main actor, and merges
  /// the elements of all of them.
  ///
  /// - Parameter selector: Returns the inner shared sequence for an element.
  /// - Returns: A shared sequence of the inner sequences' elements.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func flatMap<Sharing: SharingStrategyProtocol, Result: Sendable>(
    _ selector: @escaping @MainActor (Element) -> SharedSequence<Sharing, Result>
  ) -> SharedSequence<Sharing, Result> {
    let selectorDirect = _nonisolated(selector)
    return SharedSequence(
      asObservable().flatMap { element in
        (_isOnMainActorNow ? selectorDirect(element) : _callOnMainQueue(selector, element))
      })
  }

  /// Maps each element to a shared sequence with `selector`, run on the main actor, and
  /// delivers their elements one inner sequence after another.
  ///
  /// - Parameter selector: Returns the inner shared sequence for an element.
  /// - Returns: A shared sequence of the inner sequences' elements, in order.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func concatMap<Sharing: SharingStrategyProtocol, Result: Sendable>(
    _ selector: @escaping @MainActor (Element) -> SharedSequence<Sharing, Result>
  ) -> SharedSequence<Sharing, Result> {
    let selectorDirect = _nonisolated(selector)
    return SharedSequence(
      asObservable().concatMap { element in
        (_isOnMainActorNow ? selectorDirect(element) : _callOnMainQueue(selector, element))
      })
  }

  /// Calls the given closures, on the main actor, at the events and moments of the
  /// subscription, and delivers the elements unchanged.
  ///
  /// - Parameters:
  ///   - onNext: Called with each element before it is delivered.
  ///   - afterNext: Called with each element after it is delivered.
  ///   - onCompleted: Called before completion is delivered.
  ///   - afterCompleted: Called after completion is delivered.
  ///   - onSubscribe: Called before the subscription to the source.
  ///   - onSubscribed: Called after the subscription to the source.
  ///   - onDispose: Called when the subscription is disposed.
  /// - Returns: A shared sequence of the same elements.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func `do`(
    onNext: (@MainActor (Element) -> Void)? = nil,
    afterNext: (@MainActor (Element) -> Void)? = nil,
    onCompleted: (@MainActor () -> Void)? = nil,
    afterCompleted: (@MainActor () -> Void)? = nil,
    onSubscribe: (@MainActor () -> Void)? = nil,
    onSubscribed: (@MainActor () -> Void)? = nil,
    onDispose: (@MainActor () -> Void)? = nil
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(
      asObservable().do(
        onNext: _onMainActor(onNext), afterNext: _onMainActor(afterNext),
        onCompleted: _onMainActor(onCompleted), afterCompleted: _onMainActor(afterCompleted),
        onSubscribe: _onMainActor(onSubscribe), onSubscribed: _onMainActor(onSubscribed),
        onDispose: _onMainActor(onDispose)))
  }

  /// Skips elements whose key, computed by `keySelector` on the main actor, equals the key
  /// of the element before.
  ///
  /// - Parameter keySelector: Returns the key an element is compared by.
  /// - Returns: A shared sequence without consecutive duplicates.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func distinctUntilChanged<Key: Equatable & Sendable>(
    _ keySelector: @escaping @MainActor (Element) -> Key
  ) -> SharedSequence<SharingStrategy, Element> {
    let keySelectorDirect = _nonisolated(keySelector)
    return SharedSequence(
      asObservable().distinctUntilChanged { element in
        (_isOnMainActorNow ? keySelectorDirect(element) : _callOnMainQueue(keySelector, element))
      })
  }

  /// Skips elements that `comparer`, run on the main actor, finds equal to the element before.
  ///
  /// - Parameter comparer: Returns `true` if two elements are equal.
  /// - Returns: A shared sequence without consecutive duplicates.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func distinctUntilChanged(
    _ comparer: @escaping @MainActor (Element, Element) -> Bool
  ) -> SharedSequence<SharingStrategy, Element> {
    let comparerDirect = _nonisolated(comparer)
    return SharedSequence(
      asObservable().distinctUntilChanged { previous, element in
        (_isOnMainActorNow
          ? comparerDirect(previous, element) : _callOnMainQueue(comparer, previous, element))
      })
  }

  /// Skips elements whose key equals the key of the element before, by `comparer`; both
  /// closures run on the main actor.
  ///
  /// - Parameters:
  ///   - keySelector: Returns the key an element is compared by.
  ///   - comparer: Returns `true` if two keys are equal.
  /// - Returns: A shared sequence without consecutive duplicates.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func distinctUntilChanged<Key: Sendable>(
    _ keySelector: @escaping @MainActor (Element) -> Key,
    comparer: @escaping @MainActor (Key, Key) -> Bool
  ) -> SharedSequence<SharingStrategy, Element> {
    let keySelectorDirect = _nonisolated(keySelector)
    let comparerDirect = _nonisolated(comparer)
    return SharedSequence(
      asObservable().distinctUntilChanged(
        { element in
          (_isOnMainActorNow ? keySelectorDirect(element) : _callOnMainQueue(keySelector, element))
        },
        comparer: { previous, key in
          (_isOnMainActorNow
            ? comparerDirect(previous, key) : _callOnMainQueue(comparer, previous, key))
        }))
  }

  /// Delivers each intermediate result of `accumulator`, run on the main actor, starting
  /// from `seed`.
  ///
  /// - Parameters:
  ///   - seed: The initial accumulated value.
  ///   - accumulator: Combines the accumulated value with an element.
  /// - Returns: A shared sequence of the accumulated values.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func scan<Accumulate: Sendable>(
    _ seed: Accumulate, accumulator: @escaping @MainActor (Accumulate, Element) -> Accumulate
  ) -> SharedSequence<SharingStrategy, Accumulate> {
    let accumulatorDirect = _nonisolated(accumulator)
    return SharedSequence(
      asObservable().scan(seed) { accumulated, element in
        (_isOnMainActorNow
          ? accumulatorDirect(accumulated, element)
          : _callOnMainQueue(accumulator, accumulated, element))
      })
  }

  /// Combines each element with the latest element of `second`, with `resultSelector` run on
  /// the main actor.
  ///
  /// - Parameters:
  ///   - second: The shared sequence whose latest element is combined.
  ///   - resultSelector: Combines an element with the latest of `second`.
  /// - Returns: A shared sequence of the combined elements.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func withLatestFrom<Second: SharedSequenceConvertibleType, Result: Sendable>(
    _ second: Second,
    resultSelector: @escaping @MainActor (Element, Second.Element) -> Result
  ) -> SharedSequence<SharingStrategy, Result> where Second.SharingStrategy == SharingStrategy {
    let resultSelectorDirect = _nonisolated(resultSelector)
    return SharedSequence(
      asObservable().withLatestFrom(second) { element, latest in
        (_isOnMainActorNow
          ? resultSelectorDirect(element, latest)
          : _callOnMainQueue(resultSelector, element, latest))
      })
  }

  /// Combines each element with `object`, held weakly, with `resultSelector` run on the main
  /// actor; completes once `object` is released.
  ///
  /// - Parameters:
  ///   - object: The object passed to `resultSelector`.
  ///   - resultSelector: Combines `object` with an element.
  /// - Returns: A shared sequence of the combined elements.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func withUnretained<Object: AnyObject & Sendable, Result: Sendable>(
    _ object: Object, resultSelector: @escaping @MainActor (Object, Element) -> Result
  ) -> SharedSequence<SharingStrategy, Result> {
    let resultSelectorDirect = _nonisolated(resultSelector)
    return SharedSequence(
      asObservable().withUnretained(object) { object, element in
        (_isOnMainActorNow
          ? resultSelectorDirect(object, element)
          : _callOnMainQueue(resultSelector, object, element))
      })
  }
}
