import ObservableCore

// The creation methods of `SharedSequence`, as in RxCocoa's `SharedSequence.swift` and
// `SharedSequence+Operators.swift`. Elements are produced on the sharing strategy's scheduler,
// read when the sequence is built.

extension SharedSequence {
  /// Returns a sequence that completes at once, on the strategy's scheduler.
  ///
  /// - Returns: An empty shared sequence.
  @_alwaysEmitIntoClient
  public static func empty() -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(raw: Observable.empty().subscribe(on: SharingStrategy.scheduler))
  }

  /// Returns a sequence that never emits and never completes.
  ///
  /// - Returns: A shared sequence with no events.
  @_alwaysEmitIntoClient
  public static func never() -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(raw: Observable.never())
  }

  /// Returns a sequence that emits `element` and completes, on the strategy's scheduler.
  ///
  /// - Parameter element: The element.
  /// - Returns: A shared sequence of one element.
  @_alwaysEmitIntoClient
  public static func just(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(raw: Observable.just(element).subscribe(on: SharingStrategy.scheduler))
  }

  /// Returns a sequence that calls `factory` for each subscriber and subscribes it to the
  /// sequence it returns.
  ///
  /// - Parameter factory: Returns the sequence for a subscriber.
  /// - Returns: A shared sequence.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public static func deferred(
    _ factory: @escaping @Sendable () -> SharedSequence<SharingStrategy, Element>
  ) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(Observable.deferred { factory().asObservable() })
  }

  /// Returns a sequence that emits `elements` in order and completes, on the strategy's
  /// scheduler.
  ///
  /// - Parameter elements: The elements.
  /// - Returns: A shared sequence of the elements.
  @_alwaysEmitIntoClient
  public static func of(_ elements: Element...) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(raw: Observable.from(elements, scheduler: SharingStrategy.scheduler))
  }

  /// Returns a sequence that emits the elements of `array` in order and completes, on the
  /// strategy's scheduler.
  ///
  /// - Parameter array: The elements.
  /// - Returns: A shared sequence of the elements.
  @_alwaysEmitIntoClient
  public static func from(_ array: [Element]) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(raw: Observable.from(array, scheduler: SharingStrategy.scheduler))
  }

  /// Returns a sequence that emits the elements of `sequence` in order and completes, on the
  /// strategy's scheduler.
  ///
  /// - Parameter sequence: The elements.
  /// - Returns: A shared sequence of the elements.
  @_alwaysEmitIntoClient
  public static func from<Source: Sequence & Sendable>(_ sequence: Source)
    -> SharedSequence<SharingStrategy, Element>
  where Source.Element == Element {
    SharedSequence(raw: Observable.from(sequence, scheduler: SharingStrategy.scheduler))
  }

  /// Returns a sequence that emits the value of `optional`, if any, and completes, on the
  /// strategy's scheduler.
  ///
  /// - Parameter optional: The optional element.
  /// - Returns: A shared sequence of zero or one element.
  @_alwaysEmitIntoClient
  public static func from(optional: Element?) -> SharedSequence<SharingStrategy, Element> {
    SharedSequence(raw: Observable.from(optional: optional, scheduler: SharingStrategy.scheduler))
  }
}

extension SharedSequence where Element: FixedWidthInteger & SignedInteger {
  /// Returns a sequence that emits 0, 1, 2… every `period`, on the strategy's scheduler.
  ///
  /// - Parameter period: The time between elements.
  /// - Returns: A shared sequence of counts.
  @_alwaysEmitIntoClient
  public static func interval(_ period: RxTimeInterval) -> SharedSequence<SharingStrategy, Element>
  {
    SharedSequence(Observable.interval(period, scheduler: SharingStrategy.scheduler))
  }

  /// Returns a sequence that emits 0 after `dueTime`, then 1, 2… every `period`, on the
  /// strategy's scheduler.
  ///
  /// - Parameters:
  ///   - dueTime: The time before the first element.
  ///   - period: The time between later elements.
  /// - Returns: A shared sequence of counts.
  @_alwaysEmitIntoClient
  public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval)
    -> SharedSequence<SharingStrategy, Element>
  {
    SharedSequence(
      Observable.timer(dueTime, period: period, scheduler: SharingStrategy.scheduler))
  }
}

extension SharedSequence {
  /// Merges the elements of `sources` as they arrive.
  ///
  /// - Parameter sources: The sequences.
  /// - Returns: A shared sequence that completes when every source has completed.
  @_alwaysEmitIntoClient
  public static func merge<Sources: Collection>(_ sources: Sources)
    -> SharedSequence<SharingStrategy, Element>
  where Sources.Element == SharedSequence<SharingStrategy, Element> {
    SharedSequence(Observable<Element>.merge(sources.map { $0.asObservable() }))
  }

