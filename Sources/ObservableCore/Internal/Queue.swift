/// A first-in, first-out queue backed by a growable ring buffer.
///
/// Not public API.
///
/// - Complexity: `append` and `popFirst` are amortized O(1).
@frozen
@usableFromInline package struct _Queue<Element> {
  @usableFromInline
  internal var storage: ContiguousArray<Element?> = []
  @usableFromInline
  internal var head = 0
  @usableFromInline
  internal var _count = 0

  /// Creates an empty queue.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package init() {}

  /// The number of elements in the queue.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package var count: Int { _count }

  /// Whether the queue is empty.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package var isEmpty: Bool { _count == 0 }

  /// How many elements the queue holds before its storage grows.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package var capacity: Int { storage.count }

  /// The oldest element, or `nil`.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package var first: Element? {
    _count == 0 ? nil : storage[head]
  }

  /// Adds `element` at the back.
  ///
  /// - Parameter element: The element to add.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package mutating func append(_ element: Element) {
    if _count == storage.count { grow() }
    storage[storageIndex(_count)] = element
    _count += 1
  }

  /// The index in `storage` of the element `offset` places after the oldest.
  ///
  /// - Parameter offset: A position from the front, in `0..<storage.count`.
  /// - Returns: The index, wrapped around the end of the ring.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func storageIndex(_ offset: Int) -> Int {
    let index = head + offset
    return index >= storage.count ? index - storage.count : index
  }

  /// Removes and returns the oldest element, or returns `nil` if the queue is empty.
  ///
  /// - Returns: The oldest element.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package mutating func popFirst() -> Element? {
    guard _count > 0 else { return nil }
    let element = storage[head]
    storage[head] = nil
    head += 1
    if head == storage.count { head = 0 }
    _count -= 1
    return element
  }

  /// Removes every element.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package mutating func removeAll() {
    storage = []
    head = 0
    _count = 0
  }

  /// Removes every element, keeping the storage for the elements added next.
  ///
  /// - Complexity: O(*n*), where *n* is the number of elements.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package mutating func removeAllKeepingCapacity() {
    for offset in 0..<_count { storage[storageIndex(offset)] = nil }
    head = 0
    _count = 0
  }

  // Not inlinable: clients call the library's one unspecialized copy. Growing is rare (a
  // queue's first append and each doubling), and every benchmark row measured the same with
  // the call unspecialized (Benchmarks/RESULTS.md), while an inlined copy, with the array
  // code it pulls in, was specialized in every client once for each element type queued
  // (Benchmarks/README.md, "Build cost").
  @usableFromInline
  internal mutating func grow() {
    var grown = ContiguousArray<Element?>()
    grown.reserveCapacity(Swift.max(8, storage.count * 2))
    for offset in 0..<_count { grown.append(storage[storageIndex(offset)]) }
    while grown.count < grown.capacity { grown.append(nil) }
    storage = grown
    head = 0
  }
}

extension _Queue: Sequence {
  /// Iterates from the oldest to the newest element.
  ///
  /// It reads the queue's storage without changing it, so iterating a queue that is also
  /// stored elsewhere copies nothing.
  @usableFromInline package struct Iterator: IteratorProtocol {
    @usableFromInline
    internal let queue: _Queue
    @usableFromInline
    internal var offset = 0

    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
    internal init(queue: _Queue) {
      self.queue = queue
    }

    /// Returns the next element, or `nil` at the end.
    ///
    /// - Returns: The next element.
    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
    package mutating func next() -> Element? {
      guard offset < queue._count else { return nil }
      defer { offset += 1 }
      return queue.storage[queue.storageIndex(offset)]
    }
  }

  /// Returns an iterator over the elements, oldest first.
  ///
  /// - Returns: The iterator.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package func makeIterator() -> Iterator {
    Iterator(queue: self)
  }

  /// The number of elements.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package var underestimatedCount: Int { _count }
}

extension _Queue: Sendable where Element: Sendable {}
