// Static operators that combine several `Infallible` sequences, as in RxSwift's
// `Infallible+CombineLatest+arity.swift`, `Infallible+Zip+arity.swift` and
// `Infallible+Operators.swift`. Unlike RxSwift, the result selectors do not throw, so the
// result can never fail.

extension Infallible {
  /// Combines the latest elements of 2 sources with `resultSelector` whenever either emits,
  /// once both have emitted.
  ///
  /// ```
  /// source1:                    -1---2---|
  /// source2:                    ---a---b-|
  /// combineLatest { "\($0)\($1)" } ---1a-2a-2b|
  /// ```
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  ///   - resultSelector: Combines the latest elements.
  /// - Returns: An `Infallible` that completes when both sources have completed.
  @inlinable
  public static func combineLatest<I1: InfallibleType, I2: InfallibleType>(
    _ source1: I1, _ source2: I2,
    resultSelector: @escaping @Sendable (I1.Element, I2.Element) -> Element
  ) -> Infallible<Element> {
    Infallible(raw: Observable.combineLatest(source1, source2, resultSelector: resultSelector))
  }

  /// Combines the latest elements of 3 sources with `resultSelector` whenever any emits, once
  /// all have emitted.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  ///   - source3: Source number 3.
  ///   - resultSelector: Combines the latest elements.
  /// - Returns: An `Infallible` that completes when every source has completed.
  @inlinable
  public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType>(
    _ source1: I1, _ source2: I2, _ source3: I3,
    resultSelector: @escaping @Sendable (I1.Element, I2.Element, I3.Element) -> Element
  ) -> Infallible<Element> {
    Infallible(
      raw: Observable.combineLatest(source1, source2, source3, resultSelector: resultSelector))
  }

  /// Combines the latest elements of 4 sources with `resultSelector` whenever any emits, once
  /// all have emitted.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  ///   - source3: Source number 3.
  ///   - source4: Source number 4.
  ///   - resultSelector: Combines the latest elements.
  /// - Returns: An `Infallible` that completes when every source has completed.
  @inlinable
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4,
    resultSelector:
      @escaping @Sendable (I1.Element, I2.Element, I3.Element, I4.Element) -> Element
  ) -> Infallible<Element> {
    Infallible(
      raw: Observable.combineLatest(
        source1, source2, source3, source4, resultSelector: resultSelector))
  }

  /// Combines the latest elements of every source in `collection` with `resultSelector`
  /// whenever any emits, once all have emitted.
  ///
  /// As in RxSwift, an empty collection emits `resultSelector([])` and completes.
  ///
  /// - Parameters:
  ///   - collection: The sources.
  ///   - resultSelector: Combines the latest elements, in the order of `collection`.
  /// - Returns: An `Infallible` that completes when every source has completed.
  @inlinable
  public static func combineLatest<Collection: Swift.Collection>(
    _ collection: Collection,
    resultSelector: @escaping @Sendable ([Collection.Element.Element]) -> Element
  ) -> Infallible<Element> where Collection.Element: InfallibleType {
    Infallible(raw: Observable.combineLatest(collection, resultSelector: resultSelector))
  }

  /// Emits arrays of the latest elements of every source in `collection` whenever any emits,
  /// once all have emitted.
  ///
  /// - Parameter collection: The sources.
  /// - Returns: An `Infallible` of arrays in the order of `collection`.
  @inlinable
  public static func combineLatest<Collection: Swift.Collection>(
    _ collection: Collection
  ) -> Infallible<[Element]>
  where Collection.Element: InfallibleType, Collection.Element.Element == Element {
    Infallible<[Element]>(raw: Observable.combineLatest(collection))
  }

  /// Combines the elements of 2 sources pairwise by position with `resultSelector`.
  ///
  /// ```
  /// source1:              -1---2-----3-|
  /// source2:              ---a---b-c---|
  /// zip { "\($0)\($1)" }  ---1a--2b--3c|
  /// ```
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  ///   - resultSelector: Combines the elements at one position.
  /// - Returns: An `Infallible` that completes when every source has completed.
  @inlinable
  public static func zip<I1: InfallibleType, I2: InfallibleType>(
    _ source1: I1, _ source2: I2,
    resultSelector: @escaping @Sendable (I1.Element, I2.Element) -> Element
  ) -> Infallible<Element> {
    Infallible(raw: Observable.zip(source1, source2, resultSelector: resultSelector))
  }

  /// Combines the elements of 3 sources pairwise by position with `resultSelector`.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  ///   - source3: Source number 3.
  ///   - resultSelector: Combines the elements at one position.
  /// - Returns: An `Infallible` that completes when every source has completed.
  @inlinable
  public static func zip<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType>(
    _ source1: I1, _ source2: I2, _ source3: I3,
    resultSelector: @escaping @Sendable (I1.Element, I2.Element, I3.Element) -> Element
  ) -> Infallible<Element> {
    Infallible(raw: Observable.zip(source1, source2, source3, resultSelector: resultSelector))
  }

  /// Combines the elements of 4 sources pairwise by position with `resultSelector`.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  ///   - source3: Source number 3.
  ///   - source4: Source number 4.
  ///   - resultSelector: Combines the elements at one position.
  /// - Returns: An `Infallible` that completes when every source has completed.
  @inlinable
  public static func zip<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4,
    resultSelector:
      @escaping @Sendable (I1.Element, I2.Element, I3.Element, I4.Element) -> Element
  ) -> Infallible<Element> {
    Infallible(
      raw: Observable.zip(source1, source2, source3, source4, resultSelector: resultSelector))
  }

  /// Combines the elements of every source in `collection` pairwise by position with
  /// `resultSelector`.
  ///
  /// An empty collection completes at once.
  ///
  /// - Parameters:
  ///   - collection: The sources.
  ///   - resultSelector: Combines the elements at one position, in the order of `collection`.
  /// - Returns: An `Infallible` of the combined elements.
  @inlinable
  public static func zip<Collection: Swift.Collection>(
    _ collection: Collection,
    resultSelector: @escaping @Sendable ([Collection.Element.Element]) -> Element
  ) -> Infallible<Element> where Collection.Element: InfallibleType {
    Infallible(raw: Observable.zip(collection, resultSelector: resultSelector))
  }

  /// Emits arrays of the elements of every source in `collection`, paired by position.
  ///
  /// - Parameter collection: The sources.
  /// - Returns: An `Infallible` of arrays in the order of `collection`.
  @inlinable
  public static func zip<Collection: Swift.Collection>(
    _ collection: Collection
  ) -> Infallible<[Element]>
  where Collection.Element: InfallibleType, Collection.Element.Element == Element {
    Infallible<[Element]>(raw: Observable.zip(collection))
  }

  /// Merges the elements of several sequences.
  ///
  /// ```
  /// source1:   -1---3-|
  /// source2:   ---2---4-|
  /// merge      -1-2-3-4-|
  /// ```
  ///
  /// - Parameter sources: The sequences to merge, all subscribed at once.
  /// - Returns: An `Infallible` that completes when every source has completed.
  @inlinable
  public static func merge<Collection: Swift.Collection>(_ sources: Collection)
    -> Infallible<Element>
  where Collection.Element == Infallible<Element> {
    Infallible(raw: Observable.merge(sources.map { $0.asObservable() }))
  }

  /// Merges the elements of several sequences.
  ///
  /// - Parameter sources: The sequences to merge, all subscribed at once.
  /// - Returns: An `Infallible` that completes when every source has completed.
  @inlinable
  public static func merge(_ sources: [Infallible<Element>]) -> Infallible<Element> {
    Infallible(raw: Observable.merge(sources.map { $0.asObservable() }))
  }

  /// Merges the elements of several sequences.
  ///
  /// - Parameter sources: The sequences to merge, all subscribed at once.
  /// - Returns: An `Infallible` that completes when every source has completed.
  @inlinable
  public static func merge(_ sources: Infallible<Element>...) -> Infallible<Element> {
    Infallible(raw: Observable.merge(sources.map { $0.asObservable() }))
  }
}

