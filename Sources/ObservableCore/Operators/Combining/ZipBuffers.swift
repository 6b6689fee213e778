/// The state machine of `zip`: the shared combining logic over buffers.
///
/// Not public API.
@usableFromInline
internal typealias _ZipStateMachine<Buffers: _CombiningSlots> = _CombiningStateMachine<Buffers>

extension _CombiningStateMachine {
  /// Creates the state machine of a `zip` of `arity` sources.
  ///
  /// - Parameters:
  ///   - buffers: The empty buffers.
  ///   - arity: The number of sources, at least one.
  ///   - completesWhenUnpairable: Whether to complete when an element can never be paired
  ///     (RxSwift's collection form) rather than only when every source has completed
  ///     (RxSwift's `zip(a, b)`).
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(buffers: Slots, arity: Int, completesWhenUnpairable: Bool) {
    self.init(slots: buffers, arity: arity, completesWhenUnmatched: completesWhenUnpairable)
  }
}

extension _CombiningStateMachine.Released {
  /// The buffers let go of, under `zip`'s name for the slots.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal var buffers: Slots { slots }
}

/// The buffered elements of a collection of sources of one element type.
///
/// Not public API.
@usableFromInline
internal struct _ZipArrayBuffers<Element: Sendable>: _CombiningSlots {
  @usableFromInline var queues: [_Queue<Element>]
  @usableFromInline var nonEmpty = 0

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init(count: Int) {
    queues = Array(repeating: _Queue(), count: count)
  }

  /// Appends `element` to the buffer of source `index`.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  mutating func append(_ element: Element, at index: Int) {
    if queues[index].isEmpty { nonEmpty += 1 }
    queues[index].append(element)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  mutating func takeSnapshot() -> [Element]? {
    guard nonEmpty == queues.count else { return nil }
    var snapshot: [Element] = []
    snapshot.reserveCapacity(queues.count)
    nonEmpty = 0
    for index in queues.indices {
      if let element = queues[index].popFirst() { snapshot.append(element) }
      if !queues[index].isEmpty { nonEmpty += 1 }
    }
    return snapshot
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func emptied() -> Self { Self(count: queues.count) }
}

/// The buffered elements of the two sources of `zip(a, b)`.
///
/// Not public API. Forms with more sources hold their elements without their types (see
/// `ErasedCombining.swift`).
@usableFromInline
internal struct _ZipBuffers2<E1: Sendable, E2: Sendable>: _CombiningSlots {
  @usableFromInline var e1 = _Queue<E1>()
  @usableFromInline var e2 = _Queue<E2>()

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
  mutating func takeSnapshot() -> (E1, E2)? {
    guard !e1.isEmpty, !e2.isEmpty, let v1 = e1.popFirst(), let v2 = e2.popFirst() else {
      return nil
    }
    return (v1, v2)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func emptied() -> Self { Self() }
}
