extension ObservableType {
  /// Mirrors this sequence until `other` emits an element, then completes.
  ///
  /// ```
  /// source:             -1-2-3-4-5-|
  /// other:              ------x-|
  /// take(until: other)  -1-2-3|
  /// ```
  ///
  /// `other` is subscribed first; if it emits during `subscribe`, this sequence is not
  /// subscribed at all. An error from `other` fails the result; its completion without an
  /// element only ends the subscription to it, and the result goes on mirroring this sequence.
  ///
  /// - Parameter other: The sequence whose first element ends the result.
  /// - Returns: The elements of this sequence until `other` emits.
  @_alwaysEmitIntoClient
  public func take<Source: ObservableType>(until other: Source) -> Observable<Element> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let storage = _GateStorage<Element, _TakeUntilGate>(downstream: observer, lifetime: lifetime)
      lifetime.onDispose { storage.dispose() }
      storage.start(source: source, other: other)
    })
  }
}

/// The gate of `take(until:)`: passes the source until the other sequence emits.
///
/// Not public API.
@usableFromInline
internal enum _TakeUntilGate: _GatePolicy {
  /// Open until the other sequence emits.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal static var startsOpen: Bool { true }
}
