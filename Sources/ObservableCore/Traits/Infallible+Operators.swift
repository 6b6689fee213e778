// The everyday operators of `Infallible`, as in RxSwift's `Infallible+Operators.swift`.
//
// Each one wraps the Observable operator of the same name. Unlike RxSwift, the closures they
// take do not throw and the sequences they take are `Infallible`, so that the result can never
// fail; an argument the Observable operator would answer with an error (a negative count) is
// clamped instead.

extension Infallible {
  /// Transforms each element with `transform`.
  ///
  /// ```
  /// source:          -1-2-3-|
  /// map { $0 * 10 }  -a-b-c-|
  ///
  /// a = 10, b = 20, c = 30
  /// ```
  ///
  /// - Parameter transform: The transform.
  /// - Returns: An `Infallible` of the transformed elements.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func map<Result: Sendable>(
    _ transform: @escaping @Sendable (Element) -> Result
  ) -> Infallible<Result> {
    Infallible<Result>(raw: source.map(transform))
  }

  /// Transforms each element with `transform` and drops the `nil` results.
  ///
  /// - Parameter transform: The transform.
  /// - Returns: An `Infallible` of the non-`nil` results.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func compactMap<Result: Sendable>(
    _ transform: @escaping @Sendable (Element) -> Result?
  ) -> Infallible<Result> {
    Infallible<Result>(raw: source.compactMap(transform))
  }

  /// Emits only the elements that satisfy `predicate`.
  ///
  /// ```
  /// source:                -1-2-3-4-|
  /// filter { $0.isEven }   ---2---4-|
  /// ```
  ///
  /// - Parameter predicate: The test.
  /// - Returns: An `Infallible` of the elements that pass the test.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func filter(_ predicate: @escaping @Sendable (Element) -> Bool) -> Infallible<Element> {
    Infallible(raw: source.filter(predicate))
  }

  /// Maps each element to an `Infallible` and merges their elements.
  ///
  /// - Parameter selector: Returns the inner sequence for an element.
  /// - Returns: The elements of every inner sequence, as they arrive. It completes when this
  ///   sequence and every inner sequence have completed.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func flatMap<Source: InfallibleType>(
    _ selector: @escaping @Sendable (Element) -> Source
  ) -> Infallible<Source.Element> {
    Infallible<Source.Element>(raw: source.flatMap(selector))
  }

  /// Maps each element to an `Infallible` and emits the elements of the most recent one,
  /// disposing the previous one.
  ///
  /// - Parameter selector: Returns the inner sequence for an element.
  /// - Returns: The elements of the latest inner sequence.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func flatMapLatest<Source: InfallibleType>(
    _ selector: @escaping @Sendable (Element) -> Source
  ) -> Infallible<Source.Element> {
    Infallible<Source.Element>(raw: source.flatMapLatest(selector))
  }

  /// Maps an element to an `Infallible` only while no inner sequence is running, and emits
  /// its elements; elements that arrive meanwhile are dropped.
  ///
  /// - Parameter selector: Returns the inner sequence for an element.
  /// - Returns: The elements of the inner sequences that were started.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func flatMapFirst<Source: InfallibleType>(
    _ selector: @escaping @Sendable (Element) -> Source
  ) -> Infallible<Source.Element> {
    Infallible<Source.Element>(raw: source.flatMapFirst(selector))
  }

  /// Maps each element to an `Infallible` and emits their elements one inner sequence after
  /// another.
  ///
  /// - Parameter selector: Returns the inner sequence for an element.
  /// - Returns: The elements of every inner sequence, in order.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func concatMap<Source: InfallibleType>(
    _ selector: @escaping @Sendable (Element) -> Source
  ) -> Infallible<Source.Element> {
    Infallible<Source.Element>(raw: source.concatMap(selector))
  }

  /// Emits the elements of this sequence, then, after it completes, those of `second`.
  ///
  /// - Parameter second: The sequence to continue with.
  /// - Returns: An `Infallible` of both sequences' elements, in order.
  @_alwaysEmitIntoClient
  public func concat(_ second: Infallible<Element>) -> Infallible<Element> {
    Infallible(raw: source.concat(second))
  }

  /// Emits the elements of each `Infallible` in turn, subscribing to the next one when the
  /// previous one completes.
  ///
  /// ```
  /// first:   -1-|
  /// second:     -2-|
  /// concat   -1--2-|
  /// ```
  ///
  /// - Parameter sequence: The sequences, in order.
  /// - Returns: An `Infallible` of every sequence's elements, in order.
  @_alwaysEmitIntoClient
  public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence)
    -> Infallible<Element>
  where Sequence.Element == Infallible<Element> {
    Infallible(raw: Observable.concat(sequence.map { $0.asObservable() }))
  }

  /// Emits the elements of each `Infallible` in turn, subscribing to the next one when the
  /// previous one completes.
  ///
  /// - Parameter collection: The sequences, in order.
  /// - Returns: An `Infallible` of every sequence's elements, in order.
  @_alwaysEmitIntoClient
  public static func concat<Collection: Swift.Collection>(_ collection: Collection)
    -> Infallible<Element>
  where Collection.Element == Infallible<Element> {
    Infallible(raw: Observable.concat(collection.map { $0.asObservable() }))
  }

  /// Emits the elements of each `Infallible` in turn, subscribing to the next one when the
  /// previous one completes.
  ///
  /// - Parameter sources: The sequences, in order.
  /// - Returns: An `Infallible` of every sequence's elements, in order.
  @_alwaysEmitIntoClient
  public static func concat(_ sources: Infallible<Element>...) -> Infallible<Element> {
    Infallible(raw: Observable.concat(sources.map { $0.asObservable() }))
  }

  /// Drops elements equal to the one before them, comparing keys that `keySelector` computes.
  ///
  /// - Parameter keySelector: Computes the key to compare.
  /// - Returns: An `Infallible` without consecutive duplicates.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func distinctUntilChanged<Key: Equatable & Sendable>(
    _ keySelector: @escaping @Sendable (Element) -> Key
  ) -> Infallible<Element> {
    Infallible(raw: source.distinctUntilChanged(keySelector))
  }

  /// Drops elements that `comparer` finds equal to the one before them.
  ///
  /// - Parameter comparer: Whether two consecutive elements are equal.
  /// - Returns: An `Infallible` without consecutive duplicates.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func distinctUntilChanged(
    _ comparer: @escaping @Sendable (Element, Element) -> Bool
  ) -> Infallible<Element> {
    Infallible(raw: source.distinctUntilChanged(comparer))
  }

  /// Drops elements whose key `comparer` finds equal to the key of the one before them.
  ///
  /// - Parameters:
  ///   - keySelector: Computes the key to compare.
  ///   - comparer: Whether two consecutive keys are equal.
  /// - Returns: An `Infallible` without consecutive duplicates.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func distinctUntilChanged<Key: Sendable>(
    _ keySelector: @escaping @Sendable (Element) -> Key,
    comparer: @escaping @Sendable (Key, Key) -> Bool
  ) -> Infallible<Element> {
    Infallible(raw: source.distinctUntilChanged(keySelector, comparer: comparer))
  }

  /// Drops elements whose property at `keyPath` equals that of the one before them.
  ///
  /// - Parameter keyPath: The property to compare.
  /// - Returns: An `Infallible` without consecutive duplicates.
  @_alwaysEmitIntoClient
  public func distinctUntilChanged<Property: Equatable & Sendable>(
    at keyPath: KeyPath<Element, Property> & Sendable
  ) -> Infallible<Element> {
    Infallible(raw: source.distinctUntilChanged(at: keyPath))
  }

  /// Emits each intermediate result of accumulating the elements into `seed`.
  ///
  /// ```
  /// source:               -1-2-3-|
  /// scan(0) { $0 + $1 }   -1-3-6-|
  /// ```
  ///
  /// - Parameters:
  ///   - seed: The initial accumulator value.
  ///   - accumulator: Combines the accumulator and an element into the next accumulator.
  /// - Returns: An `Infallible` of the accumulator after each element.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func scan<Accumulate: Sendable>(
    _ seed: Accumulate,
    accumulator: @escaping @Sendable (Accumulate, Element) -> Accumulate
  ) -> Infallible<Accumulate> {
    Infallible<Accumulate>(raw: source.scan(seed, accumulator: accumulator))
  }

  /// Emits each intermediate result of accumulating the elements into `seed` in place.
  ///
  /// - Parameters:
  ///   - seed: The initial accumulator value.
  ///   - accumulator: Updates the accumulator with an element.
  /// - Returns: An `Infallible` of the accumulator after each element.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func scan<Accumulate: Sendable>(
    into seed: Accumulate,
    accumulator: @escaping @Sendable (inout Accumulate, Element) -> Void
  ) -> Infallible<Accumulate> {
    Infallible<Accumulate>(raw: source.scan(into: seed, accumulator: accumulator))
  }

  /// Emits `elements` first, then the elements of this sequence.
  ///
  /// ```
  /// source:          -3-4-|
  /// startWith(1, 2)  [12]3-4-|  (1 and 2 at once, then the source)
  /// ```
  ///
  /// - Parameter elements: The elements to emit first.
  /// - Returns: An `Infallible` that starts with `elements`.
  @_alwaysEmitIntoClient
  public func startWith(_ elements: Element...) -> Infallible<Element> {
    Infallible(raw: elements.reversed().reduce(source) { $0.startWith($1) })
  }

  /// Emits the first `count` elements, then completes.
  ///
  /// - Parameter count: The number of elements to take. Unlike the Observable `take`, which
  ///   fails on a negative count, a negative count is treated as zero.
  /// - Returns: An `Infallible` of at most `count` elements.
  @_alwaysEmitIntoClient
  public func take(_ count: Int) -> Infallible<Element> {
    Infallible(raw: source.take(Swift.max(0, count)))
  }

  /// Emits elements while `predicate` holds, then completes.
  ///
  /// - Parameters:
  ///   - predicate: The test.
  ///   - behavior: Whether the first element that fails the test is emitted too.
  /// - Returns: An `Infallible` of the leading elements that pass the test.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func take(
    while predicate: @escaping @Sendable (Element) -> Bool,
    behavior: TakeBehavior = .exclusive
  ) -> Infallible<Element> {
    Infallible(raw: source.take(while: predicate, behavior: behavior))
  }

  /// Emits elements until one satisfies `predicate`, then completes.
  ///
  /// - Parameters:
  ///   - predicate: The test that ends the sequence.
  ///   - behavior: Whether the element that passes the test is emitted too.
  /// - Returns: An `Infallible` of the elements before the one that passes the test.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func take(
    until predicate: @escaping @Sendable (Element) -> Bool,
    behavior: TakeBehavior = .exclusive
  ) -> Infallible<Element> {
    Infallible(raw: source.take(until: predicate, behavior: behavior))
  }

  /// Emits elements until `other` emits an element, then completes.
  ///
  /// - Parameter other: The sequence whose first element ends this one.
  /// - Returns: An `Infallible` of the elements before `other`'s first element.
  @_alwaysEmitIntoClient
  public func take<Source: InfallibleType>(until other: Source) -> Infallible<Element> {
    Infallible(raw: source.take(until: other.asObservable()))
  }

  /// Emits elements until `other`, a sequence that may fail, emits an element, then
  /// completes.
  ///
  /// ```
  /// source:             -1-2-3-|
  /// other:              ----x
  /// take(until: other)  -1-2|
  /// ```
  ///
  /// Unlike RxSwift, where an error from `other` would fail the `Infallible`, that error goes
  /// to ``Hooks/defaultErrorHandler`` and counts as `other` completing without an element:
  /// the elements keep coming.
  ///
  /// - Parameter other: The sequence whose first element ends this one.
  /// - Returns: An `Infallible` of the elements before `other`'s first element.
  @_alwaysEmitIntoClient
  public func take<Source: ObservableType>(until other: Source) -> Infallible<Element> {
    Infallible(raw: source.take(until: other._reportingErrorAsCompletion()))
  }

  /// Emits the elements that arrive within `duration` of subscribing, then completes.
  ///
  /// ```
  /// source:                  -1-2-3-4-|
  /// take(for: 4, scheduler)  -1-2|
  /// ```
  ///
  /// - Parameters:
  ///   - duration: How long to take elements for.
  ///   - scheduler: The scheduler to run the timer on.
  /// - Returns: An `Infallible` of the elements within `duration`.
  @_alwaysEmitIntoClient
  public func take(for duration: RxTimeInterval, scheduler: any SchedulerType)
    -> Infallible<Element>
  {
    Infallible(raw: source.take(for: duration, scheduler: scheduler))
  }

  /// Emits the last `count` elements when the sequence completes.
  ///
  /// - Parameter count: The number of elements to keep. Unlike the Observable `takeLast`,
  ///   which fails on a negative count, a negative count is treated as zero.
  /// - Returns: An `Infallible` of the last `count` elements.
  @_alwaysEmitIntoClient
  public func takeLast(_ count: Int) -> Infallible<Element> {
    Infallible(raw: source.takeLast(Swift.max(0, count)))
  }

  /// Drops the first `count` elements.
  ///
  /// - Parameter count: The number of elements to drop. A negative count is treated as zero,
  ///   as in RxSwift.
  /// - Returns: An `Infallible` of the remaining elements.
  @_alwaysEmitIntoClient
  public func skip(_ count: Int) -> Infallible<Element> {
    Infallible(raw: source.skip(Swift.max(0, count)))
  }

  /// Drops elements while `predicate` holds, then emits the rest.
  ///
  /// - Parameter predicate: The test.
  /// - Returns: An `Infallible` from the first element that fails the test.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func skip(while predicate: @escaping @Sendable (Element) -> Bool) -> Infallible<Element> {
    Infallible(raw: source.skip(while: predicate))
  }

  /// Drops elements until `other` emits an element, then emits the rest.
  ///
  /// - Parameter other: The sequence whose first element starts this one.
  /// - Returns: An `Infallible` of the elements after `other`'s first element.
  @_alwaysEmitIntoClient
  public func skip<Source: InfallibleType>(until other: Source) -> Infallible<Element> {
    Infallible(raw: source.skip(until: other.asObservable()))
  }

  /// Drops elements until `other`, a sequence that may fail, emits an element, then emits
  /// the rest.
  ///
  /// ```
  /// source:             -1-2-3-|
  /// other:              --x
  /// skip(until: other)  ---2-3-|
  /// ```
  ///
  /// Unlike RxSwift, where an error from `other` would fail the `Infallible`, that error goes
  /// to ``Hooks/defaultErrorHandler`` and counts as `other` completing without an element.
  ///
  /// - Parameter other: The sequence whose first element starts this one.
  /// - Returns: An `Infallible` of the elements after `other`'s first element.
  @_alwaysEmitIntoClient
  public func skip<Source: ObservableType>(until other: Source) -> Infallible<Element> {
    Infallible(raw: source.skip(until: other._reportingErrorAsCompletion()))
  }

  /// Emits an element only after `dueTime` has passed without another element.
  ///
  /// ```
  /// source:                 -1-2-----3-|
  /// debounce(2, scheduler)  -----2-----[3|]
  /// ```
  ///
  /// - Parameters:
  ///   - dueTime: How long the sequence must be quiet.
  ///   - scheduler: The scheduler to run the timers on.
  /// - Returns: The debounced `Infallible`.
  @_alwaysEmitIntoClient
  public func debounce(_ dueTime: RxTimeInterval, scheduler: any SchedulerType)
    -> Infallible<Element>
  {
    Infallible(raw: source.debounce(dueTime, scheduler: scheduler))
  }

  /// Emits at most one element per `dueTime`: the first of a burst, and, with `latest`, the
  /// last one when the period ends.
  ///
  /// ```
  /// source:                  -1-2-------|
  /// throttle(4, scheduler)   -1---2-----|
  /// ```
  ///
  /// - Parameters:
  ///   - dueTime: The minimum time between two emitted elements.
  ///   - latest: Whether to emit the latest element at the end of a period.
  ///   - scheduler: The scheduler to run the timers on.
  /// - Returns: The throttled `Infallible`.
  @_alwaysEmitIntoClient
  public func throttle(
    _ dueTime: RxTimeInterval, latest: Bool = true, scheduler: any SchedulerType
  ) -> Infallible<Element> {
    Infallible(raw: source.throttle(dueTime, latest: latest, scheduler: scheduler))
  }

  /// Shares one subscription to this sequence among all subscribers, replaying the last
  /// `replay` elements to each new one.
  ///
  /// - Parameters:
  ///   - replay: How many elements to replay. Unlike the Observable `share`, which fails on a
  ///     negative value, a negative value is treated as zero.
  ///   - scope: Whether the replay buffer is reset when the last subscriber leaves
  ///     (`.whileConnected`) or kept (`.forever`).
  /// - Returns: A shared `Infallible`.
  @_alwaysEmitIntoClient
  public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected)
    -> Infallible<Element>
  {
    Infallible(raw: source.share(replay: Swift.max(0, replay), scope: scope))
  }

  /// Combines each element with the latest element of `second`.
  ///
  /// ```
  /// source:                  -1---2---3-|
  /// second:                  ---a---b---|
  /// withLatestFrom(second)   -----a---b-|
  /// ```
  ///
  /// Elements that arrive before `second` has emitted are dropped.
  ///
  /// - Parameters:
  ///   - second: The sequence whose latest element to use.
  ///   - resultSelector: Combines an element with `second`'s latest element.
  /// - Returns: An `Infallible` of the combined elements.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func withLatestFrom<Source: InfallibleType, ResultType: Sendable>(
    _ second: Source,
    resultSelector: @escaping @Sendable (Element, Source.Element) -> ResultType
  ) -> Infallible<ResultType> {
    Infallible<ResultType>(raw: source.withLatestFrom(second, resultSelector: resultSelector))
  }

  /// Emits the latest element of `second` each time this sequence emits.
  ///
  /// Elements that arrive before `second` has emitted are dropped.
  ///
  /// - Parameter second: The sequence whose latest element to emit.
  /// - Returns: An `Infallible` of `second`'s latest elements.
  @_alwaysEmitIntoClient
  public func withLatestFrom<Source: InfallibleType>(_ second: Source)
    -> Infallible<Source.Element>
  {
    Infallible<Source.Element>(raw: source.withLatestFrom(second))
  }

  /// Runs side effects for the events and the lifecycle of each subscription, without
  /// changing the events.
  ///
  /// Unlike RxSwift, the handlers do not throw: an `Infallible` has no way to report the error.
  ///
  /// - Parameters:
  ///   - onNext: Called with each element before it is forwarded.
  ///   - afterNext: Called with each element after it has been forwarded.
  ///   - onCompleted: Called before completion is forwarded.
  ///   - afterCompleted: Called after completion has been forwarded.
  ///   - onSubscribe: Called before subscribing to the source.
  ///   - onSubscribed: Called when subscribing to the source has returned, even if the
  ///     outcome has already been delivered by then.
  ///   - onDispose: Called once when the subscription has ended, for any reason: after the
  ///     source has been disposed and after `onSubscribed`, in RxSwift's order, as with the
  ///     Observable `do`.
  /// - Returns: An `Infallible` with the same events.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func `do`(
    onNext: (@Sendable (Element) -> Void)? = nil,
    afterNext: (@Sendable (Element) -> Void)? = nil,
    onCompleted: (@Sendable () -> Void)? = nil,
    afterCompleted: (@Sendable () -> Void)? = nil,
    onSubscribe: (@Sendable () -> Void)? = nil,
    onSubscribed: (@Sendable () -> Void)? = nil,
    onDispose: (@Sendable () -> Void)? = nil
  ) -> Infallible<Element> {
    Infallible(
      raw: source.do(
        onNext: onNext, afterNext: afterNext, onCompleted: onCompleted,
        afterCompleted: afterCompleted, onSubscribe: onSubscribe, onSubscribed: onSubscribed,
        onDispose: onDispose))
  }
}

