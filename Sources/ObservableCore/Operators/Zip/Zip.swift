extension ObservableType {
  /// Combines the elements of 2 sources pairwise by position with `resultSelector`: the
  /// first elements of each, then the second elements, and so on.
  ///
  /// ```
  /// source1:               -1---2-----3-|
  /// source2:               ---a---b-c---|
  /// zip { "\($0)\($1)" }  ---1a--2b--3c|
  /// ```
  ///
  /// Elements wait in a buffer until every source has produced one at the same position.
  /// As in RxSwift, the result completes only when every source has completed (elements left
  /// in the buffers are dropped then), and fails as soon as any source fails, disposing every
  /// source. The sources may emit on any threads: the result selector and the observer are
  /// called one event at a time, never under a lock.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  ///   - resultSelector: Combines the elements at one position. If it throws, the result
  ///     fails with that error and every source is disposed.
  /// - Returns: A sequence of the combined elements.
  @inlinable
  public static func zip<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(
    _ source1: O1, _ source2: O2,
    resultSelector: @escaping @Sendable (O1.Element, O2.Element) throws -> Element
  ) -> Observable<Element> {
    _zip2(source1, source2) { try resultSelector($0.0, $0.1) }
  }

  /// Combines the elements of 3 sources pairwise by position with `resultSelector`: the
  /// first elements of each, then the second elements, and so on.
  ///
  /// ```
  /// source1:               -1---2-----3-|
  /// source2:               ---a---b-c---|
  /// zip { "\($0)\($1)" }  ---1a--2b--3c|
  /// ```
  ///
  /// Elements wait in a buffer until every source has produced one at the same position.
  /// As in RxSwift, the result completes only when every source has completed (elements left
  /// in the buffers are dropped then), and fails as soon as any source fails, disposing every
  /// source. The sources may emit on any threads: the result selector and the observer are
  /// called one event at a time, never under a lock.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  ///   - source3: Source number 3.
  ///   - resultSelector: Combines the elements at one position. If it throws, the result
  ///     fails with that error and every source is disposed.
  /// - Returns: A sequence of the combined elements.
  @inlinable
  public static func zip<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3,
    resultSelector: @escaping @Sendable (O1.Element, O2.Element, O3.Element) throws -> Element
  ) -> Observable<Element> {
    _zip3(source1, source2, source3) { try resultSelector($0.0, $0.1, $0.2) }
  }

  /// Combines the elements of 4 sources pairwise by position with `resultSelector`: the
  /// first elements of each, then the second elements, and so on.
  ///
  /// ```
  /// source1:               -1---2-----3-|
  /// source2:               ---a---b-c---|
  /// zip { "\($0)\($1)" }  ---1a--2b--3c|
  /// ```
  ///
  /// Elements wait in a buffer until every source has produced one at the same position.
  /// As in RxSwift, the result completes only when every source has completed (elements left
  /// in the buffers are dropped then), and fails as soon as any source fails, disposing every
  /// source. The sources may emit on any threads: the result selector and the observer are
  /// called one event at a time, never under a lock.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  ///   - source3: Source number 3.
  ///   - source4: Source number 4.
  ///   - resultSelector: Combines the elements at one position. If it throws, the result
  ///     fails with that error and every source is disposed.
  /// - Returns: A sequence of the combined elements.
  @inlinable
  public static func zip<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
    resultSelector:
      @escaping @Sendable (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
  ) -> Observable<Element> {
    _zip4(source1, source2, source3, source4) { try resultSelector($0.0, $0.1, $0.2, $0.3) }
  }

  @inlinable
  internal static func _zip2<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, Result: Sendable
  >(
    _ source1: O1, _ source2: O2,
    resultSelector: @escaping @Sendable ((O1.Element, O2.Element)) throws -> Result
  ) -> Observable<Result> {
    let source1 = source1.asObservable()
    let source2 = source2.asObservable()
    return Observable(_run: { observer, lifetime in
      let storage = _ZipStorage(
        buffers: _ZipBuffers2<O1.Element, O2.Element>(), arity: 2, completesWhenUnpairable: false,
        downstream: observer, lifetime: lifetime, resultSelector: resultSelector)
      storage.subscribe(source1, at: 0) { $0.e1.append($1) }
      storage.subscribe(source2, at: 1) { $0.e2.append($1) }
    })
  }

  @inlinable
  internal static func _zip3<
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
      let storage = _ZipStorage(
        buffers: _ZipBuffers3<O1.Element, O2.Element, O3.Element>(), arity: 3,
        completesWhenUnpairable: false,
        downstream: observer, lifetime: lifetime, resultSelector: resultSelector)
      storage.subscribe(source1, at: 0) { $0.e1.append($1) }
      storage.subscribe(source2, at: 1) { $0.e2.append($1) }
      storage.subscribe(source3, at: 2) { $0.e3.append($1) }
    })
  }

  @inlinable
  internal static func _zip4<
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
      let storage = _ZipStorage(
        buffers: _ZipBuffers4<O1.Element, O2.Element, O3.Element, O4.Element>(), arity: 4,
        completesWhenUnpairable: false,
        downstream: observer, lifetime: lifetime, resultSelector: resultSelector)
      storage.subscribe(source1, at: 0) { $0.e1.append($1) }
      storage.subscribe(source2, at: 1) { $0.e2.append($1) }
      storage.subscribe(source3, at: 2) { $0.e3.append($1) }
      storage.subscribe(source4, at: 3) { $0.e4.append($1) }
    })
  }

  /// Combines the elements of every source in `collection` pairwise by position with
  /// `resultSelector`.
  ///
  /// As with ``zip(_:_:resultSelector:)``, the result fails as soon as any source fails. It
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
  @inlinable
  public static func zip<Collection: Swift.Collection>(
    _ collection: Collection,
    resultSelector: @escaping @Sendable ([Collection.Element.Element]) throws -> Element
  ) -> Observable<Element> where Collection.Element: ObservableConvertibleType {
    let sources = collection.map { $0.asObservable() }
    guard !sources.isEmpty else { return .empty() }
    return Observable(_run: { observer, lifetime in
      let storage = _ZipStorage(
        buffers: _ZipArrayBuffers<Collection.Element.Element>(count: sources.count),
        arity: sources.count, completesWhenUnpairable: true, downstream: observer,
        lifetime: lifetime, resultSelector: resultSelector)
      for (index, source) in sources.enumerated() {
        storage.subscribe(source, at: index) { buffers, element in
          buffers.append(element, at: index)
        }
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
  @inlinable
  public static func zip<Collection: Swift.Collection>(
    _ collection: Collection
  ) -> Observable<[Element]>
  where Collection.Element: ObservableConvertibleType, Collection.Element.Element == Element {
    Observable<[Element]>.zip(collection, resultSelector: { $0 })
  }
}

extension ObservableType where Element == any Sendable {
  /// Emits tuples of the elements of 2 sources, paired by position.
  ///
  /// ```swift
  /// Observable.zip(requests, responses)  // Observable<(Request, Response)>
  /// ```
  ///
  /// Completion and failure follow the same rules as
  /// ``ObservableType/zip(_:_:resultSelector:)``.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  /// - Returns: A sequence of tuples of the elements at each position.
  @inlinable
  public static func zip<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(
    _ source1: O1, _ source2: O2
  ) -> Observable<(O1.Element, O2.Element)> {
    Observable<(O1.Element, O2.Element)>._zip2(source1, source2) { $0 }
  }

  /// Emits tuples of the elements of 3 sources, paired by position.
  ///
  /// ```swift
  /// Observable.zip(requests, responses)  // Observable<(Request, Response)>
  /// ```
  ///
  /// Completion and failure follow the same rules as
  /// ``ObservableType/zip(_:_:resultSelector:)``.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  ///   - source3: Source number 3.
  /// - Returns: A sequence of tuples of the elements at each position.
  @inlinable
  public static func zip<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3
  ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element)>._zip3(source1, source2, source3) { $0 }
  }

  /// Emits tuples of the elements of 4 sources, paired by position.
  ///
  /// ```swift
  /// Observable.zip(requests, responses)  // Observable<(Request, Response)>
  /// ```
  ///
  /// Completion and failure follow the same rules as
  /// ``ObservableType/zip(_:_:resultSelector:)``.
  ///
  /// - Parameters:
  ///   - source1: Source number 1.
  ///   - source2: Source number 2.
  ///   - source3: Source number 3.
  ///   - source4: Source number 4.
  /// - Returns: A sequence of tuples of the elements at each position.
  @inlinable
  public static func zip<
    O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
    O4: ObservableConvertibleType
  >(
    _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
  ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
    Observable<(O1.Element, O2.Element, O3.Element, O4.Element)>._zip4(
      source1, source2, source3, source4
    ) { $0 }
  }
}
