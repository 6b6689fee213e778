extension ObservableType {
  /// Subscribes to each sequence in turn, moving to the next one whenever one fails, until one
  /// completes.
  ///
  /// ```
  /// a:                          -1-2-#
  /// b:                               -3-#
  /// c:                                  -4-|
  /// catch(sequence: [a, b, c])  -1-2--3--4-|
  /// ```
  ///
  /// Elements of every source are forwarded. The first source that completes completes the
  /// result; if every source fails, the result fails with the last source's error, and an
  /// empty `sequence` completes at once. Each failed source is disposed before the next one
  /// is subscribed. Sources that fail synchronously are subscribed in a loop, so any number
  /// of them does not grow the stack, and a `catch(sequence:)` among the sources is iterated
  /// in place rather than subscribed.
  ///
  /// The sequence is iterated anew for each subscription, lazily, so it may be infinite.
  /// Unlike RxSwift, `sequence` must be `Sendable`, because each subscription iterates it on
  /// whatever thread the previous source fails on.
  ///
  /// - Parameter sequence: The sequences to try, in order.
  /// - Returns: The elements of each source tried, ending as the last one tried ends.
  @inlinable
  public static func `catch`<Sequence: Swift.Sequence & Sendable>(sequence: Sequence)
    -> Observable<Element>
  where Sequence.Element == Observable<Element> {
    _CatchSequenceObservable(.of(sequence))
  }

  /// Subscribes to each sequence in turn, moving to the next one whenever one fails, until one
  /// completes.
  ///
  /// The first source that completes completes the result; if every source fails, the result
  /// fails with the last source's error, and an empty collection completes at once. Sources
  /// that fail synchronously are subscribed in a loop, so any number of them does not grow
  /// the stack.
  ///
  /// - Parameter collection: The sequences to try, in order.
  /// - Returns: The elements of each source tried, ending as the last one tried ends.
  @inlinable
  public static func `catch`<Collection: Swift.Collection>(sequence collection: Collection)
    -> Observable<Element>
  where Collection.Element == Observable<Element> {
    _CatchSequenceObservable(.array(Array(collection)))
  }
}
