/// The buffered elements of two sources.
///
/// Not public API.
@usableFromInline
internal struct _ZipBuffers2<E1: Sendable, E2: Sendable>: _ZipBuffers {
  @usableFromInline var e1 = _Queue<E1>()
  @usableFromInline var e2 = _Queue<E2>()

  @inlinable
  init() {}

  @inlinable
  mutating func popSnapshot() -> (E1, E2)? {
    guard !e1.isEmpty, !e2.isEmpty, let v1 = e1.popFirst(), let v2 = e2.popFirst() else {
      return nil
    }
    return (v1, v2)
  }

  @inlinable
  func emptied() -> Self { Self() }
}

/// The buffered elements of three sources.
///
/// Not public API.
@usableFromInline
internal struct _ZipBuffers3<E1: Sendable, E2: Sendable, E3: Sendable>: _ZipBuffers {
  @usableFromInline var e1 = _Queue<E1>()
  @usableFromInline var e2 = _Queue<E2>()
  @usableFromInline var e3 = _Queue<E3>()

  @inlinable
  init() {}

  @inlinable
  mutating func popSnapshot() -> (E1, E2, E3)? {
    guard !e1.isEmpty, !e2.isEmpty, !e3.isEmpty,
      let v1 = e1.popFirst(), let v2 = e2.popFirst(), let v3 = e3.popFirst()
    else { return nil }
    return (v1, v2, v3)
  }

  @inlinable
  func emptied() -> Self { Self() }
}

/// The buffered elements of four sources.
///
/// Not public API.
@usableFromInline
internal struct _ZipBuffers4<E1: Sendable, E2: Sendable, E3: Sendable, E4: Sendable>:
  _ZipBuffers
{
  @usableFromInline var e1 = _Queue<E1>()
  @usableFromInline var e2 = _Queue<E2>()
  @usableFromInline var e3 = _Queue<E3>()
  @usableFromInline var e4 = _Queue<E4>()

  @inlinable
  init() {}

  @inlinable
  mutating func popSnapshot() -> (E1, E2, E3, E4)? {
    guard !e1.isEmpty, !e2.isEmpty, !e3.isEmpty, !e4.isEmpty,
      let v1 = e1.popFirst(), let v2 = e2.popFirst(), let v3 = e3.popFirst(),
      let v4 = e4.popFirst()
    else { return nil }
    return (v1, v2, v3, v4)
  }

  @inlinable
  func emptied() -> Self { Self() }
}

/// The buffered elements of a collection of sources of one element type.
///
/// Not public API.
@usableFromInline
internal struct _ZipArrayBuffers<Element: Sendable>: _ZipBuffers {
  @usableFromInline var queues: [_Queue<Element>]
  @usableFromInline var nonEmpty = 0

  @inlinable
  init(count: Int) {
    queues = Array(repeating: _Queue(), count: count)
  }

  /// Appends `element` to the buffer of source `index`.
  @inlinable
  mutating func append(_ element: Element, at index: Int) {
    if queues[index].isEmpty { nonEmpty += 1 }
    queues[index].append(element)
  }

  @inlinable
  mutating func popSnapshot() -> [Element]? {
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

  @inlinable
  func emptied() -> Self { Self(count: queues.count) }
}
