// The core of `combineLatest` and `zip` with 3 to 8 sources.
//
// The 2-source forms run on typed slots (`_Latest2`, `_ZipBuffers2`) and are `@inlinable`, so a
// client's `combineLatest(a, b)` is specialized for its element types like any operator on the
// element path. The forms with 3 to 8 sources hold their elements without their types, in the
// slots of the collection forms, and are not inlinable: one copy of the machinery in the library
// serves every arity and element type, and a client specializes none of it. Typed slots for
// every arity cost 200 KB of object code in the library and a value-witness table per arity,
// for speed no benchmark row measured (issue 40). What an element costs here instead: a box
// where it is larger than three words, a snapshot array, and a dynamic cast per source in the
// result selector.

/// Subscribes to `sources` on the shared combining core, holding their elements without their
/// types, and hands each snapshot to `resultSelector`.
///
/// - Parameters:
///   - sources: The sources, their elements erased by ``ObservableConvertibleType/_erasedForCombining()``.
///   - zipping: Whether to pair elements by position (`zip`) rather than combine the latest
///     ones (`combineLatest`). As in RxSwift, the fixed-arity `zip` completes only when every
///     source has completed; `combineLatest` also completes when an element can never be
///     combined.
///   - resultSelector: Turns a snapshot, one element per source in the order of `sources`, into
///     a result element.
/// - Returns: The combined sequence.
@usableFromInline
internal func _combineErased<Result: Sendable>(
  _ sources: [Observable<any Sendable>],
  zipping: Bool,
  resultSelector: @escaping @Sendable ([any Sendable]) throws -> Result
) -> Observable<Result> {
  Observable(_run: { observer, lifetime in
    if zipping {
      let storage = _CombiningStorage(
        slots: _ZipArrayBuffers<any Sendable>(count: sources.count), arity: sources.count,
        completesWhenUnmatched: false, downstream: observer, lifetime: lifetime,
        resultSelector: resultSelector)
      for (index, source) in sources.enumerated() {
        storage.subscribe(
          source, at: index, append: { buffers, element in buffers.append(element, at: index) })
      }
    } else {
      let storage = _CombiningStorage(
        slots: _LatestArray<any Sendable>(count: sources.count), arity: sources.count,
        completesWhenUnmatched: true, downstream: observer, lifetime: lifetime,
        resultSelector: resultSelector)
      for (index, source) in sources.enumerated() {
        storage.subscribe(
          source, at: index, replace: { values, slot in values.swapAt(index, &slot) })
      }
    }
  })
}

extension ObservableConvertibleType {
  /// This sequence with its elements' type erased, for ``_combineErased(_:zipping:resultSelector:)``.
  @usableFromInline
  internal func _erasedForCombining() -> Observable<any Sendable> {
    asObservable().map { element -> any Sendable in element }
  }
}

/// An element of a snapshot of ``_combineErased(_:zipping:resultSelector:)`` as its source's
/// element type.
///
/// The cast cannot fail: position `k` of a snapshot only ever holds an element of source `k`,
/// and the caller names that source's element type.
///
/// - Parameter element: An element of the snapshot.
/// - Returns: The element with its type.
@usableFromInline
internal func _unerased<Element>(_ element: any Sendable) -> Element {
  // swift-format-ignore: NeverForceUnwrap
  element as! Element
}
