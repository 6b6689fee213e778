import ObservableCore

// The operators of `SharedSequence`, as in RxCocoa's `SharedSequence+Operators.swift`. Each one
// applies the Observable operator of the same name and shares the result with the sharing
// strategy. The closures do not throw and the sequences they take are shared sequences, so that
// the result can never fail. As in RxCocoa, the flattening operators return the inner
// sequences' strategy, and the time operators run their timers on the strategy's scheduler.
// The forms with closures are disfavored: for sequences that deliver on the main actor (Driver,
// Signal) the `@MainActor` forms of SharedSequence+MainActor.swift are chosen instead.

extension SharedSequenceConvertibleType {
  /// Transforms each element with `transform`.
  ///
  /// - Parameter transform: The transform.
  /// - Returns: A shared sequence of the transformed elements.
  @available(swift, introduced: 6)
  @_disfavoredOverload
  @_alwaysEmitIntoClient
  public func map<Result: Sendable>(
    _ transform: @escaping @Sendable (Element) -> Result
  ) -> SharedSequence<SharingStrategy, Result> {
    SharedSequence(asObservable()._sendableMap(transform))
  }

  /// Transforms each element with `transform` and drops the `nil` results.
  ///
  /// - Parameter transform: The transform.
  /// - Returns: A shared sequence of the non-`nil` results.
  @available(swift, introduced: 6)
  @_disfavoredOverload
  @_alwaysEmitIntoClient
  public func compactMap<Result: Sendable>(
    _ transform: @escaping @Sendable (Element) -> Result?
  ) -> SharedSequence<SharingStrategy, Result> {
    SharedSequence(asObservable()._sendableCompactMap(transform))
  }