  /// Merges the elements of `sources` as they arrive.
  ///
  /// - Parameter sources: The sequences.
  /// - Returns: A shared sequence that completes when every source has completed.
  @_alwaysEmitIntoClient
  public static func merge(_ sources: [SharedSequence<SharingStrategy, Element>])
    -> SharedSequence<SharingStrategy, Element>
  {
    SharedSequence(Observable<Element>.merge(sources.map { $0.asObservable() }))
  }

  /// Merges the elements of `sources` as they arrive.
  ///
  /// - Parameter sources: The sequences.
  /// - Returns: A shared sequence that completes when every source has completed.
  @_alwaysEmitIntoClient
  public static func merge(_ sources: SharedSequence<SharingStrategy, Element>...)
    -> SharedSequence<SharingStrategy, Element>
  {
    SharedSequence(Observable<Element>.merge(sources.map { $0.asObservable() }))
  }

  /// Emits the elements of each sequence in `sources` in turn, subscribing to the next when
  /// the previous completes; `sources` is iterated lazily.
  ///
  /// - Parameter sources: The sequences.
  /// - Returns: A shared sequence of their elements, one sequence after another.
  @_alwaysEmitIntoClient
  public static func concat<Sources: Sequence & Sendable>(_ sources: Sources)
    -> SharedSequence<SharingStrategy, Element>
  where Sources.Element == SharedSequence<SharingStrategy, Element> {
    SharedSequence(Observable<Element>.concat(sources.lazy.map { $0.asObservable() }))
  }

  /// Emits the elements of each sequence in `sources` in turn, subscribing to the next when
  /// the previous completes.
  ///
  /// - Parameter sources: The sequences.
  /// - Returns: A shared sequence of their elements, one sequence after another.
  @_alwaysEmitIntoClient
  public static func concat<Sources: Collection>(_ sources: Sources)
    -> SharedSequence<SharingStrategy, Element>
  where Sources.Element == SharedSequence<SharingStrategy, Element> {
    SharedSequence(Observable<Element>.concat(sources.map { $0.asObservable() }))
  }

  /// Combines the latest elements of `sources` with `resultSelector` whenever any of them
  /// emits, once each has emitted.
  ///
  /// - Parameters:
  ///   - sources: The sequences.
  ///   - resultSelector: Combines the latest elements, in the order of `sources`.
  /// - Returns: A shared sequence of the combined elements.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public static func combineLatest<Sources: Collection, Result: Sendable>(
    _ sources: Sources, resultSelector: @escaping @Sendable ([Element]) -> Result
  ) -> SharedSequence<SharingStrategy, Result>
  where Sources.Element == SharedSequence<SharingStrategy, Element> {
    SharedSequence<SharingStrategy, Result>(
      Observable<Element>.combineLatest(sources.map { $0.asObservable() }).map(resultSelector))
  }

  /// Emits arrays of the latest elements of `sources` whenever any of them emits, once each
  /// has emitted.
  ///
  /// - Parameter sources: The sequences.
  /// - Returns: A shared sequence of arrays, in the order of `sources`.
  @_alwaysEmitIntoClient
  public static func combineLatest<Sources: Collection>(_ sources: Sources)
    -> SharedSequence<SharingStrategy, [Element]>
  where Sources.Element == SharedSequence<SharingStrategy, Element> {
    SharedSequence<SharingStrategy, [Element]>(
      Observable<Element>.combineLatest(sources.map { $0.asObservable() }))
  }

  /// Combines the elements of `sources` by position with `resultSelector`.
  ///
  /// - Parameters:
  ///   - sources: The sequences.
  ///   - resultSelector: Combines the elements at one position, in the order of `sources`.
  /// - Returns: A shared sequence of the combined elements.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public static func zip<Sources: Collection, Result: Sendable>(
    _ sources: Sources, resultSelector: @escaping @Sendable ([Element]) -> Result
  ) -> SharedSequence<SharingStrategy, Result>
  where Sources.Element == SharedSequence<SharingStrategy, Element> {
    SharedSequence<SharingStrategy, Result>(
      Observable<Element>.zip(sources.map { $0.asObservable() }).map(resultSelector))
  }

  /// Emits arrays of the elements of `sources`, paired by position.
  ///
  /// - Parameter sources: The sequences.
  /// - Returns: A shared sequence of arrays, in the order of `sources`.
  @_alwaysEmitIntoClient
  public static func zip<Sources: Collection>(_ sources: Sources)
    -> SharedSequence<SharingStrategy, [Element]>
  where Sources.Element == SharedSequence<SharingStrategy, Element> {
    SharedSequence<SharingStrategy, [Element]>(
      Observable<Element>.zip(sources.map { $0.asObservable() }))
  }
}
