// The collection forms of `Single.zip`. The forms with 2 to 8 sources are generated into
// `Generated/Arity/Single+Zip+arity.swift`.

extension PrimitiveSequence where Trait == SingleTrait {
  /// Waits for every `Single` in `collection` and combines their elements with
  /// `resultSelector`.
  ///
  /// The result fails as soon as any source fails, disposing the others. As in RxSwift, an
  /// empty collection succeeds with `resultSelector([])`.
  ///
  /// - Parameters:
  ///   - collection: The sources.
  ///   - resultSelector: Combines the elements, in the order of `collection`. If it throws,
  ///     the result fails with that error.
  /// - Returns: A `Single` of the combined element.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public static func zip<Collection: Swift.Collection, Source: Sendable>(
    _ collection: Collection,
    resultSelector: @escaping @Sendable ([Source]) throws -> Element
  ) -> Single<Element> where Collection.Element == Single<Source> {
    guard !collection.isEmpty else {
      return Single(raw: .deferred { .just(try resultSelector([])) })
    }
    return Single(raw: Observable.zip(collection, resultSelector: resultSelector))
  }

  /// Waits for every `Single` in `collection` and succeeds with the array of their elements.
  ///
  /// The result fails as soon as any source fails, disposing the others. As in RxSwift, an
  /// empty collection succeeds with `[]`.
  ///
  /// - Parameter collection: The sources.
  /// - Returns: A `Single` of the elements, in the order of `collection`.
  @_alwaysEmitIntoClient
  public static func zip<Collection: Swift.Collection>(
    _ collection: Collection
  ) -> Single<[Element]> where Collection.Element == Single<Element> {
    Single<[Element]>.zip(collection, resultSelector: { $0 })
  }
}
