/// The latest elements of two sources.
///
/// Not public API.
@usableFromInline
internal struct _Latest2<E1: Sendable, E2: Sendable>: _CombineLatestValues {
  @usableFromInline var e1: E1?
  @usableFromInline var e2: E2?

  @inlinable
  init() {}

  @inlinable
  var snapshot: (E1, E2)? {
    guard let e1, let e2 else { return nil }
    return (e1, e2)
  }

  @inlinable
  func emptied() -> Self { Self() }
}

/// The latest elements of three sources.
///
/// Not public API.
@usableFromInline
internal struct _Latest3<E1: Sendable, E2: Sendable, E3: Sendable>: _CombineLatestValues {
  @usableFromInline var e1: E1?
  @usableFromInline var e2: E2?
  @usableFromInline var e3: E3?

  @inlinable
  init() {}

  @inlinable
  var snapshot: (E1, E2, E3)? {
    guard let e1, let e2, let e3 else { return nil }
    return (e1, e2, e3)
  }

  @inlinable
  func emptied() -> Self { Self() }
}

/// The latest elements of four sources.
///
/// Not public API.
@usableFromInline
internal struct _Latest4<E1: Sendable, E2: Sendable, E3: Sendable, E4: Sendable>:
  _CombineLatestValues
{
  @usableFromInline var e1: E1?
  @usableFromInline var e2: E2?
  @usableFromInline var e3: E3?
  @usableFromInline var e4: E4?

  @inlinable
  init() {}

  @inlinable
  var snapshot: (E1, E2, E3, E4)? {
    guard let e1, let e2, let e3, let e4 else { return nil }
    return (e1, e2, e3, e4)
  }

  @inlinable
  func emptied() -> Self { Self() }
}

/// The latest elements of a collection of sources of one element type.
///
/// Not public API.
@usableFromInline
internal struct _LatestArray<Element: Sendable>: _CombineLatestValues {
  @usableFromInline var elements: [Element?]
  @usableFromInline var present = 0

  @inlinable
  init(count: Int) {
    elements = Array(repeating: nil, count: count)
  }

  /// Swaps `slot` with the latest element of source `index`.
  @inlinable
  mutating func swapAt(_ index: Int, _ slot: inout Element?) {
    if elements[index] == nil, slot != nil { present += 1 }
    swap(&elements[index], &slot)
  }

  @inlinable
  var snapshot: [Element]? {
    guard present == elements.count else { return nil }
    return elements.compactMap { $0 }
  }

  @inlinable
  func emptied() -> Self { Self(count: elements.count) }
}
