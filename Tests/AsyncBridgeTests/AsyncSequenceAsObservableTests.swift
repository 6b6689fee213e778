import ObservableCore
import ObservableTesting
import Testing

@testable import AsyncBridge

/// An async sequence that ignores cancellation: each `next()` waits for `gate` to be fired
/// once more, then returns the next element, until `count` elements have been returned.
private struct StubbornSequence: AsyncSequence, Sendable {
  let gate: BridgeSignal
  let entered: BridgeSignal
  let count: Int

  struct AsyncIterator: AsyncIteratorProtocol {
    let gate: BridgeSignal
    let entered: BridgeSignal
    let count: Int
    var produced = 0

    mutating func next() async -> Int? {
      entered.fire()
      guard produced < count else { return nil }
      produced += 1
      await gate.wait(for: produced)
      return produced
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(gate: gate, entered: entered, count: count)
  }
}

/// An async sequence that records the priority of the task iterating it.
private struct PrioritySequence: AsyncSequence, Sendable {
  let seen: BridgeBox<TaskPriority?>

  struct AsyncIterator: AsyncIteratorProtocol {
    let seen: BridgeBox<TaskPriority?>

    mutating func next() async -> Int? {
      seen.value = Task.currentPriority
      return nil
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(seen: seen) }
}

@Suite("asObservable (AsyncSequence → Observable)", .timeLimit(.minutes(1)))
struct AsyncSequenceAsObservableTests {
  @Test("sends every element, then completed")
  func elementsAndCompletion() async {
    await withLeakChecking {
      let stream = AsyncStream<Int> { continuation in
        for value in 1...3 { continuation.yield(value) }
        continuation.finish()
      }
      let observer = TestableObserver<Int>()
      let subscription = stream.asObservable().subscribe(observer)
      #expect(await observer.waitForTermination())
      expectEqual(observer.events.map(\.value), [.next(1), .next(2), .next(3), .completed])
      subscription.dispose()
    }
  }

  @Test("the sequence's error arrives unchanged")
  func errorUnchanged() async {
    await withLeakChecking {
      let stream = AsyncThrowingStream<Int, any Error> { continuation in
        continuation.yield(1)
        continuation.finish(throwing: BridgeTestError(id: 8))
      }
      let observer = TestableObserver<Int>()
      let subscription = stream.asObservable().subscribe(observer)
      #expect(await observer.waitForTermination())
      expectEqual(observer.events.map(\.value), [.next(1), .error(BridgeTestError(id: 8))])
      subscription.dispose()
    }
  }

  @Test("disposing cancels the task: an AsyncStream's onTermination runs with .cancelled")
  func disposeCancelsTask() async {
    await withLeakChecking {
      let terminated = BridgeSignal()
      let wasCancelled = BridgeBox(false)
      let (stream, continuation) = AsyncStream<Int>.makeStream()
      continuation.onTermination = { termination in
        if case .cancelled = termination { wasCancelled.value = true }
        terminated.fire()
      }
      let observer = TestableObserver<Int>()
      let subscription = stream.asObservable().subscribe(observer)
      continuation.yield(1)
      let received = await bridgeEventually { observer.elements == [1] }
      #expect(received)
      subscription.dispose()
      await terminated.wait()
      #expect(wasCancelled.value)
      expectEqual(observer.events.map(\.value), [.next(1)])
    }
  }

  @Test("no event after dispose, even if the sequence yields once more and then ends")
  func nothingAfterDispose() async {
    let scope = await Resources.withScope { scope in
      let gate = BridgeSignal()
      let entered = BridgeSignal()
      let observer = TestableObserver<Int>()
      // `map` runs before `subscribe`'s own check, so it sees whatever the source sends.
      let seenByMap = BridgeBox<[Int]>([])
      var subscription: (any Disposable)? = StubbornSequence(
        gate: gate, entered: entered, count: 2
      ).asObservable()
        .map { value in
          seenByMap.mutate { $0.append(value) }
          return value
        }
        .subscribe(observer)
      gate.fire()
      await entered.wait(for: 2)
      expectEqual(observer.elements, [1])
      subscription?.dispose()
      subscription = nil
      gate.fire()
      // The task ends once the sequence has returned its second element.
      #expect(await bridgeReleased(scope))
      expectEqual(seenByMap.value, [1])
      expectEqual(observer.events.map(\.value), [.next(1)])
      return scope
    }
    expectEqual(scope.live, 0)
  }

  @Test("disposing before the task starts delivers nothing and releases everything")
  func disposeBeforeStart() async {
    await withLeakChecking {
      // One stream and one observer per subscription: a subscription's task may deliver its
      // element and completion before the dispose reaches it, so a shared observer would see
      // events after a terminal event, and tasks iterating one shared stream would take each
      // other's element.
      let observers = (0..<100).map { _ in TestableObserver<Int>() }
      for observer in observers {
        let stream = AsyncStream<Int> { continuation in
          continuation.yield(1)
          continuation.finish()
        }
        stream.asObservable().subscribe(observer).dispose()
      }
      // Every task has ended when the leak check passes; a delivered element would stay in
      // the observer.
      let released = await bridgeEventually { Resources.currentScope?.live == 0 }
      #expect(released)
      for observer in observers {
        #expect(
          observer.events.map(\.value) == []
            || observer.events.map(\.value) == [.next(1)]
            || observer.events.map(\.value) == [.next(1), .completed])
      }
    }
  }

  @Test("the task runs at the given priority")
  func priority() async {
    await withLeakChecking {
      let seen = BridgeBox<TaskPriority?>(nil)
      let observer = TestableObserver<Int>()
      let subscription = PrioritySequence(seen: seen).asObservable(priority: .low)
        .subscribe(observer)
      #expect(await observer.waitForTermination())
      expectEqual(seen.value, .low)
      subscription.dispose()
    }
  }

  @Test("a round trip Observable → async → Observable keeps elements and completion")
  func roundTrip() async {
    await withLeakChecking {
      let observer = TestableObserver<Int>()
      let subscription = Observable.range(start: 0, count: 100).asyncElements.asObservable()
        .subscribe(observer)
      #expect(await observer.waitForTermination())
      expectEqual(observer.elements, Array(0..<100))
      #expect(observer.grammarViolations.isEmpty)
      subscription.dispose()
    }
  }
}
