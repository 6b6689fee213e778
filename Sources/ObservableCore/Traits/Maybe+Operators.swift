extension PrimitiveSequence where Trait == MaybeTrait {
  /// Transforms the element, if any, with `transform`.
  ///
  /// ```
  /// source:           -(1|)   -|
  /// map { $0 * 10 }   -(10|)  -|
  /// ```
  ///
  /// - Parameter transform: The transform. If it throws, the result fails with that error.
  /// - Returns: A `Maybe` of the transformed element.
  @available(swift, introduced: 6)
  @inlinable
  public func map<Result: Sendable>(
    _ transform: @escaping @Sendable (Element) throws -> Result
  ) -> Maybe<Result> {
    Maybe(raw: source.map(transform))
  }

  /// Transforms the element, if any, with `transform`, completing empty when it returns `nil`.
  ///
  /// - Parameter transform: The transform. If it throws, the result fails with that error.
  /// - Returns: A `Maybe` of the transformed element, empty if `transform` returns `nil`.
  @available(swift, introduced: 6)
  @inlinable
  public func compactMap<Result: Sendable>(
    _ transform: @escaping @Sendable (Element) throws -> Result?
  ) -> Maybe<Result> {
    Maybe(raw: source.compactMap(transform))
  }

  /// Keeps the element, if any, when it satisfies `predicate`, and completes empty otherwise.
  ///
  /// - Parameter predicate: The test. If it throws, the result fails with that error.
  /// - Returns: A `Maybe` of the element, empty if there is none or it fails the test.
  @available(swift, introduced: 6)
  @inlinable
  public func filter(
    _ predicate: @escaping @Sendable (Element) throws -> Bool
  ) -> Maybe<Element> {
    Maybe(raw: source.filter(predicate))
  }

  /// Continues with the `Maybe` that `selector` returns for the element; completes empty if
  /// there is no element.
  ///
  /// ```
  /// source:            -(1|)
  /// selector(1):         --(a|)
  /// flatMap(selector)  ---(a|)
  /// ```
  ///
  /// - Parameter selector: Returns the next `Maybe`, given the element. If it throws, the
  ///   result fails with that error.
  /// - Returns: A `Maybe` with the inner `Maybe`'s outcome.
  @available(swift, introduced: 6)
  @inlinable
  public func flatMap<Result: Sendable>(
    _ selector: @escaping @Sendable (Element) throws -> Maybe<Result>
  ) -> Maybe<Result> {
    Maybe(raw: source.flatMap(selector))
  }

  /// Replaces an error with `element`.
  ///
  /// ```
  /// source:             -#
  /// catchAndReturn(0)   -(0|)
  /// ```
  ///
  /// - Parameter element: The element to succeed with if this `Maybe` fails.
  /// - Returns: A `Maybe` that never fails.
  @inlinable
  public func catchAndReturn(_ element: Element) -> Maybe<Element> {
    Maybe(raw: source.catchAndReturn(element))
  }

  /// Succeeds with `default` if this `Maybe` completes empty.
  ///
  /// ```
  /// source:               -|      -(1|)
  /// ifEmpty(default: 0)   -(0|)   -(1|)
  /// ```
  ///
  /// - Parameter default: The element to succeed with when there is no element.
  /// - Returns: A ``Single`` of the element, or of `default`. Errors pass through.
  @inlinable
  public func ifEmpty(default: Element) -> Single<Element> {
    Single(raw: source._ifEmpty(switchTo: .just(`default`)))
  }

  /// Continues with `other` if this `Maybe` completes empty.
  ///
  /// ```
  /// source:                -|
  /// other:                   -(2|)
  /// ifEmpty(switchTo: o)   --(2|)
  /// ```
  ///
  /// `other` is subscribed only on an empty completion: never after an element or an error.
  ///
  /// - Parameter other: The `Maybe` to continue with when there is no element.
  /// - Returns: A `Maybe` with this sequence's element, or `other`'s outcome.
  @inlinable
  public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> {
    Maybe(raw: source._ifEmpty(switchTo: other.asObservable()))
  }

  /// Continues with `other` if this `Maybe` completes empty.
  ///
  /// `other` is subscribed only on an empty completion: never after an element or an error.
  ///
  /// - Parameter other: The ``Single`` to continue with when there is no element.
  /// - Returns: A `Single` of this sequence's element, or with `other`'s outcome.
  @inlinable
  public func ifEmpty(switchTo other: Single<Element>) -> Single<Element> {
    Single(raw: source._ifEmpty(switchTo: other.asObservable()))
  }

  /// Converts the `Maybe` to a ``Single``.
  ///
  /// - Returns: A `Single` with this sequence's element or error; it fails with
  ///   ``RxError/noElements`` if this `Maybe` completes empty.
  @inlinable
  public func asSingle() -> Single<Element> {
    source.asSingle()
  }
}

extension ObservableType {
  /// Continues with `other` if this sequence completes without an element.
  ///
  /// Not public API: the Maybe `ifEmpty` operators use it.
  ///
  /// - Parameter other: The sequence to continue with.
  /// - Returns: This sequence's events, or `other`'s after an empty completion.
  @inlinable
  internal func _ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
    let source = asObservable()
    return Observable.deferred {
      // Set by the source's elements and read when the source has completed: both happen in
      // the serialized calls of this one subscription.
      let emitted = _SerializedFlag()
      return source.do(onNext: { _ in emitted.set() })
        .concat(Observable.deferred { emitted.isSet ? .empty() : other })
    }
  }
}
