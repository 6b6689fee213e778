extension ObservableType where Element: ObservableConvertibleType {
  /// Merges the elements of every inner sequence of a sequence of sequences.
  ///
  /// ```
  /// source:  -A----B-------|
  /// A:        -1--2--3|
  /// B:             -4--5|
  /// merge()  --1--2-43-5---|
  /// ```
  ///
  /// Each inner sequence is subscribed as soon as it arrives. The result completes when the
  /// source and every inner sequence have completed, and fails as soon as any of them fails.
  ///
  /// - Returns: The elements of all the inner sequences, as they arrive.
  @_alwaysEmitIntoClient
  public func merge() -> Observable<Element.Element> {
    _flatMap(policy: .unbounded) { $0 }
  }

  /// Merges the elements of the inner sequences, running at most `maxConcurrent` of them at
  /// once.
  ///
  /// ```
  /// source:                  -A-B-C------------|
  /// A:                        -1----2|
  /// B:                          -3|
  /// C:                            -4|
  /// merge(maxConcurrent: 2)  --1-3-42----------|
  /// ```
  ///
  /// Inner sequences that arrive while `maxConcurrent` others run wait, in arrival order, for
  /// one of them to complete. The result completes when the source and every inner sequence
  /// have completed, and fails as soon as any of them fails.
  ///
  /// - Parameter maxConcurrent: The most inner sequences to subscribe at once. Unlike RxSwift,
  ///   a value below 1 does not wait forever: the result fails with
  ///   ``RxError/argumentOutOfRange`` when subscribed.
  /// - Returns: The elements of the inner sequences, as they arrive.
  @_alwaysEmitIntoClient
  public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
    guard maxConcurrent > 0 else { return .error(RxError.argumentOutOfRange) }
    return _flatMap(policy: .limited(maxConcurrent)) { $0 }
  }

  /// Concatenates the inner sequences of a sequence of sequences, one at a time, in order.
  ///
  /// ```
  /// source:   -A--B------------|
  /// A:         -1--2|
  /// B:              -3--4|
  /// concat()  --1--2-3--4------|
  /// ```
  ///
  /// Equivalent to `merge(maxConcurrent: 1)`: each inner sequence waits for the previous ones
  /// to complete before it is subscribed.
  ///
  /// - Returns: The elements of the inner sequences, one sequence after another.
  @_alwaysEmitIntoClient
  public func concat() -> Observable<Element.Element> {
    _flatMap(policy: .limited(1)) { $0 }
  }
}

extension ObservableType {
  /// Merges the elements of several sequences.
  ///
  /// ```
  /// a:                  -1---2---|
  /// b:                  ---3---4-----|
  /// merge(a, b)         -1-3-2-4-----|
  /// ```
  ///
  /// Every source is subscribed at once, in order. The result completes when every source has
  /// completed, and fails as soon as any of them fails, disposing the others.
  ///
  /// - Parameter sources: The sequences to merge.
  /// - Returns: The elements of all the sources, as they arrive.
  @_alwaysEmitIntoClient
  public static func merge<Collection: Swift.Collection>(_ sources: Collection)
    -> Observable<Element>
  where Collection.Element == Observable<Element> {
    Observable._fromAtOnce(Array(sources)).merge()
  }

  /// Merges the elements of several sequences.
  ///
  /// Every source is subscribed at once, in order. The result completes when every source has
  /// completed, and fails as soon as any of them fails, disposing the others.
  ///
  /// - Parameter sources: The sequences to merge.
  /// - Returns: The elements of all the sources, as they arrive.
  @_alwaysEmitIntoClient
  public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
    Observable._fromAtOnce(sources).merge()
  }

  /// Merges the elements of several sequences.
  ///
  /// Every source is subscribed at once, in order. The result completes when every source has
  /// completed, and fails as soon as any of them fails, disposing the others.
  ///
  /// - Parameter sources: The sequences to merge.
  /// - Returns: The elements of all the sources, as they arrive.
  @_alwaysEmitIntoClient
  public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
    Observable._fromAtOnce(sources).merge()
  }
}
