extension ObservableType {
  /// Mirrors whichever of this sequence and `right` sends an event first.
  ///
  /// ```
  /// self:        ---1---2-|
  /// right:       -a---b---c-|
  /// amb(right)   -a---b---c-|
  /// ```
  ///
  /// Both are subscribed, this one first. The first event from either (an element, an error
  /// or completion) decides: the other subscription is disposed and the winner is mirrored.
  ///
  /// - Parameter right: The sequence to race against this one.
  /// - Returns: The events of the sequence that sent an event first.
  @_alwaysEmitIntoClient
  public func amb<O2: ObservableType>(_ right: O2) -> Observable<Element>
  where O2.Element == Element {
    Self._amb([asObservable(), right.asObservable()])
  }

  /// Mirrors whichever of `sequence`'s sources sends an event first.
  ///
  /// ```
  /// a:              ---1---2-|
  /// b:              -x---y-|
  /// c:              --#
  /// amb([a, b, c])  -x---y-|
  /// ```
  ///
  /// The sources are subscribed in order. The first event from any of them (an element, an
  /// error or completion) decides: the others are disposed, sources not yet subscribed are
  /// skipped, and the winner is mirrored. With no sources, the result never emits.
  ///
  /// - Parameter sequence: The sources to race.
  /// - Returns: The events of the source that sent an event first.
  @_alwaysEmitIntoClient
  public static func amb<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
  where Sequence.Element == Observable<Element> {
    _amb(Array(sequence))
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal static func _amb(_ sources: [Observable<Element>]) -> Observable<Element> {
    Observable(_run: { observer, lifetime in
      let storage = _AmbStorage(downstream: observer, lifetime: lifetime)
      lifetime.onDispose { storage.dispose() }
      storage.start(sources)
    })
  }
}