extension Infallible {
  /// Logs the subscription, each event and the disposal through ``Hooks/debugLogger``.
  ///
  /// The lines have RxSwift's format, `2024-05-01 12:00:00.000: identifier -> Event next(1)`.
  /// By default they are printed to standard output, as RxSwift's `debug` does; set
  /// ``Hooks/debugLogger`` to send them elsewhere, or to `nil` to drop them.
  ///
  /// - Parameters:
  ///   - identifier: The name in each line; by default the file, line and function of the
  ///     call.
  ///   - trimOutput: Whether to shorten event descriptions longer than 40 characters.
  ///   - file: The file of the call, used for the default identifier.
  ///   - line: The line of the call, used for the default identifier.
  ///   - function: The function of the call, used for the default identifier.
  /// - Returns: An `Infallible` with the same events.
  @_alwaysEmitIntoClient
  public func debug(
    _ identifier: String? = nil,
    trimOutput: Bool = false,
    file: String = #file,
    line: UInt = #line,
    function: String = #function
  ) -> Infallible<Element> {
    Infallible(
      raw: source.debug(
        identifier, trimOutput: trimOutput, file: file, line: line, function: function))
  }

  /// Logs the subscription, each event and the disposal through `logger`.
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
  /// - Returns: An `Infallible` with the same events.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func debug(
    _ identifier: String? = nil,
    trimOutput: Bool = false,
    file: String = #file,
    line: UInt = #line,
    function: String = #function,
    logger: @escaping @Sendable (String) -> Void
  ) -> Infallible<Element> {
    Infallible(
      raw: source.debug(
        identifier, trimOutput: trimOutput, file: file, line: line, function: function,
        logger: logger))
  }
}

extension ObservableType {
  /// This sequence with its error reported to ``Hooks/defaultErrorHandler`` and replaced by
  /// completion, for the `Infallible` operators that take a trigger sequence that may fail.
  ///
  /// Not public API.
  ///
  /// - Returns: The same elements, completing where this sequence would fail.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func _reportingErrorAsCompletion() -> Observable<Element> {
    asObservable().catch { error in
      Hooks.reportUnhandledError(error)
      return .empty()
    }
  }
}

extension Infallible where Element: Equatable {
  /// Drops elements equal to the one before them.
  ///
  /// ```
  /// source:                 -1-1-2-2-1-|
  /// distinctUntilChanged()  -1---2---1-|
  /// ```
  ///
  /// - Returns: An `Infallible` without consecutive duplicates.
  @_alwaysEmitIntoClient
  public func distinctUntilChanged() -> Infallible<Element> {
    Infallible(raw: source.distinctUntilChanged())
  }
}
