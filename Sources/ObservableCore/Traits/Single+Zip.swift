extension PrimitiveSequence where Trait == SingleTrait {
  /// Waits for both `Single`s and combines their elements with `resultSelector`.
  ///
  /// ```
  /// source1:           -(1|)
  /// source2:           ---(a|)
  /// zip { "\($0)\($1)" }  ---(1a|)
  /// ```
  ///
  /// The result fails as soon as either source fails, disposing the other.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  ///   - resultSelector: Combines the elements. If it throws, the result fails with that error.
  /// - Returns: A `Single` of the combined element.
  @inlinable
  public static func zip<E1: Sendable, E2: Sendable>(
    _ source1: Single<E1>, _ source2: Single<E2>,
    resultSelector: @escaping @Sendable (E1, E2) throws -> Element
  ) -> Single<Element> {
    Single(raw: Observable.zip(source1, source2, resultSelector: resultSelector))
  }

  /// Waits for the 3 `Single`s and combines their elements with `resultSelector`.
  ///
  /// The result fails as soon as any source fails, disposing the others.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  ///   - source3: Source number 3.
  ///   - resultSelector: Combines the elements. If it throws, the result fails with that error.
  /// - Returns: A `Single` of the combined element.
  @inlinable
  public static func zip<E1: Sendable, E2: Sendable, E3: Sendable>(
    _ source1: Single<E1>, _ source2: Single<E2>, _ source3: Single<E3>,
    resultSelector: @escaping @Sendable (E1, E2, E3) throws -> Element
  ) -> Single<Element> {
    Single(raw: Observable.zip(source1, source2, source3, resultSelector: resultSelector))
  }

  /// Waits for the 4 `Single`s and combines their elements with `resultSelector`.
  ///
  /// The result fails as soon as any source fails, disposing the others.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  ///   - source3: Source number 3.
  ///   - source4: Source number 4.
  ///   - resultSelector: Combines the elements. If it throws, the result fails with that error.
  /// - Returns: A `Single` of the combined element.
  @inlinable
  public static func zip<E1: Sendable, E2: Sendable, E3: Sendable, E4: Sendable>(
    _ source1: Single<E1>, _ source2: Single<E2>, _ source3: Single<E3>, _ source4: Single<E4>,
    resultSelector: @escaping @Sendable (E1, E2, E3, E4) throws -> Element
  ) -> Single<Element> {
    Single(
      raw: Observable.zip(source1, source2, source3, source4, resultSelector: resultSelector))
  }

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
  @inlinable
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
  @inlinable
  public static func zip<Collection: Swift.Collection>(
    _ collection: Collection
  ) -> Single<[Element]> where Collection.Element == Single<Element> {
    Single<[Element]>.zip(collection, resultSelector: { $0 })
  }
}

extension PrimitiveSequence where Trait == SingleTrait, Element == any Sendable {
  /// Waits for both `Single`s and succeeds with the pair of their elements.
  ///
  /// ```swift
  /// Single.zip(user, settings)  // Single<(User, Settings)>
  /// ```
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  /// - Returns: A `Single` of the pair.
  @inlinable
  public static func zip<E1: Sendable, E2: Sendable>(
    _ source1: Single<E1>, _ source2: Single<E2>
  ) -> Single<(E1, E2)> {
    Single<(E1, E2)>.zip(source1, source2) { ($0, $1) }
  }

  /// Waits for the 3 `Single`s and succeeds with the tuple of their elements.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  ///   - source3: Source number 3.
  /// - Returns: A `Single` of the tuple.
  @inlinable
  public static func zip<E1: Sendable, E2: Sendable, E3: Sendable>(
    _ source1: Single<E1>, _ source2: Single<E2>, _ source3: Single<E3>
  ) -> Single<(E1, E2, E3)> {
    Single<(E1, E2, E3)>.zip(source1, source2, source3) { ($0, $1, $2) }
  }

  /// Waits for the 4 `Single`s and succeeds with the tuple of their elements.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  ///   - source3: Source number 3.
  ///   - source4: Source number 4.
  /// - Returns: A `Single` of the tuple.
  @inlinable
  public static func zip<E1: Sendable, E2: Sendable, E3: Sendable, E4: Sendable>(
    _ source1: Single<E1>, _ source2: Single<E2>, _ source3: Single<E3>, _ source4: Single<E4>
  ) -> Single<(E1, E2, E3, E4)> {
    Single<(E1, E2, E3, E4)>.zip(source1, source2, source3, source4) { ($0, $1, $2, $3) }
  }
}
