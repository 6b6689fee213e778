import ObservableCore
import ObservableTesting
import Testing

@testable import AsyncBridge

@Suite("asyncElements (ObservableAsyncSequence)", .timeLimit(.minutes(1)))
struct AsyncElementsTests {
  @Test("delivers every element in order, then ends when the Observable completes")
  func elementsAndCompletion() async throws {
    try await withLeakChecking {
      var received: [Int] = []
      for try await value in Observable.range(start: 0, count: 10_000).asyncElements {
        received.append(value)
      }
      expectEqual(received, Array(0..<10_000))
    }
  }

  @Test("elements sent from another task arrive in order")
  func elementsFromAnotherTask() async throws {
    try await withLeakChecking {
      let source = BridgeSource<Int>()
      let consumer = Task {
        var received: [Int] = []
        for try await value in source.observable.asyncElements { received.append(value) }
        return received
      }
      await source.subscribed.wait()
      for value in 0..<1_000 { source.send(value) }
      source.complete()
      let received = try await consumer.value
      expectEqual(received, Array(0..<1_000))
    }
  }

  @Test("an Rx error reaches the loop unchanged; next() then returns nil")
  func errorUnchanged() async throws {
    try await withLeakChecking {
      let disposed = BridgeSignal()
      let source = Observable<Int>.create { observer in
        observer.onNext(1)
        observer.onError(BridgeTestError(id: 3))
        return Disposables.create { disposed.fire() }
      }
      var iterator = source.asyncElements.makeAsyncIterator()
      let first = try await iterator.next()
      #expect(first == 1)
      await #expect(throws: BridgeTestError(id: 3)) { try await iterator.next() }
      let after = try await iterator.next()
      #expect(after == nil)
      #expect(disposed.count == 1)
    }
  }

  @Test("makeAsyncIterator does not subscribe; each iteration subscribes once")
  func lazyAndRepeatable() async throws {
    try await withLeakChecking {
      let subscriptions = BridgeSignal()
      let source = Observable<Int>.create { observer in
        subscriptions.fire()
        observer.onNext(subscriptions.count)
        observer.onCompleted()
        return Disposables.create()
      }
      let sequence = source.asyncElements
      var iterator = sequence.makeAsyncIterator()
      expectEqual(subscriptions.count, 0)
      let first = try await iterator.next()
      expectEqual(first, 1)
      var second: [Int] = []
      for try await value in sequence { second.append(value) }
      expectEqual(second, [2])
    }
  }

  @Test("cancellation while suspended in next() disposes at once and throws by default")
  func cancelWhileSuspendedThrowsByDefault() async {
    await withLeakChecking {
      let source = BridgeSource<Int>()
      let iterator = source.observable.asyncElements.makeAsyncIterator()
      let storage = iterator.storage
      let consumer = Task {
        var iterator = iterator
        return try await iterator.next()
      }
      let suspended = await bridgeEventually { storage.hasWaiter }
      #expect(suspended)
      #expect(source.disposed.count == 0)
      consumer.cancel()
      #expect(source.disposed.count == 1)
      await #expect(throws: CancellationError.self) { try await consumer.value }
    }
  }

  @Test("the method's default is .throwCancellationError too; .finish ends the loop quietly")
  func cancelWhileSuspendedFinishes() async throws {
    try await withLeakChecking {
      let thrower = BridgeSource<Int>()
      let throwing = Task {
        for try await _ in thrower.observable.asyncElements(bufferingPolicy: .unbounded) {}
      }
      await thrower.subscribed.wait()
      throwing.cancel()
      await #expect(throws: CancellationError.self) { try await throwing.value }
      #expect(thrower.disposed.count == 1)

      let source = BridgeSource<Int>()
      let iterator = source.observable.asyncElements(onCancellation: .finish)
        .makeAsyncIterator()
      let storage = iterator.storage
      let consumer = Task {
        var iterator = iterator
        return try await iterator.next()
      }
      let suspended = await bridgeEventually { storage.hasWaiter }
      #expect(suspended)
      consumer.cancel()
      #expect(source.disposed.count == 1)
      let result = try await consumer.value
      #expect(result == nil)
    }
  }

  @Test("with .throwCancellationError, a task cancelled before the start throws, unsubscribed")
  func cancelledBeforeStartThrows() async throws {
    await withLeakChecking {
      let source = BridgeSource<Int>()
      let sequence = source.observable.asyncElements(onCancellation: .throwCancellationError)
      let consumer = Task {
        bridgeCancelCurrentTask()
        for try await _ in sequence {}
      }
      await #expect(throws: CancellationError.self) { try await consumer.value }
      #expect(source.subscribed.count == 0)
    }
  }

