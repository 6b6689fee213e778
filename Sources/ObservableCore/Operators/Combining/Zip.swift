// The collection forms of `zip`. The forms with 2 to 8 sources are generated into
// `Generated/Arity/Zip+arity.swift` by `Scripts/generate-arity.swift`; both run on the shared core in
// `Operators/Combining/`.

extension ObservableType {
  /// Combines the elements of every source in `collection` pairwise by position with
  /// `resultSelector`.
  ///
  /// As with ``ObservableType/zip(_:_:resultSelector:)``, the result fails as soon as any source fails. It
  /// completes when every source has completed, and also, as in RxSwift's collection form,
  /// when a source produces an element that can never be paired because every other source
  /// has completed and one of them has nothing buffered. An empty collection completes at
  /// once.
  ///
  /// - Parameters:
  ///   - collection: The sources.
  ///   - resultSelector: Combines the elements at one position, in the order of `collection`.
  ///     If it throws, the result fails with that error and every source is disposed.
  /// - Returns: A sequence of the combined elements.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public static func zip<Collection: Swift.Collection>(
    _ collection: Collection,
    resultSelector: @escaping @Sendable ([Collection.Element.Element]) throws -> Element
  ) -> Observable<Element> where Collection.Element: ObservableConvertibleType {
    let sources = collection.map { $0.asObservable() }
    guard !sources.isEmpty else { return .empty() }
    return _zip(of: sources, completesWhenUnmatched: true, resultSelector: resultSelector)
  }

  /// Pairs the elements of `sources`, at least one, by position on the shared core: the
  /// collection forms, and with erased elements the forms with 3 to 8 sources
  /// (`ErasedCombining.swift`).
  ///
  /// - Parameters:
  ///   - sources: The sources, at least one.
  ///   - completesWhenUnmatched: Whether to complete as soon as an element can never be
  ///     paired (RxSwift's collection form), rather than only when every source has completed
  ///     (RxSwift's `zip(a, b, c)`).
  ///   - resultSelector: Combines the elements at one position, in the order of `sources`.
  /// - Returns: A sequence of the combined elements.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal static func _zip<SourceElement: Sendable>(
    of sources: [Observable<SourceElement>], completesWhenUnmatched: Bool,
    resultSelector: @escaping @Sendable ([SourceElement]) throws -> Element
  ) -> Observable<Element> {
    Observable(_run: { observer, lifetime in
      let storage = _CombiningStorage(
        slots: _ZipArrayBuffers<SourceElement>(count: sources.count), arity: sources.count,
        completesWhenUnmatched: completesWhenUnmatched, downstream: observer,
        lifetime: lifetime, resultSelector: resultSelector)
      for (index, source) in sources.enumerated() {
        storage.subscribe(
          source, at: index, append: { buffers, element in buffers.append(element, at: index) })
      }
    })
  }

  /// Emits arrays of the elements of every source in `collection`, paired by position.
  ///
  /// Completion and failure follow the same rules as ``zip(_:resultSelector:)``.
  ///
  /// - Parameter collection: The sources.
  /// - Returns: A sequence of arrays of the elements at each position, in the order of
  ///   `collection`.
  @_alwaysEmitIntoClient
  public static func zip<Collection: Swift.Collection>(
    _ collection: Collection
  ) -> Observable<[Element]>
  where Collection.Element: ObservableConvertibleType, Collection.Element.Element == Element {
    Observable<[Element]>.zip(collection, resultSelector: { $0 })
  }
}
