/// The state machine of `combineLatest`: the shared combining logic over latest values.
///
/// Not public API.
@usableFromInline
internal typealias _CombineLatestStateMachine<Values: _CombiningSlots> =
  _CombiningStateMachine<Values>

extension _CombiningStateMachine {
  /// Creates the state machine of a `combineLatest` of `arity` sources.
  ///
  /// As in RxSwift, it completes early when an element can never be combined.
  ///
  /// - Parameters:
  ///   - values: The empty latest values.
  ///   - arity: The number of sources, at least one.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(values: Slots, arity: Int) {
    self.init(slots: values, arity: arity, completesWhenUnmatched: true)
  }
}

extension _CombiningStateMachine.Released {
  /// The latest values let go of, under `combineLatest`'s name for the slots.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal var values: Slots { slots }
}

/// The latest elements of a collection of sources of one element type.
///
/// Not public API.
@usableFromInline
internal struct _LatestArray<Element: Sendable>: _CombiningSlots {
  @usableFromInline var elements: [Element?]
  @usableFromInline var present = 0

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init(count: Int) {
    elements = Array(repeating: nil, count: count)
  }

  /// Swaps `slot` with the latest element of source `index`.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  mutating func swapAt(_ index: Int, _ slot: inout Element?) {
    if elements[index] == nil, slot != nil { present += 1 }
    swap(&elements[index], &slot)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func takeSnapshot() -> [Element]? {
    guard present == elements.count else { return nil }
    return elements.compactMap { $0 }
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func emptied() -> Self { Self(count: elements.count) }
}

/// The latest elements of the two sources of `combineLatest(a, b)`.
///
/// Not public API. Forms with more sources hold their elements without their types (see
/// `ErasedCombining.swift`).
@usableFromInline
internal struct _Latest2<E1: Sendable, E2: Sendable>: _CombiningSlots {
  @usableFromInline var e1: E1?
  @usableFromInline var e2: E2?

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init() {}

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func takeSnapshot() -> (E1, E2)? {
    guard let e1, let e2 else { return nil }
    return (e1, e2)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func emptied() -> Self { Self() }
}
