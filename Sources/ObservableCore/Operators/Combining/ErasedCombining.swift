// The core of `combineLatest` and `zip` with 3 to 8 sources.
//
// The 2-source forms run on typed slots (`_Latest2`, `_ZipBuffers2`) that a client inlines, so
// a client's `combineLatest(a, b)` is specialized for its element types like any operator on the
// element path. The forms with 3 to 8 sources hold their elements without their types and run
// on the collection forms' core (`_combineLatest(of:)`, `_zip(of:)`), called here with `any
// Sendable` elements and `[any Sendable]` results, so that nothing is generic: the library
// compiles it once, fully optimized, and a client specializes none of it. What a client does
// specialize is thin: a `map` per source that boxes its elements, and a `map` that casts a
// snapshot back and calls the result selector. Typed slots for every arity cost 150 KB of
// object code in the library and a value-witness table per arity (issue 40). The core must
// stay non-generic: an earlier form generic over the result type ran unspecialized and spent
// 26,000 instructions per element looking up generic metadata, against RxSwift's 9,500
// (`app-benchmarks --profile w8-combine-latest-3`).

/// Subscribes to `sources` on the shared combining core, holding their elements without their
/// types, and emits one snapshot per combination: an element of each source, in the order of
/// `sources`.
///
/// - Parameters:
///   - sources: The sources, their elements erased by
///     ``ObservableConvertibleType/_erasedForCombining()``.
///   - zipping: Whether to pair elements by position (`zip`) rather than combine the latest
///     ones (`combineLatest`). As in RxSwift, the fixed-arity `zip` completes only when every
///     source has completed; `combineLatest` also completes when an element can never be
///     combined.
/// - Returns: The snapshots.
@usableFromInline
internal func _combineErased(
  _ sources: [Observable<any Sendable>], zipping: Bool
) -> Observable<[any Sendable]> {
  zipping
    ? Observable._zip(of: sources, completesWhenUnmatched: false, resultSelector: { $0 })
    : Observable._combineLatest(of: sources, resultSelector: { $0 })
}

extension ObservableConvertibleType {
  /// This sequence with its elements' type erased, for ``_combineErased(_:zipping:)``.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func _erasedForCombining() -> Observable<any Sendable> {
    asObservable().map { element -> any Sendable in element }
  }
}

/// An element of a snapshot of ``_combineErased(_:zipping:)`` as its source's element type.
///
/// The cast cannot fail: position `k` of a snapshot only ever holds an element of source `k`,
/// and the caller names that source's element type.
///
/// - Parameter element: An element of the snapshot.
/// - Returns: The element with its type.
#if DEBUG
  @inlinable
#else
  @_alwaysEmitIntoClient
#endif
internal func _unerased<Element>(_ element: any Sendable) -> Element {
  // swift-format-ignore: NeverForceUnwrap
  element as! Element
}
