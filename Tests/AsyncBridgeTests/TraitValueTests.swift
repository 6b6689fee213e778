import ObservableCore
import ObservableTesting
import Testing

@testable import AsyncBridge

@Suite("value (Single, Maybe, Completable → async)", .timeLimit(.minutes(1)))
struct TraitValueTests {
  @Test("single.value returns the element")
  func singleValue() async throws {
    try await withLeakChecking {
      let value = try await Single.just(5).value
      expectEqual(value, 5)
    }
  }

  @Test("single.value throws the Rx error unchanged")
  func singleError() async {
    await withLeakChecking { () async -> Void in
      await #expect(throws: BridgeTestError(id: 2)) {
        try await Single<Int>.error(BridgeTestError(id: 2)).value
      }
    }
  }

  @Test("single.value awaits an element sent later from another task")
  func singleLater() async throws {
    try await withLeakChecking {
      let source = BridgeSource<Int>()
      let consumer = Task { try await source.observable.take(1).asSingle().value }
      await source.subscribed.wait()
      source.send(9)
      let value = try await consumer.value
      expectEqual(value, 9)
      expectEqual(source.disposed.count, 1)
    }
  }

  @Test("in a task already cancelled, an outcome delivered during subscribe is returned")
  func cancelledBeforeStartSynchronousOutcome() async throws {
    try await withLeakChecking {
      let consumer = Task { () async throws -> [String] in
        bridgeCancelCurrentTask()
        var outcomes: [String] = []
        outcomes.append("single \(try await Single.just(1).value)")
        outcomes.append("maybe \(String(describing: try await Maybe.just(2).value))")
        outcomes.append("empty maybe \(String(describing: try await Maybe<Int>.empty().value))")
        try await Completable.empty().value
        outcomes.append("completable")
        outcomes.append("first \(String(describing: try await Observable.of(3, 4).first().value))")
        do {
          _ = try await Single<Int>.error(BridgeTestError(id: 5)).value
        } catch {
          outcomes.append("single error \(error)")
        }
        do {
          try await Completable.error(BridgeTestError(id: 6)).value
        } catch {
          outcomes.append("completable error \(error)")
        }
        outcomes.append("still cancelled: \(Task.isCancelled)")
        return outcomes
      }
      let outcomes = try await consumer.value
      expectEqual(
        outcomes,
        [
          "single 1", "maybe Optional(2)", "empty maybe nil", "completable", "first Optional(3)",
          "single error \(BridgeTestError(id: 5))", "completable error \(BridgeTestError(id: 6))",
          "still cancelled: true",
        ])
    }
  }

  @Test("in a task already cancelled, a later outcome: subscribes, disposes, throws at once")
  func cancelledBeforeStartLaterOutcome() async {
    await withLeakChecking {
      let single = BridgeSource<Int>()
      let maybe = BridgeSource<Int>()
      let completable = BridgeSource<Never>()
      let consumer = Task { () async -> [Bool] in
        bridgeCancelCurrentTask()
        var threw: [Bool] = []
        do { _ = try await single.observable.asSingle().value } catch {
          threw.append(error is CancellationError)
        }
        do { _ = try await maybe.observable.asMaybe().value } catch {
          threw.append(error is CancellationError)
        }
        do { try await completable.observable.asCompletable().value } catch {
          threw.append(error is CancellationError)
        }
        return threw
      }
      #expect(await consumer.value == [true, true, true])
      for source in [single, maybe] {
        expectEqual(source.subscribed.count, 1)
        expectEqual(source.disposed.count, 1)
      }
      expectEqual(completable.subscribed.count, 1)
      expectEqual(completable.disposed.count, 1)
    }
  }

  @Test("cancelling while suspended disposes the upstream, then throws CancellationError")
  func cancelWhileSuspended() async {
    await withLeakChecking {
      let single = BridgeSource<Int>()
      let maybe = BridgeSource<Int>()
      let completable = BridgeSource<Never>()
      let singleTask = Task { try await single.observable.asSingle().value }
      let maybeTask = Task { try await maybe.observable.asMaybe().value }
      let completableTask = Task { try await completable.observable.asCompletable().value }
      await single.subscribed.wait()
      await maybe.subscribed.wait()
      await completable.subscribed.wait()
      singleTask.cancel()
      maybeTask.cancel()
      completableTask.cancel()
      await #expect(throws: CancellationError.self) { try await singleTask.value }
      await #expect(throws: CancellationError.self) { try await maybeTask.value }
      await #expect(throws: CancellationError.self) { try await completableTask.value }
      #expect(single.disposed.count == 1)
      #expect(maybe.disposed.count == 1)
      #expect(completable.disposed.count == 1)
    }
  }

  @Test("maybe.value returns the element, or nil when the Maybe completes empty")
  func maybeValue() async throws {
    try await withLeakChecking {
      let some = try await Maybe.just(3).value
      let none = try await Maybe<Int>.empty().value
      #expect(some == 3)
      #expect(none == nil)
      await #expect(throws: BridgeTestError(id: 4)) {
        try await Maybe<Int>.error(BridgeTestError(id: 4)).value
      }
    }
  }

  @Test("completable.value returns on completion and throws the Rx error unchanged")
  func completableValue() async throws {
    try await withLeakChecking {
      try await Completable.empty().value
      await #expect(throws: BridgeTestError(id: 5)) {
        try await Completable.error(BridgeTestError(id: 5)).value
      }
    }
  }

  @Test("an Observable is awaited through first(), asSingle() and asMaybe()")
  func observableThroughTraits() async throws {
    try await withLeakChecking {
      let numbers = Observable.range(start: 10, count: 3)
      let first = try await numbers.first().value
      let none = try await Observable<Int>.empty().first().value
      let single = try await Observable.just(1).asSingle().value
      let maybe = try await Observable<Int>.empty().asMaybe().value
      #expect(first == 10)
      #expect(none == nil)
      #expect(single == 1)
      #expect(maybe == nil)
      await #expect(throws: RxError.noElements) {
        try await Observable<Int>.empty().asSingle().value
      }
      await #expect(throws: RxError.moreThanOneElement) { try await numbers.asSingle().value }
    }
  }

  @Test("toArray().value and takeLast(1).asMaybe().value await a whole sequence")
  func awaitWholeSequence() async throws {
    try await withLeakChecking {
      let numbers = Observable.range(start: 1, count: 4)
      let all = try await numbers.toArray().value
      let none = try await Observable<Int>.empty().toArray().value
      let last = try await numbers.takeLast(1).asMaybe().value
      let noLast = try await Observable<Int>.empty().takeLast(1).asMaybe().value
      #expect(all == [1, 2, 3, 4])
      #expect(none == [])
      #expect(last == 4)
      #expect(noLast == nil)
      await #expect(throws: BridgeTestError.self) {
        try await Observable<Int>.error(BridgeTestError()).toArray().value
      }
    }
  }

  @Test("toArray().value over an asynchronous source awaits without blocking a thread")
  func toArrayAwaitsAsyncSource() async throws {
    try await withLeakChecking {
      let subject = PublishSubject<Int>()
      async let all = subject.toArray().value
      while !subject.hasObservers { await Task.yield() }
      for value in 0..<3 { subject.onNext(value) }
      subject.onCompleted()
      let received = try await all
      expectEqual(received, [0, 1, 2])
    }
  }

  @Test("first().value disposes the upstream as soon as the first element arrives")
  func firstDisposesUpstream() async throws {
    try await withLeakChecking {
      let source = BridgeSource<Int>()
      let consumer = Task { try await source.observable.first().value }
      await source.subscribed.wait()
      source.send(1)
      let value = try await consumer.value
      expectEqual(value, 1)
      expectEqual(source.disposed.count, 1)
    }
  }
}