  @Test("cancellation with elements already taken from the buffer drops them and disposes")
  func cancelWithBufferedBatch() async throws {
    await withLeakChecking {
      let disposed = BridgeSignal()
      let source = bridgeBurst([1, 2, 3, 4], completes: false, disposed: disposed)
      let consumer = Task {
        var received: [Int] = []
        for try await value in source.asyncElements(onCancellation: .throwCancellationError) {
          received.append(value)
          bridgeCancelCurrentTask()
        }
        return received
      }
      await #expect(throws: CancellationError.self) { try await consumer.value }
      #expect(disposed.count == 1)
    }
  }

  @Test("cancelling while elements wait in a bounded buffer disposes, drops them and throws")
  func cancelWithFullBoundedBuffer() async {
    await withLeakChecking {
      let source = BridgeSource<Int>()
      let received = BridgeSignal()
      let values = BridgeBox<[Int]>([])
      let consumer = Task {
        for try await value in source.observable.asyncElements(bufferingPolicy: .bufferingNewest(2))
        {
          values.mutate { $0.append(value) }
          received.fire()
          await bridgeWaitForCancellation()
        }
      }
      await source.subscribed.wait()
      source.send(1)
      await received.wait()
      source.send(2)
      source.send(3)
      consumer.cancel()
      await #expect(throws: CancellationError.self) { try await consumer.value }
      #expect(values.value == [1])
      #expect(source.disposed.count == 1)
    }
  }

  @Test("releasing the iterator before it finished disposes the subscription")
  func releaseDisposes() async throws {
    try await withLeakChecking {
      let disposed = BridgeSignal()
      do {
        var iterator = bridgeBurst([1, 2], completes: false, disposed: disposed).asyncElements
          .makeAsyncIterator()
        let first = try await iterator.next()
        expectEqual(first, 1)
        expectEqual(disposed.count, 0)
      }
      expectEqual(disposed.count, 1)
    }
  }

  @Test("a thrown error from the loop body disposes the upstream")
  func throwFromBody() async {
    await withLeakChecking {
      let disposed = BridgeSignal()
      let source = bridgeBurst([1, 2], completes: false, disposed: disposed)
      await #expect(throws: BridgeTestError.self) {
        for try await _ in source.asyncElements { throw BridgeTestError() }
      }
      #expect(disposed.count == 1)
    }
  }

  @Test("a loop isolated to the main actor iterates without leaving it")
  func mainActorConsumer() async throws {
    try await withLeakChecking {
      let received = try await Self.iterateOnMainActor()
      expectEqual(received, [0, 1, 2])
    }
  }

  @MainActor
  private static func iterateOnMainActor() async throws -> [Int] {
    var received: [Int] = []
    for try await value in Observable.range(start: 0, count: 3).asyncElements {
      MainActor.assertIsolated()
      received.append(value)
    }
    return received
  }
}

extension AsyncElementsTests {
  static let copyPolicies: [AsyncBufferingPolicy] = [
    .unbounded, .bufferingOldest(10), .bufferingNewest(10), .failingOnOverflow(10),
  ]

  @Test(
    "copies of an iterator share its position: each element once, whichever copy takes a batch",
    arguments: copyPolicies)
  func copiesSharePosition(policy: AsyncBufferingPolicy) async throws {
    let subject = BehaviorSubject(value: 0)
    var original = subject.asyncElements(bufferingPolicy: policy).makeAsyncIterator()
    var received = [try await original.next()]
    var copy = original
    // Elements arrive between calls, so either copy may be the one that takes the next batch.
    let pattern = [true, false, false, true, false, true, true, false, true]
    for round in 0..<12 {
      for offset in 1...3 { subject.onNext(round * 3 + offset) }
      for call in 0..<3 {
        let useOriginal = pattern[(round + call) % pattern.count]
        received.append(useOriginal ? try await original.next() : try await copy.next())
      }
    }
    expectEqual(received, Array(0...36))
    subject.onCompleted()
    #expect(try await copy.next() == nil)
    #expect(try await original.next() == nil)
  }

  @Test(
    "a copy made before the first next() shares the subscription and the position",
    arguments: copyPolicies)
  func copyBeforeFirstNext(policy: AsyncBufferingPolicy) async throws {
    let disposed = BridgeSignal()
    let sequence = bridgeBurst([1, 2, 3, 4], disposed: disposed)
      .asyncElements(bufferingPolicy: policy)
    var original = sequence.makeAsyncIterator()
    var copy = original
    let first = try await original.next()
    let second = try await copy.next()
    let third = try await copy.next()
    let fourth = try await original.next()
    expectEqual([first, second, third, fourth], [1, 2, 3, 4])
    #expect(try await copy.next() == nil)
    #expect(try await original.next() == nil)
    expectEqual(disposed.count, 1)
  }
}
