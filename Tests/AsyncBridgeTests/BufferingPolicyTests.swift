import ObservableCore
import ObservableTesting
import Testing

@testable import AsyncBridge

@Suite("buffering policies", .timeLimit(.minutes(1)))
struct BufferingPolicyTests {
  /// Collects what a loop over `sequence` sees: elements, then the error if any.
  private func collect(
    _ sequence: ObservableAsyncSequence<Int>
  ) async -> (elements: [Int], error: (any Error)?) {
    var elements: [Int] = []
    do {
      for try await value in sequence { elements.append(value) }
      return (elements, nil)
    } catch {
      return (elements, error)
    }
  }

  @Test("unbounded keeps every element")
  func unbounded() async {
    await withLeakChecking {
      let dropped = DropCounter()
      let result = await collect(
        bridgeBurst(Array(1...100)).asyncElements(bufferingPolicy: .unbounded, dropCounter: dropped)
      )
      expectEqual(result.elements, Array(1...100))
      #expect(result.error == nil)
      expectEqual(dropped.count, 0)
    }
  }

  @Test("bufferingOldest keeps the first elements and counts the drops")
  func oldest() async {
    await withLeakChecking {
      let dropped = DropCounter()
      let result = await collect(
        bridgeBurst([1, 2, 3, 4, 5]).asyncElements(
          bufferingPolicy: .bufferingOldest(2), dropCounter: dropped))
      expectEqual(result.elements, [1, 2])
      #expect(result.error == nil)
      expectEqual(dropped.count, 3)
    }
  }

  @Test("bufferingNewest keeps the last elements and counts the drops")
  func newest() async {
    await withLeakChecking {
      let dropped = DropCounter()
      let result = await collect(
        bridgeBurst([1, 2, 3, 4, 5]).asyncElements(
          bufferingPolicy: .bufferingNewest(2), dropCounter: dropped))
      expectEqual(result.elements, [4, 5])
      #expect(result.error == nil)
      expectEqual(dropped.count, 3)
    }
  }

  @Test("failingOnOverflow delivers the buffer, then throws bufferOverflow and disposes")
  func failing() async {
    await withLeakChecking {
      let disposed = BridgeSignal()
      let dropped = DropCounter()
      let source = bridgeBurst([1, 2, 3, 4], completes: false, disposed: disposed)
      let result = await collect(
        source.asyncElements(bufferingPolicy: .failingOnOverflow(2), dropCounter: dropped))
      expectEqual(result.elements, [1, 2])
      expectEqual(result.error as? AsyncBridgeError, .bufferOverflow(limit: 2))
      expectEqual(disposed.count, 1)
      expectEqual(dropped.count, 0)
    }
  }

  @Test("values(bufferingPolicy:) applies the same policies to an AsyncThrowingStream")
  func valuesOverload() async throws {
    try await withLeakChecking {
      let dropped = DropCounter()
      var newest: [Int] = []
      for try await value in bridgeBurst([1, 2, 3]).values(
        bufferingPolicy: .bufferingNewest(1), dropCounter: dropped)
      {
        newest.append(value)
      }
      #expect(newest == [3])
      #expect(dropped.count == 2)

      var received: [Int] = []
      await #expect(throws: AsyncBridgeError.bufferOverflow(limit: 1)) {
        for try await value in bridgeBurst([1, 2, 3]).values(bufferingPolicy: .failingOnOverflow(1))
        {
          received.append(value)
        }
      }
      #expect(received == [1])
    }
  }

  @Test("a zero-sized buffer still hands an element to a consumer that is waiting")
  func zeroBufferHandOff() async throws {
    try await withLeakChecking {
      let source = BridgeSource<Int>()
      let dropped = DropCounter()
      let iterator = source.observable.asyncElements(
        bufferingPolicy: .bufferingNewest(0), dropCounter: dropped
      ).makeAsyncIterator()
      let storage = iterator.storage
      let consumer = Task {
        var iterator = iterator
        return try await iterator.next()
      }
      let suspended = await bridgeEventually { storage.hasWaiter }
      #expect(suspended)
      source.send(7)
      source.send(8)
      let first = try await consumer.value
      expectEqual(first, 7)
      expectEqual(dropped.count, 1)
    }
  }

  @Test("a negative limit fails with argumentOutOfRange without subscribing")
  func negativeLimit() async {
    await withLeakChecking {
      let source = BridgeSource<Int>()
      for policy in [
        AsyncBufferingPolicy.bufferingOldest(-1), .bufferingNewest(-1), .failingOnOverflow(-1),
      ] {
        let result = await collect(source.observable.asyncElements(bufferingPolicy: policy))
        expectEqual(result.elements, [])
        expectEqual(result.error as? RxError, .argumentOutOfRange)
      }
      expectEqual(source.subscribed.count, 0)
    }
  }

  @Test("one counter shared by two sequences counts both")
  func sharedCounter() async {
    await withLeakChecking {
      let dropped = DropCounter()
      _ = await collect(
        bridgeBurst([1, 2, 3]).asyncElements(
          bufferingPolicy: .bufferingOldest(1), dropCounter: dropped))
      _ = await collect(
        bridgeBurst([1, 2, 3]).asyncElements(
          bufferingPolicy: .bufferingNewest(1), dropCounter: dropped))
      expectEqual(dropped.count, 4)
    }
  }
}
