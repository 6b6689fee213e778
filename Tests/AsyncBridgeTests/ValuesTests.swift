import ObservableCore
import ObservableTesting
import Testing

@testable import AsyncBridge

@Suite("values (Observable → AsyncThrowingStream)", .timeLimit(.minutes(1)))
struct ValuesTests {
  @Test("delivers every element, then ends when the Observable completes")
  func elementsAndCompletion() async throws {
    try await withLeakChecking {
      var received: [Int] = []
      for try await value in Observable.range(start: 0, count: 5).values {
        received.append(value)
      }
      expectEqual(received, [0, 1, 2, 3, 4])
    }
  }

  @Test("an Rx error reaches the loop unchanged, after the elements before it")
  func errorUnchanged() async {
    await withLeakChecking {
      let source = Observable<Int>.create { observer in
        observer.onNext(1)
        observer.onError(BridgeTestError(id: 7))
        return Disposables.create()
      }
      var received: [Int] = []
      do {
        for try await value in source.values { received.append(value) }
        Issue.record("the loop should have thrown")
      } catch {
        expectEqual(error as? BridgeTestError, BridgeTestError(id: 7))
      }
      expectEqual(received, [1])
    }
  }

  @Test("the stream type is AsyncThrowingStream; a Single's values work too")
  func types() async throws {
    try await withLeakChecking {
      let stream: AsyncThrowingStream<Int, any Error> = Observable.just(3).values
      var received: [Int] = []
      for try await value in stream { received.append(value) }
      for try await value in Single.just(4).values { received.append(value) }
      expectEqual(received, [3, 4])
    }
  }

  @Test("reading values subscribes, as in RxSwift; elements sent before the loop are buffered")
  func subscribesWhenRead() async throws {
    try await withLeakChecking {
      let source = BridgeSource<Int>()
      let stream = source.observable.values
      expectEqual(source.subscribed.count, 1)
      source.send(41)
      source.send(42)
      source.complete()
      var received: [Int] = []
      for try await value in stream { received.append(value) }
      expectEqual(received, [41, 42])
      expectEqual(source.disposed.count, 1)
    }
  }

  @Test("a task cancelled before the loop starts: disposed, and the loop throws CancellationError")
  func cancelledBeforeStart() async {
    await withLeakChecking {
      let source = BridgeSource<Int>()
      let consumer = Task { () async throws -> Int in
        bridgeCancelCurrentTask()
        var count = 0
        for try await _ in source.observable.values { count += 1 }
        return count
      }
      await #expect(throws: CancellationError.self) { try await consumer.value }
      #expect(source.subscribed.count == 1)
      #expect(source.disposed.count == 1)
    }
  }

  @Test("in a task already cancelled, what a synchronous source sent during subscribe arrives")
  func cancelledBeforeStartSynchronousSource() async throws {
    try await withLeakChecking {
      let consumer = Task { () async throws -> [Int] in
        bridgeCancelCurrentTask()
        var received: [Int] = []
        for try await value in Observable.of(1, 2, 3).values { received.append(value) }
        return received
      }
      let elements = try await consumer.value
      expectEqual(elements, [1, 2, 3])
      let failing = Task { () async -> ([Int], (any Error)?) in
        bridgeCancelCurrentTask()
        var received: [Int] = []
        do {
          for try await value in bridgeBurst([7])
            .concat(Observable.error(BridgeTestError(id: 3))).values
          {
            received.append(value)
          }
          return (received, nil)
        } catch {
          return (received, error)
        }
      }
      let (received, error) = await failing.value
      expectEqual(received, [7])
      expectEqual(error as? BridgeTestError, BridgeTestError(id: 3))
    }
  }

  @Test("cancelling the consuming task while it waits disposes the upstream and throws")
  func cancelWhileSuspended() async {
    await withLeakChecking {
      let source = BridgeSource<Int>()
      let received = BridgeSignal()
      let values = BridgeBox<[Int]>([])
      let consumer = Task {
        for try await value in source.observable.values {
          values.mutate { $0.append(value) }
          received.fire()
        }
      }
      await source.subscribed.wait()
      source.send(1)
      await received.wait()
      consumer.cancel()
      await #expect(throws: CancellationError.self) { try await consumer.value }
      #expect(values.value == [1])
      #expect(source.disposed.count == 1)
    }
  }

