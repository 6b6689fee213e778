extension ObservableType {
  /// Combines the latest elements of 2 sources with `resultSelector` whenever any of them
  /// produces an element, once each has produced one.
  ///
  /// ```
  /// source1:                  -1-----2-----|
  /// source2:                  ---a-b----c--|
  /// combineLatest { "\($0)\($1)" }  ---1a-1b-2b-2c-|
  /// ```
  ///
  /// As in RxSwift, the result completes when every source has completed, or earlier when a
  /// source produces an element that can never be combined because every other source has
  /// completed and one of them never produced an element. It fails as soon as any source
  /// fails, and disposes every source then. The sources may emit on any threads: the result
  /// selector and the observer are called one event at a time, never under a lock.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  ///   - resultSelector: Combines the latest elements. If it throws, the result fails with
  ///     that error and every source is disposed.
  /// - Returns: A sequence of the combined latest elements.
  @inlinable
  public static func combineLatest<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(
    _ source1: O1, _ source2: O2,
    resultSelector: @escaping @Sendable (O1.Element, O2.Element) throws -> Element
  ) -> Observable<Element> {
    _combineLatest2(source1, source2) { try resultSelector($0.0, $0.1) }
  }

  /// Combines the latest elements of 3 sources with `resultSelector` whenever any of them
  /// produces an element, once each has produced one.
  ///
  /// ```
  /// source1:                  -1-----2-----|
  /// source2:                  ---a-b----c--|
  /// combineLatest { "\($0)\($1)" }  ---1a-1b-2b-2c-|
  /// ```
  ///
  /// As in RxSwift, the result completes when every source has completed, or earlier when a
  /// source produces an element that can never be combined because every other source has
  /// completed and one of them never produced an element. It fails as soon as any source
  /// fails, and disposes every source then. The sources may emit on any threads: the result
  /// selector and the observer are called one event at a time, never under a lock.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  ///   - source3: Source number 3.
  ///   - resultSelector: Combines the latest elements. If it throws, the result fails with
  ///     that error and every source is disposed.
  /// - Returns: A sequence of the combined latest elements.
  @inlinable
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3,
    resultSelector: @escaping @Sendable (O1.Element, O2.Element, O3.Element) throws -> Element
  ) -> Observable<Element> {
    _combineLatest3(source1, source2, source3) { try resultSelector($0.0, $0.1, $0.2) }
  }

  /// Combines the latest elements of 4 sources with `resultSelector` whenever any of them
  /// produces an element, once each has produced one.
  ///
  /// ```
  /// source1:                  -1-----2-----|
  /// source2:                  ---a-b----c--|
  /// combineLatest { "\($0)\($1)" }  ---1a-1b-2b-2c-|
  /// ```
  ///
  /// As in RxSwift, the result completes when every source has completed, or earlier when a
  /// source produces an element that can never be combined because every other source has
  /// completed and one of them never produced an element. It fails as soon as any source
  /// fails, and disposes every source then. The sources may emit on any threads: the result
  /// selector and the observer are called one event at a time, never under a lock.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  ///   - source3: Source number 3.
  ///   - source4: Source number 4.
  ///   - resultSelector: Combines the latest elements. If it throws, the result fails with
  ///     that error and every source is disposed.
  /// - Returns: A sequence of the combined latest elements.
  @inlinable
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
    resultSelector:
      @escaping @Sendable (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
  ) -> Observable<Element> {
    _combineLatest4(source1, source2, source3, source4) {
      try resultSelector($0.0, $0.1, $0.2, $0.3)
    }
  }

  @inlinable
  internal static func _combineLatest2<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, Result: Sendable
  >(
    _ source1: O1, _ source2: O2,
    resultSelector: @escaping @Sendable ((O1.Element, O2.Element)) throws -> Result
  ) -> Observable<Result> {
    let source1 = source1.asObservable()
    let source2 = source2.asObservable()
    return Observable(_run: { observer, lifetime in
      let storage = _CombineLatestStorage(
        values: _Latest2<O1.Element, O2.Element>(), arity: 2, downstream: observer,
        lifetime: lifetime,
        resultSelector: resultSelector)
      storage.subscribe(source1, at: 0) { swap(&$0.e1, &$1) }
      storage.subscribe(source2, at: 1) { swap(&$0.e2, &$1) }
    })
  }

  @inlinable
  internal static func _combineLatest3<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    Result: Sendable
  >(
    _ source1: O1, _ source2: O2, _ source3: O3,
    resultSelector: @escaping @Sendable ((O1.Element, O2.Element, O3.Element)) throws -> Result
  ) -> Observable<Result> {
    let source1 = source1.asObservable()
    let source2 = source2.asObservable()
    let source3 = source3.asObservable()
    return Observable(_run: { observer, lifetime in
      let storage = _CombineLatestStorage(
        values: _Latest3<O1.Element, O2.Element, O3.Element>(), arity: 3, downstream: observer,
        lifetime: lifetime,
        resultSelector: resultSelector)
      storage.subscribe(source1, at: 0) { swap(&$0.e1, &$1) }
      storage.subscribe(source2, at: 1) { swap(&$0.e2, &$1) }
      storage.subscribe(source3, at: 2) { swap(&$0.e3, &$1) }
    })
  }

  @inlinable
  internal static func _combineLatest4<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType, Result: Sendable
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
    resultSelector:
      @escaping @Sendable ((O1.Element, O2.Element, O3.Element, O4.Element)) throws -> Result
  ) -> Observable<Result> {
    let source1 = source1.asObservable()
    let source2 = source2.asObservable()
    let source3 = source3.asObservable()
    let source4 = source4.asObservable()
    return Observable(_run: { observer, lifetime in
      let storage = _CombineLatestStorage(
        values: _Latest4<O1.Element, O2.Element, O3.Element, O4.Element>(), arity: 4,
        downstream: observer, lifetime: lifetime,
        resultSelector: resultSelector)
      storage.subscribe(source1, at: 0) { swap(&$0.e1, &$1) }
      storage.subscribe(source2, at: 1) { swap(&$0.e2, &$1) }
      storage.subscribe(source3, at: 2) { swap(&$0.e3, &$1) }
      storage.subscribe(source4, at: 3) { swap(&$0.e4, &$1) }
    })
  }

  /// Combines the latest elements of every source in `collection` with `resultSelector`
  /// whenever any of them produces an element, once each has produced one.
  ///
  /// Completion and failure follow the same rules as ``combineLatest(_:_:resultSelector:)``.
  /// An empty collection emits `resultSelector([])` and completes, as in RxSwift.
  ///
  /// - Parameters:
  ///   - collection: The sources.
  ///   - resultSelector: Combines the latest elements, in the order of `collection`. If it
  ///     throws, the result fails with that error and every source is disposed.
  /// - Returns: A sequence of the combined latest elements.
  @inlinable
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
    return Observable(_run: { observer, lifetime in
      let storage = _CombineLatestStorage(
        values: _LatestArray<Collection.Element.Element>(count: sources.count),
        arity: sources.count, downstream: observer, lifetime: lifetime,
        resultSelector: resultSelector)
      for (index, source) in sources.enumerated() {
        storage.subscribe(source, at: index) { values, slot in values.swapAt(index, &slot) }
      }
    })
  }

  /// Emits an array of the latest elements of every source in `collection` whenever any of
  /// them produces an element, once each has produced one.
  ///
  /// Completion and failure follow the same rules as ``combineLatest(_:_:resultSelector:)``.
  /// An empty collection emits `[]` and completes, as in RxSwift.
  ///
  /// - Parameter collection: The sources.
  /// - Returns: A sequence of arrays of the latest elements, in the order of `collection`.
  @inlinable
  public static func combineLatest<Collection: Swift.Collection>(
    _ collection: Collection
  ) -> Observable<[Element]>
  where Collection.Element: ObservableConvertibleType, Collection.Element.Element == Element {
    Observable<[Element]>.combineLatest(collection, resultSelector: { $0 })
  }
}