  /// Emits only the elements that satisfy `predicate`.
  ///
  /// - Parameter predicate: The test.
  /// - Returns: A shared sequence of the elements that pass the test.
  @available(swift, introduced: 6)
  @_disfavoredOverload
  @_alwaysEmitIntoClient
  public func filter(
    _ predicate: @escaping @Sendable (Element) -> Bool
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable()._sendableFilter(predicate))
  }

  /// Maps each element to a shared sequence and emits the elements of the most recent one,
  /// disposing the previous one.
  ///
  /// - Parameter selector: Returns the inner sequence for an element.
  /// - Returns: A shared sequence of the latest inner sequence's elements.
  @available(swift, introduced: 6)
  @_disfavoredOverload
  @_alwaysEmitIntoClient
  public func flatMapLatest<Sharing: SharingStrategyProtocol, Result: Sendable>(
    _ selector: @escaping @Sendable (Element) -> SharedSequence<Sharing, Result>
  ) -> SharedSequence<Sharing, Result> {
    SharedSequence(asObservable()._sendableFlatMapLatest(selector))
  }

  /// Maps an element to a shared sequence only while no inner sequence is running, and emits
  /// its elements; elements that arrive meanwhile are dropped.
  ///
  /// - Parameter selector: Returns the inner sequence for an element.
  /// - Returns: A shared sequence of the inner sequences' elements.
  @available(swift, introduced: 6)
  @_disfavoredOverload
  @_alwaysEmitIntoClient
  public func flatMapFirst<Sharing: SharingStrategyProtocol, Result: Sendable>(
    _ selector: @escaping @Sendable (Element) -> SharedSequence<Sharing, Result>
  ) -> SharedSequence<Sharing, Result> {
    SharedSequence(asObservable().flatMapFirst(selector))
  }

  /// Maps each element to a shared sequence and merges their elements.
  ///
  /// - Parameter selector: Returns the inner sequence for an element.
  /// - Returns: A shared sequence of every inner sequence's elements, as they arrive.
  @available(swift, introduced: 6)
  @_disfavoredOverload
  @_alwaysEmitIntoClient
  public func flatMap<Sharing: SharingStrategyProtocol, Result: Sendable>(
    _ selector: @escaping @Sendable (Element) -> SharedSequence<Sharing, Result>
  ) -> SharedSequence<Sharing, Result> {
    SharedSequence(asObservable()._sendableFlatMap(selector))
  }

  /// Maps each element to a shared sequence and emits their elements one sequence after
  /// another, subscribing to the next when the previous completes.
  ///
  /// - Parameter selector: Returns the inner sequence for an element.
  /// - Returns: A shared sequence of the inner sequences' elements, in order.
  @available(swift, introduced: 6)
  @_disfavoredOverload
  @_alwaysEmitIntoClient
  public func concatMap<Sharing: SharingStrategyProtocol, Result: Sendable>(
    _ selector: @escaping @Sendable (Element) -> SharedSequence<Sharing, Result>
  ) -> SharedSequence<Sharing, Result> {
    SharedSequence(asObservable().concatMap(selector))
  }

  /// Calls the given closures for the sequence's events and lifecycle, and passes the events
  /// on.
  ///
  /// - Parameters:
  ///   - onNext: Called with each element, before it is passed on.
  ///   - afterNext: Called with each element, after it is passed on.
  ///   - onCompleted: Called on completion, before it is passed on.
  ///   - afterCompleted: Called on completion, after it is passed on.
  ///   - onSubscribe: Called before each subscription to the source.
  ///   - onSubscribed: Called after each subscription to the source.
  ///   - onDispose: Called when a subscription ends, for any reason.
  /// - Returns: A shared sequence of the same events.
  @available(swift, introduced: 6)
  @_disfavoredOverload
  @_alwaysEmitIntoClient
  public func `do`(
    onNext: (@Sendable (Element) -> Void)? = nil,
    afterNext: (@Sendable (Element) -> Void)? = nil,
    onCompleted: (@Sendable () -> Void)? = nil,
    afterCompleted: (@Sendable () -> Void)? = nil,
    onSubscribe: (@Sendable () -> Void)? = nil,
    onSubscribed: (@Sendable () -> Void)? = nil,
    onDispose: (@Sendable () -> Void)? = nil
  ) -> SharedSequence<SharingStrategy, Element> {
    return SharedSequence(
      asObservable()._sendableDo(
        onNext: onNext, afterNext: afterNext, onCompleted: onCompleted,
        afterCompleted: afterCompleted, onSubscribe: onSubscribe, onSubscribed: onSubscribed,
        onDispose: onDispose))
  }

  /// Prints the sequence's events, as `Observable.debug` does.
  ///
  /// - Parameters:
  ///   - identifier: The label printed with each event; by default the call site.
  ///   - trimOutput: Whether to shorten long event descriptions.
  ///   - file: The call site's file.
  ///   - line: The call site's line.
  ///   - function: The call site's function.
  /// - Returns: A shared sequence of the same events.
  @_alwaysEmitIntoClient
  public func debug(
    _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file,
    line: UInt = #line, function: String = #function
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(
      asObservable().debug(
        identifier, trimOutput: trimOutput, file: file, line: line, function: function))
  }

  /// Drops each element whose key equals the previous element's key.
  ///
  /// - Parameter keySelector: Returns the key to compare.
  /// - Returns: A shared sequence without consecutive duplicates.
  @available(swift, introduced: 6)
  @_disfavoredOverload
  @_alwaysEmitIntoClient
  public func distinctUntilChanged<Key: Equatable & Sendable>(
    _ keySelector: @escaping @Sendable (Element) -> Key
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().distinctUntilChanged(keySelector))
  }

  /// Drops each element that `comparer` finds equal to the previous one.
  ///
  /// - Parameter comparer: Returns whether two elements are equal.
  /// - Returns: A shared sequence without consecutive duplicates.
  @available(swift, introduced: 6)
  @_disfavoredOverload
  @_alwaysEmitIntoClient
  public func distinctUntilChanged(
    _ comparer: @escaping @Sendable (Element, Element) -> Bool
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable()._sendableDistinctUntilChanged(comparer))
  }

  /// Drops each element whose key `comparer` finds equal to the previous element's key.
  ///
  /// - Parameters:
  ///   - keySelector: Returns the key to compare.
  ///   - comparer: Returns whether two keys are equal.
  /// - Returns: A shared sequence without consecutive duplicates.
  @available(swift, introduced: 6)
  @_disfavoredOverload
  @_alwaysEmitIntoClient
  public func distinctUntilChanged<Key: Sendable>(
    _ keySelector: @escaping @Sendable (Element) -> Key,
    comparer: @escaping @Sendable (Key, Key) -> Bool
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().distinctUntilChanged(keySelector, comparer: comparer))
  }

  /// Drops each element whose property at `keyPath` equals the previous element's.
  ///
  /// - Parameter keyPath: The property to compare.
  /// - Returns: A shared sequence without consecutive duplicates.
  @_alwaysEmitIntoClient
  public func distinctUntilChanged<Property: Equatable & Sendable>(
    at keyPath: KeyPath<Element, Property> & Sendable
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().distinctUntilChanged(at: keyPath))
  }

  /// Emits the first element, then at most one element (the latest, if `latest`) per
  /// `dueTime`, timed on the strategy's scheduler.
  ///
  /// - Parameters:
  ///   - dueTime: The shortest time between emitted elements.
  ///   - latest: Whether to emit the latest element of a window at its end.
  /// - Returns: The throttled shared sequence.
  @_alwaysEmitIntoClient
  public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true)
    -> SharedSequence<SharingStrategy, Element>
  {
    SharedSequence(
      asObservable().throttle(dueTime, latest: latest, scheduler: SharingStrategy.scheduler))
  }

  /// Emits an element only once `dueTime` has passed without another, timed on the
  /// strategy's scheduler.
  ///
  /// - Parameter dueTime: The quiet time an element must be followed by.
  /// - Returns: The debounced shared sequence.
  @_alwaysEmitIntoClient
  public func debounce(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().debounce(dueTime, scheduler: SharingStrategy.scheduler))
  }

  /// Emits each event `dueTime` later, timed on the strategy's scheduler.
  ///
  /// - Parameter dueTime: The delay.
  /// - Returns: The delayed shared sequence.
  @_alwaysEmitIntoClient
  public func delay(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().delay(dueTime, scheduler: SharingStrategy.scheduler))
  }

  /// Emits each intermediate result of folding the elements into `seed` with `accumulator`.
  ///
  /// - Parameters:
  ///   - seed: The initial value.
  ///   - accumulator: Combines the running value with an element.
  /// - Returns: A shared sequence of the running values.
  @available(swift, introduced: 6)
  @_disfavoredOverload
  @_alwaysEmitIntoClient
  public func scan<Accumulate: Sendable>(
    _ seed: Accumulate, accumulator: @escaping @Sendable (Accumulate, Element) -> Accumulate
  ) -> SharedSequence<SharingStrategy, Accumulate> {
    SharedSequence(asObservable()._sendableScan(seed, accumulator: accumulator))
  }

  /// Combines each element with the latest element of `second`, if it has emitted one.
  ///
  /// - Parameters:
  ///   - second: The sequence whose latest element is used.
  ///   - resultSelector: Combines an element with `second`'s latest element.
  /// - Returns: A shared sequence of the combined elements.
  @available(swift, introduced: 6)
  @_disfavoredOverload
  @_alwaysEmitIntoClient
  public func withLatestFrom<Second: SharedSequenceConvertibleType, Result: Sendable>(
    _ second: Second,
    resultSelector: @escaping @Sendable (Element, Second.Element) -> Result
  ) -> SharedSequence<SharingStrategy, Result> where Second.SharingStrategy == SharingStrategy {
    SharedSequence(asObservable()._sendableWithLatestFrom(second, resultSelector: resultSelector))
  }

  /// Emits the latest element of `second` for each element, if `second` has emitted one.
  ///
  /// As in RxCocoa, `second` may use another sharing strategy: a `Signal` of taps can read the
  /// latest value of a `Driver` (`loginTaps.withLatestFrom(credentials)`), and the result keeps
  /// this sequence's strategy.
  ///
  /// - Parameter second: The sequence whose latest element is emitted.
  /// - Returns: A shared sequence of `second`'s elements.
  @_alwaysEmitIntoClient
  public func withLatestFrom<Second: SharedSequenceConvertibleType>(_ second: Second)
    -> SharedSequence<SharingStrategy, Second.Element>
  {
    SharedSequence(asObservable().withLatestFrom(second))
  }

  /// Drops the first `count` elements.
  ///
  /// - Parameter count: The number of elements to drop; a negative count drops none.
  /// - Returns: A shared sequence of the remaining elements.
  @_alwaysEmitIntoClient
  public func skip(_ count: Int) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().skip(Swift.max(count, 0)))
  }

  /// Emits the first `count` elements, then completes.
  ///
  /// Not in RxCocoa, which leaves it to `asObservable().take(_:)`.
  ///
  /// - Parameter count: The number of elements; a negative count takes none.
  /// - Returns: A shared sequence of at most `count` elements.
  @_alwaysEmitIntoClient
  public func take(_ count: Int) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().take(Swift.max(count, 0)))
  }

  /// Emits `element` first, then the sequence's elements.
  ///
  /// - Parameter element: The element to emit first.
  /// - Returns: A shared sequence that starts with `element`.
  @_alwaysEmitIntoClient
  public func startWith(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().startWith(element))
  }

  /// Pairs each element with `object`, while `object` is alive; once it has been released,
  /// the sequence completes.
  ///
  /// - Parameters:
  ///   - object: The object, held weakly.
  ///   - resultSelector: Combines `object` with an element.
  /// - Returns: A shared sequence of the combined elements.
  @available(swift, introduced: 6)
  @_disfavoredOverload
  @_alwaysEmitIntoClient
  public func withUnretained<Object: AnyObject & Sendable, Result: Sendable>(
    _ object: Object, resultSelector: @escaping @Sendable (Object, Element) -> Result
  ) -> SharedSequence<SharingStrategy, Result> {
    SharedSequence(asObservable().withUnretained(object, resultSelector: resultSelector))
  }

  /// Pairs each element with `object`, while `object` is alive; once it has been released,
  /// the sequence completes.
  ///
  /// - Parameter object: The object, held weakly.
  /// - Returns: A shared sequence of `(object, element)` pairs.
  @_alwaysEmitIntoClient
  public func withUnretained<Object: AnyObject & Sendable>(_ object: Object)
    -> SharedSequence<SharingStrategy, (Object, Element)>
  {
    SharedSequence(asObservable().withUnretained(object))
  }
}

