// The collection forms of `combineLatest`. The forms with 2 to 8 sources are generated into
// `Generated/Arity/CombineLatest+arity.swift` by `Scripts/generate-arity.swift`; both run on the shared core
// in `Operators/Combining/`.

extension ObservableType {
  /// Combines the latest elements of every source in `collection` with `resultSelector`
  /// whenever any of them produces an element, once each has produced one.
  ///
  /// Completion and failure follow the same rules as ``ObservableType/combineLatest(_:_:resultSelector:)->Observable<Self.Element>``.
  /// An empty collection emits `resultSelector([])` and completes, as in RxSwift.
  ///
  /// - Parameters:
  ///   - collection: The sources.
  ///   - resultSelector: Combines the latest elements, in the order of `collection`. If it
  ///     throws, the result fails with that error and every source is disposed.
  /// - Returns: A sequence of the combined latest elements.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public static func combineLatest<Collection: Swift.Collection>(
    _ collection: Collection,
    resultSelector: @escaping @Sendable ([Collection.Element.Element]) throws -> Element
  ) -> Observable<Element> where Collection.Element: ObservableConvertibleType {
    let sources = collection.map { $0.asObservable() }
    guard !sources.isEmpty else {
      return Observable(_run: { observer, lifetime in
        let result: Element
        do { result = try resultSelector([]) } catch {
          observer.on(.error(error))
          return
        }
        observer.on(.next(result))
        guard !lifetime.isDisposed else { return }
        observer.on(.completed)
      })
    }
    return _combineLatest(of: sources, resultSelector: resultSelector)
  }

  /// Combines the latest elements of `sources`, at least one, on the shared core: the
  /// collection forms, and with erased elements the forms with 3 to 8 sources
  /// (`ErasedCombining.swift`).
  ///
  /// - Parameters:
  ///   - sources: The sources, at least one.
  ///   - resultSelector: Combines the latest elements, in the order of `sources`.
  /// - Returns: A sequence of the combined latest elements.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal static func _combineLatest<SourceElement: Sendable>(
    of sources: [Observable<SourceElement>],
    resultSelector: @escaping @Sendable ([SourceElement]) throws -> Element
  ) -> Observable<Element> {
    Observable(_run: { observer, lifetime in
      let storage = _CombiningStorage(
        slots: _LatestArray<SourceElement>(count: sources.count), arity: sources.count,
        completesWhenUnmatched: true, downstream: observer, lifetime: lifetime,
        resultSelector: resultSelector)
      for (index, source) in sources.enumerated() {
        storage.subscribe(
          source, at: index, replace: { values, slot in values.swapAt(index, &slot) })
      }
    })
  }

  /// Emits an array of the latest elements of every source in `collection` whenever any of
  /// them produces an element, once each has produced one.
  ///
  /// Completion and failure follow the same rules as ``ObservableType/combineLatest(_:_:resultSelector:)->Observable<Self.Element>``.
  /// An empty collection emits `[]` and completes, as in RxSwift.
  ///
  /// - Parameter collection: The sources.
  /// - Returns: A sequence of arrays of the latest elements, in the order of `collection`.
  @_alwaysEmitIntoClient
  public static func combineLatest<Collection: Swift.Collection>(
    _ collection: Collection
  ) -> Observable<[Element]>
  where Collection.Element: ObservableConvertibleType, Collection.Element.Element == Element {
    Observable<[Element]>.combineLatest(collection, resultSelector: { $0 })
  }
}