extension ObservableType where Element == any Sendable {
  /// Emits a tuple of the latest elements of 2 sources whenever any of them produces an
  /// element, once each has produced one.
  ///
  /// ```swift
  /// Observable.combineLatest(name, age)  // Observable<(String, Int)>
  /// ```
  ///
  /// Completion and failure follow the same rules as
  /// ``ObservableType/combineLatest(_:_:resultSelector:)``.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  /// - Returns: A sequence of tuples of the latest elements.
  @inlinable
  public static func combineLatest<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(
    _ source1: O1, _ source2: O2
  ) -> Observable<(O1.Element, O2.Element)> {
    Observable<(O1.Element, O2.Element)>._combineLatest2(source1, source2) { $0 }
  }

  /// Emits a tuple of the latest elements of 3 sources whenever any of them produces an
  /// element, once each has produced one.
  ///
  /// ```swift
  /// Observable.combineLatest(name, age)  // Observable<(String, Int)>
  /// ```
  ///
  /// Completion and failure follow the same rules as
  /// ``ObservableType/combineLatest(_:_:resultSelector:)``.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  ///   - source3: Source number 3.
  /// - Returns: A sequence of tuples of the latest elements.
  @inlinable
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3
  ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element)>._combineLatest3(source1, source2, source3) {
      $0
    }
  }

  /// Emits a tuple of the latest elements of 4 sources whenever any of them produces an
  /// element, once each has produced one.
  ///
  /// ```swift
  /// Observable.combineLatest(name, age)  // Observable<(String, Int)>
  /// ```
  ///
  /// Completion and failure follow the same rules as
  /// ``ObservableType/combineLatest(_:_:resultSelector:)``.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  ///   - source3: Source number 3.
  ///   - source4: Source number 4.
  /// - Returns: A sequence of tuples of the latest elements.
  @inlinable
  public static func combineLatest<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element)>._combineLatest4(
      source1, source2, source3, source4
    ) { $0 }
  }
}