  @Test("cancelled while the body runs: disposes, delivers what was buffered, then throws")
  func cancelWhileBodyRuns() async {
    await withLeakChecking {
      let source = BridgeSource<Int>()
      let received = BridgeSignal()
      let values = BridgeBox<[Int]>([])
      let disposedBeforeSecond = BridgeBox<Bool?>(nil)
      let consumer = Task {
        for try await value in source.observable.values {
          values.mutate { $0.append(value) }
          if value == 2 { disposedBeforeSecond.value = source.disposed.count == 1 }
          received.fire()
          if value == 1 { await bridgeWaitForCancellation() }
        }
      }
      await source.subscribed.wait()
      source.send(1)
      await received.wait()
      source.send(2)
      source.send(3)
      consumer.cancel()
      await #expect(throws: CancellationError.self) { try await consumer.value }
      #expect(values.value == [1, 2, 3])
      #expect(disposedBeforeSecond.value == true)
      #expect(source.disposed.count == 1)
    }
  }

  @Test("cancelling with a full buffer disposes the upstream; the buffer arrives, then the error")
  func cancelWithFullBuffer() async {
    await withLeakChecking {
      let source = BridgeSource<Int>()
      let received = BridgeSignal()
      let dropped = DropCounter()
      let values = BridgeBox<[Int]>([])
      let consumer = Task {
        let stream = source.observable.values(
          bufferingPolicy: .bufferingOldest(2), dropCounter: dropped)
        for try await value in stream {
          values.mutate { $0.append(value) }
          received.fire()
          if value == 1 { await bridgeWaitForCancellation() }
        }
      }
      await source.subscribed.wait()
      source.send(1)
      await received.wait()
      source.send(2)
      source.send(3)
      source.send(4)
      #expect(dropped.count == 1)
      consumer.cancel()
      await #expect(throws: CancellationError.self) { try await consumer.value }
      #expect(values.value == [1, 2, 3])
      #expect(source.disposed.count == 1)
    }
  }

  @Test("completion before cancellation wins: the loop ends without an error")
  func completedThenCancelled() async throws {
    try await withLeakChecking {
      let source = BridgeSource<Int>()
      let received = BridgeSignal()
      let consumer = Task {
        var values: [Int] = []
        for try await value in source.observable.values {
          values.append(value)
          received.fire()
          if value == 1 { await bridgeWaitForCancellation() }
        }
        return values
      }
      await source.subscribed.wait()
      source.send(1)
      await received.wait()
      source.send(2)
      source.complete()
      consumer.cancel()
      let elements = try await consumer.value
      expectEqual(elements, [1, 2])
      expectEqual(source.disposed.count, 1)
    }
  }

  @Test("a stream that is never iterated is disposed when it is released")
  func releasedUnread() {
    withLeakChecking {
      let source = BridgeSource<Int>()
      do {
        let stream = source.observable.values
        _ = stream
      }
      expectEqual(source.subscribed.count, 1)
      expectEqual(source.disposed.count, 1)
    }
  }

  @Test("break, return and throw out of the loop dispose the upstream at once")
  func leavingEarly() async throws {
    try await withLeakChecking {
      let disposed = BridgeSignal()
      let source = bridgeBurst([1, 2, 3], completes: false, disposed: disposed)

      for try await _ in source.values { break }
      expectEqual(disposed.count, 1)

      func firstValue() async throws -> Int? {
        for try await value in source.values { return value }
        return nil
      }
      let result = try await firstValue()
      expectEqual(result, 1)
      expectEqual(disposed.count, 2)

      do {
        for try await _ in source.values { throw BridgeTestError(id: 1) }
      } catch {
        expectEqual(error as? BridgeTestError, BridgeTestError(id: 1))
      }
      expectEqual(disposed.count, 3)
    }
  }

  @Test(
    "two tasks waiting in one stream's next(): Swift stops the program, no loop ends quietly"
  )
  func twoIteratorsStopTheProgram() async {
    // An Observable's `values` is Swift's `AsyncThrowingStream`, as in RxSwift, which has one
    // consumer: the second task to wait in `next()` traps, with Swift's message. The first
    // loop never ends as if the source had completed.
    await #expect(
      processExitsWith: .failure, observing: [\.standardOutputContent, \.standardErrorContent]
    ) {
      let subject = PublishSubject<Int>()
      let stream = subject.values
      let loops = (0..<2).map { _ in
        Task {
          for try await _ in stream {}
          print("a loop ended before the source did")
        }
      }
      for loop in loops { _ = await loop.result }
      print("both loops ended")
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(message.contains("attempt to await next() on more than one task"))
      #expect(!String(decoding: result.standardOutputContent, as: UTF8.self).contains("ended"))
    }
  }
}

