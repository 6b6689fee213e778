// Static operators that combine several `Infallible` sequences, as in RxSwift's
// `Infallible+CombineLatest+Collection.swift` and `Infallible+Operators.swift`: the collection
// forms and `merge`. The forms with 2 to 8 sources are generated into
// `Generated/Arity/Infallible+Combine+arity.swift`. Unlike RxSwift, the result selectors do not throw, so the
// result can never fail.

extension Infallible {
  /// Combines the latest elements of every source in `collection` with `resultSelector`
  /// whenever any emits, once all have emitted.
  ///
  /// As in RxSwift, an empty collection emits `resultSelector([])` and completes.
  ///
  /// - Parameters:
  ///   - collection: The sources.
  ///   - resultSelector: Combines the latest elements, in the order of `collection`.
  /// - Returns: An `Infallible` that completes when every source has completed.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
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
  @_alwaysEmitIntoClient
  public static func combineLatest<Collection: Swift.Collection>(
    _ collection: Collection
  ) -> Infallible<[Element]>
  where Collection.Element: InfallibleType, Collection.Element.Element == Element {
    Infallible<[Element]>(raw: Observable.combineLatest(collection))
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
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
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
  @_alwaysEmitIntoClient
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
  @_alwaysEmitIntoClient
  public static func merge<Collection: Swift.Collection>(_ sources: Collection)
    -> Infallible<Element>
  where Collection.Element == Infallible<Element> {
    Infallible(raw: Observable.merge(sources.map { $0.asObservable() }))
  }

  /// Merges the elements of several sequences.
  ///
  /// - Parameter sources: The sequences to merge, all subscribed at once.
  /// - Returns: An `Infallible` that completes when every source has completed.
  @_alwaysEmitIntoClient
  public static func merge(_ sources: [Infallible<Element>]) -> Infallible<Element> {
    Infallible(raw: Observable.merge(sources.map { $0.asObservable() }))
  }

  /// Merges the elements of several sequences.
  ///
  /// - Parameter sources: The sequences to merge, all subscribed at once.
  /// - Returns: An `Infallible` that completes when every source has completed.
  @_alwaysEmitIntoClient
  public static func merge(_ sources: Infallible<Element>...) -> Infallible<Element> {
    Infallible(raw: Observable.merge(sources.map { $0.asObservable() }))
  }
}
