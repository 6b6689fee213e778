import ObservableTesting
import Testing

@testable import ObservableCore

@Suite("_Queue")
struct QueueTests {
  /// A queue whose ring has wrapped: its oldest element is not at the start of the storage.
  private func wrapped() -> _Queue<Int> {
    var queue = _Queue<Int>()
    for value in 0..<8 { queue.append(value) }
    for _ in 0..<5 { _ = queue.popFirst() }
    for value in 8..<12 { queue.append(value) }
    return queue
  }

  @Test("iterates oldest first across the end of the ring")
  func orderAcrossWrap() {
    let queue = wrapped()
    expectEqual(Array(queue), [5, 6, 7, 8, 9, 10, 11])
    expectEqual(queue.underestimatedCount, 7)
  }

  @Test("iterating leaves the queue, and a copy sharing its storage, unchanged and unshared")
  func iterationDoesNotMutate() {
    var queue = wrapped()
    let copy = queue
    let before = queue.storage.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    var seen: [Int] = []
    for value in queue { seen.append(value) }
    expectEqual(seen, [5, 6, 7, 8, 9, 10, 11])
    expectEqual(Array(copy), seen)
    // No copy-on-write happened: both still share one buffer.
    let after = copy.storage.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    expectEqual(before, after)
    expectEqual(queue.popFirst(), 5)
    expectEqual(Array(copy), seen)
  }

  @Test("growing a wrapped ring keeps the order and uses every slot it allocates")
  func growWrapped() {
    var queue = wrapped()
    let capacity = queue.capacity
    var next = 12
    while queue.count < capacity {
      queue.append(next)
      next += 1
    }
    queue.append(next)
    #expect(queue.capacity > capacity)
    expectEqual(Array(queue), Array(5...next))
    expectEqual(queue.popFirst(), 5)
    // The allocator may give more than was asked for (two-byte slots round up here): the ring
    // uses all of it.
    var small = _Queue<UInt8>()
    small.append(1)
    expectEqual(small.storage.count, small.storage.capacity)
  }

  @Test("removeAllKeepingCapacity releases the elements and keeps the storage")
  func removeAllKeepingCapacity() {
    final class Tracked {}
    weak var released: Tracked?
    var queue = _Queue<Tracked>()
    do {
      let tracked = Tracked()
      released = tracked
      for _ in 0..<3 { queue.append(Tracked()) }
      queue.append(tracked)
    }
    let capacity = queue.storage.count
    queue.removeAllKeepingCapacity()
    #expect(released == nil)
    #expect(queue.isEmpty)
    expectEqual(queue.storage.count, capacity)
    queue.append(Tracked())
    expectEqual(queue.count, 1)
    expectEqual(queue.storage.count, capacity)
  }
}
