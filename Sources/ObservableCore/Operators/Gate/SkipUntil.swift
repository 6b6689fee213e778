extension ObservableType {
  /// Drops this sequence's elements until `other` emits an element, then mirrors it.
  ///
  /// ```
  /// source:             -1-2-3-4-5-|
  /// other:              -----x
  /// skip(until: other)  -------4-5-|
  /// ```
  ///
  /// This sequence is subscribed first, then `other`, whose subscription ends as soon as it
  /// emits or completes. An error from `other` before it emits fails the result.
  ///
  /// As in RxSwift, if this sequence completes before `other` has emitted, the subscription
  /// ends without any event: no completion is sent.
  ///
  /// - Parameter other: The sequence whose first element starts the mirroring.
  /// - Returns: The elements of this sequence that arrive after `other` emits.
  @_alwaysEmitIntoClient
  public func skip<Source: ObservableType>(until other: Source) -> Observable<Element> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let storage = _GateStorage<Element, _SkipUntilGate>(downstream: observer, lifetime: lifetime)
      lifetime.onDispose { storage.dispose() }
      storage.start(source: source, other: other)
    })
  }
}

/// The gate of `skip(until:)`: drops the source until the other sequence emits.
///
/// Not public API.
@usableFromInline
internal enum _SkipUntilGate: _GatePolicy {
  /// Closed until the other sequence emits.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal static var startsOpen: Bool { false }
}