@Suite("values (Infallible → AsyncStream)", .timeLimit(.minutes(1)))
struct InfallibleValuesTests {
  @Test("delivers every element of an Infallible as an AsyncStream, then ends")
  func elements() async {
    await withLeakChecking {
      let stream: AsyncStream<Int> = Observable.range(start: 1, count: 3)
        .asInfallible(onErrorJustReturn: 0).values
      var received: [Int] = []
      for await value in stream { received.append(value) }
      expectEqual(received, [1, 2, 3])
    }
  }

  @Test("takes Swift's buffering policy and counts drops")
  func buffering() async {
    await withLeakChecking {
      let dropped = DropCounter()
      let infallible = bridgeBurst([1, 2, 3, 4]).asInfallible(onErrorJustReturn: 0)
      var received: [Int] = []
      for await value in infallible.values(
        bufferingPolicy: .bufferingNewest(1), dropCounter: dropped)
      {
        received.append(value)
      }
      expectEqual(received, [4])
      expectEqual(dropped.count, 3)
    }
  }

  @Test("cancelling the consuming task disposes the upstream; the loop ends quietly")
  func cancellation() async {
    await withLeakChecking {
      let source = BridgeSource<Int>()
      let infallible = source.observable.asInfallible(onErrorJustReturn: 0)
      let consumer = Task {
        var count = 0
        for await _ in infallible.values { count += 1 }
        return count
      }
      await source.subscribed.wait()
      consumer.cancel()
      #expect(await consumer.value == 0)
      expectEqual(source.disposed.count, 1)
    }
  }

  @Test("a task cancelled before the loop starts never subscribes; the loop ends quietly")
  func cancelledBeforeStart() async {
    await withLeakChecking {
      let source = BridgeSource<Int>()
      let stream = source.observable.asInfallible(onErrorJustReturn: 0).values
      let consumer = Task {
        bridgeCancelCurrentTask()
        var count = 0
        for await _ in stream { count += 1 }
        return count
      }
      #expect(await consumer.value == 0)
      expectEqual(source.subscribed.count, 0)
    }
  }

  @Test("break out of the loop disposes the upstream")
  func leavingEarly() async {
    await withLeakChecking {
      let disposed = BridgeSignal()
      let infallible = bridgeBurst([1, 2], completes: false, disposed: disposed)
        .asInfallible(onErrorJustReturn: 0)
      for await _ in infallible.values { break }
      expectEqual(disposed.count, 1)
    }
  }

  @Test("two tasks iterating one stream take turns: each element once, neither ends early")
  func twoIterators() async {
    await withLeakChecking {
      let source = BridgeSource<Int>()
      let stream = source.observable.asInfallible(onErrorJustReturn: -1).values
      let received = BridgeBox<[[Int]]>([[], []])
      func iterate(_ slot: Int) -> Task<Void, Never> {
        Task {
          for await value in stream { received.mutate { $0[slot].append(value) } }
        }
      }
      let first = iterate(0)
      // The first loop has subscribed and waits inside `next()` for an element.
      await source.subscribed.wait()
      let second = iterate(1)
      for value in 0..<5 {
        source.send(value)
        let arrived = await bridgeEventually {
          received.value.joined().count == value + 1
        }
        #expect(arrived, "element \(value) never reached either loop")
      }
      #expect(source.disposed.count == 0, "the subscription ended before the source did")
      source.complete()
      await first.value
      await second.value
      #expect(received.value.joined().sorted() == [0, 1, 2, 3, 4])
      #expect(received.value.allSatisfy { $0 == $0.sorted() })
      #expect(source.disposed.count == 1)
    }
  }

  @Test("cancelling a second task ends both loops at once and disposes the subscription")
  func waitingIteratorCancelled() async {
    await withLeakChecking {
      let source = BridgeSource<Int>()
      let stream = source.observable.asInfallible(onErrorJustReturn: -1).values
      let first = Task { for await _ in stream {} }
      await source.subscribed.wait()
      let second = Task {
        var count = 0
        for await _ in stream { count += 1 }
        return count
      }
      second.cancel()
      #expect(await second.value == 0)
      // An `AsyncStream` ends for every task once one of them is cancelled: the first loop,
      // waiting inside `next()` for an element that never comes, ends now.
      await first.value
      expectEqual(source.disposed.count, 1)
    }
  }
}