extension Infallible where Element == any Sendable {
  /// Emits pairs of the latest elements of 2 sources whenever either emits, once both have.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  /// - Returns: An `Infallible` of pairs.
  @inlinable
  public static func combineLatest<I1: InfallibleType, I2: InfallibleType>(
    _ source1: I1, _ source2: I2
  ) -> Infallible<(I1.Element, I2.Element)> {
    Infallible<(I1.Element, I2.Element)>.combineLatest(source1, source2) { ($0, $1) }
  }

  /// Emits tuples of the latest elements of 3 sources whenever any emits, once all have.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  ///   - source3: Source number 3.
  /// - Returns: An `Infallible` of tuples.
  @inlinable
  public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType>(
    _ source1: I1, _ source2: I2, _ source3: I3
  ) -> Infallible<(I1.Element, I2.Element, I3.Element)> {
    Infallible<(I1.Element, I2.Element, I3.Element)>.combineLatest(source1, source2, source3) {
      ($0, $1, $2)
    }
  }

  /// Emits tuples of the latest elements of 4 sources whenever any emits, once all have.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  ///   - source3: Source number 3.
  ///   - source4: Source number 4.
  /// - Returns: An `Infallible` of tuples.
  @inlinable
  public static func combineLatest<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4
  ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element)> {
    Infallible<(I1.Element, I2.Element, I3.Element, I4.Element)>.combineLatest(
      source1, source2, source3, source4
    ) { ($0, $1, $2, $3) }
  }

  /// Emits pairs of the elements of 2 sources, paired by position.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  /// - Returns: An `Infallible` of pairs.
  @inlinable
  public static func zip<I1: InfallibleType, I2: InfallibleType>(
    _ source1: I1, _ source2: I2
  ) -> Infallible<(I1.Element, I2.Element)> {
    Infallible<(I1.Element, I2.Element)>.zip(source1, source2) { ($0, $1) }
  }

  /// Emits tuples of the elements of 3 sources, paired by position.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  ///   - source3: Source number 3.
  /// - Returns: An `Infallible` of tuples.
  @inlinable
  public static func zip<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType>(
    _ source1: I1, _ source2: I2, _ source3: I3
  ) -> Infallible<(I1.Element, I2.Element, I3.Element)> {
    Infallible<(I1.Element, I2.Element, I3.Element)>.zip(source1, source2, source3) {
      ($0, $1, $2)
    }
  }

  /// Emits tuples of the elements of 4 sources, paired by position.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  ///   - source3: Source number 3.
  ///   - source4: Source number 4.
  /// - Returns: An `Infallible` of tuples.
  @inlinable
  public static func zip<
    I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType
  >(
    _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4
  ) -> Infallible<(I1.Element, I2.Element, I3.Element, I4.Element)> {
    Infallible<(I1.Element, I2.Element, I3.Element, I4.Element)>.zip(
      source1, source2, source3, source4
    ) { ($0, $1, $2, $3) }
  }
}
