extension ObservableType {
  /// Emits the elements of each sequence in turn, subscribing to the next one when the
  /// previous one completes.
  ///
  /// ```
  /// a:              -1-2-|
  /// b:                   -3-4-|
  /// concat([a, b])  -1-2--3-4-|
  /// ```
  ///
  /// The sequence is iterated anew for each subscription, lazily, so it may be infinite. The
  /// result fails as soon as a source fails. Sources that complete synchronously are
  /// subscribed in a loop, so any number of them does not grow the stack. A source is let go
  /// as soon as it completes (unless `sequence`'s own iterator keeps it).
  ///
  /// Unlike RxSwift, `sequence` must be `Sendable`, because each subscription iterates it on
  /// whatever thread the previous source completes on.
  ///
  /// - Parameter sequence: The sequences to concatenate.
  /// - Returns: The elements of every source, one source after another.
  @inlinable
  public static func concat<Sequence: Swift.Sequence & Sendable>(_ sequence: Sequence)
    -> Observable<Element>
  where Sequence.Element == Observable<Element> {
    _ConcatObservable(.of(sequence))
  }

  /// Emits the elements of each sequence in turn, subscribing to the next one when the
  /// previous one completes.
  ///
  /// The result fails as soon as a source fails. Sources that complete synchronously are
  /// subscribed in a loop, so any number of them does not grow the stack.
  ///
  /// - Parameter collection: The sequences to concatenate.
  /// - Returns: The elements of every source, one source after another.
  @inlinable
  public static func concat<Collection: Swift.Collection>(_ collection: Collection)
    -> Observable<Element>
  where Collection.Element == Observable<Element> {
    _ConcatObservable(.array(Array(collection)))
  }

  /// Emits the elements of each sequence in turn, subscribing to the next one when the
  /// previous one completes.
  ///
  /// The result fails as soon as a source fails.
  ///
  /// - Parameter sources: The sequences to concatenate.
  /// - Returns: The elements of every source, one source after another.
  @inlinable
  public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
    _ConcatObservable(.array(sources))
  }

  /// Emits the elements of this sequence, then, once it completes, those of `second`.
  ///
  /// ```
  /// self:           -1-2-|
  /// second:              -3-4-|
  /// concat(second)  -1-2--3-4-|
  /// ```
  ///
  /// - Parameter second: The sequence to subscribe after this one completes.
  /// - Returns: The elements of both sequences, one after the other. It fails as soon as
  ///   either fails.
  @inlinable
  public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element>
  where Source.Element == Element {
    _ConcatObservable(.array([asObservable(), second.asObservable()]))
  }
}