extension SharedSequenceConvertibleType where Element: Equatable {
  /// Drops each element equal to the previous one.
  ///
  /// - Returns: A shared sequence without consecutive duplicates.
  @_alwaysEmitIntoClient
  public func distinctUntilChanged() -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(asObservable().distinctUntilChanged())
  }
}

extension SharedSequenceConvertibleType where Element: SharedSequenceConvertibleType {
  /// Emits the elements of the most recent inner sequence, disposing the previous one.
  ///
  /// - Returns: A shared sequence of the latest inner sequence's elements.
  @_alwaysEmitIntoClient
  public func switchLatest() -> SharedSequence<Element.SharingStrategy, Element.Element> {
    SharedSequence(asObservable().map { $0.asObservable() }.switchLatest())
  }

  /// Merges the elements of every inner sequence, as they arrive.
  ///
  /// - Returns: A shared sequence of the inner sequences' elements.
  @_alwaysEmitIntoClient
  public func merge() -> SharedSequence<Element.SharingStrategy, Element.Element> {
    SharedSequence(asObservable().map { $0.asObservable() }.merge())
  }

  /// Merges the elements of the inner sequences, subscribed to at most `maxConcurrent` at a
  /// time.
  ///
  /// - Parameter maxConcurrent: The most inner sequences subscribed to at once.
  /// - Returns: A shared sequence of the inner sequences' elements.
  @_alwaysEmitIntoClient
  public func merge(maxConcurrent: Int) -> SharedSequence<Element.SharingStrategy, Element.Element>
  {
    SharedSequence(asObservable().map { $0.asObservable() }.merge(maxConcurrent: maxConcurrent))
  }
}
