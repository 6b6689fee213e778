extension ObservableType {
  /// Combines each element of this sequence with the latest element of `second`, using
  /// `resultSelector`.
  ///
  /// ```
  /// self:                                    ---1-----2---3-|
  /// second:                                  -a-----b-------c-
  /// withLatestFrom(second) { "\($0)\($1)" }  ---x-----y---z-|
  ///
  /// x = 1a, y = 2b, z = 3b
  /// ```
  ///
  /// Elements of this sequence that arrive before `second` has produced one are dropped.
  /// As in RxSwift, `second` is subscribed to first; the result completes or fails when this
  /// sequence does, and fails when `second` fails, but `second` completing only freezes its
  /// latest element. The sources may emit on any threads: the result selector and the
  /// observer are called one event at a time, never under a lock.
  ///
  /// - Parameters:
  ///   - second: The sequence whose latest element to combine with.
  ///   - resultSelector: Combines an element of this sequence with the latest element of
  ///     `second`. If it throws, the result fails with that error and both sources are
  ///     disposed.
  /// - Returns: A sequence of the combined elements.
  @_disfavoredOverload
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func withLatestFrom<Source: ObservableConvertibleType, ResultType: Sendable>(
    _ second: Source,
    resultSelector: @escaping @Sendable (Element, Source.Element) throws -> ResultType
  ) -> Observable<ResultType> {
    let first = asObservable()
    let second = second.asObservable()
    return Observable(_run: { observer, lifetime in
      let storage = _WithLatestFromStorage(
        downstream: observer, lifetime: lifetime, resultSelector: resultSelector)
      storage.run(first: first, second: second)
    })
  }

  /// Emits the latest element of `second` each time this sequence produces an element.
  ///
  /// ```
  /// self:                    ---1-----2---3-|
  /// second:                  -a-----b-------c-
  /// withLatestFrom(second)   ---a-----b---b-|
  /// ```
  ///
  /// Completion and failure follow the same rules as
  /// ``withLatestFrom(_:resultSelector:)``.
  ///
  /// - Parameter second: The sequence whose latest element to emit.
  /// - Returns: A sequence of the latest elements of `second`, sampled by this sequence.
  @_alwaysEmitIntoClient
  public func withLatestFrom<Source: ObservableConvertibleType>(
    _ second: Source
  ) -> Observable<Source.Element> {
    withLatestFrom(second, resultSelector: { $1 })
  }
}
