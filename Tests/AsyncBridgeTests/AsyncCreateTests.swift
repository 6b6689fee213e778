import ObservableCore
import ObservableTesting
import Testing

@testable import AsyncBridge

@Suite(
  "async create (async closures → Single, Maybe, Completable, Observable)", .timeLimit(.minutes(1)))
struct AsyncCreateTests {
  @Test("Single.create runs the async closure and emits its result")
  func singleSuccess() async {
    await withLeakChecking {
      let observer = TestableObserver<Int>()
      let subscription = Single<Int>.create {
        await Task.yield()
        return 21 * 2
      }.asObservable().subscribe(observer)
      #expect(await observer.waitForTermination())
      expectEqual(observer.events.map(\.value), [.next(42), .completed])
      subscription.dispose()
    }
  }

  @Test("Single.create fails with what the closure throws")
  func singleFailure() async {
    await withLeakChecking { () async -> Void in
      await #expect(throws: BridgeTestError(id: 11)) {
        try await Single<Int>.create { throw BridgeTestError(id: 11) }.value
      }
    }
  }

  @Test("disposing a Single.create subscription cancels the task running the closure")
  func singleDisposeCancels() async {
    await withLeakChecking {
      let started = BridgeSignal()
      let cancelled = BridgeSignal()
      let observer = TestableObserver<Int>()
      let subscription = Single<Int>.create {
        started.fire()
        await bridgeWaitForCancellation(cancelled)
        return 1
      }.asObservable().subscribe(observer)
      await started.wait()
      subscription.dispose()
      await cancelled.wait()
      #expect(observer.events.isEmpty)
    }
  }

  @Test("Maybe.create: a value succeeds, nil completes empty, a throw fails")
  func maybe() async throws {
    try await withLeakChecking {
      let some = try await Maybe<Int>.create { 5 }.value
      let none = try await Maybe<Int>.create { nil }.value
      #expect(some == 5)
      #expect(none == nil)
      await #expect(throws: BridgeTestError(id: 12)) {
        try await Maybe<Int>.create { throw BridgeTestError(id: 12) }.value
      }
    }
  }

  @Test("Completable.create completes when the closure returns and fails when it throws")
  func completable() async throws {
    try await withLeakChecking {
      let ran = BridgeSignal()
      try await Completable.create { ran.fire() }.value
      #expect(ran.count == 1)
      await #expect(throws: BridgeTestError(id: 13)) {
        try await Completable.create { throw BridgeTestError(id: 13) }.value
      }
    }
  }

  @Test("a synchronous subscribe closure still selects the synchronous create")
  func synchronousCreateStillSelected() {
    withLeakChecking {
      let received = BridgeBox<[Int]>([])
      let single = Single<Int>.create { observer in
        observer(.success(1))
        return Disposables.create()
      }
      let observable = Observable<Int>.create { observer in
        observer.onNext(2)
        observer.onCompleted()
        return Disposables.create()
      }
      // Synchronous sources deliver before `subscribe` returns; the async ones could not.
      _ = single.subscribe(onSuccess: { value in received.mutate { $0.append(value) } })
      _ = observable.subscribe(onNext: { value in received.mutate { $0.append(value) } })
      expectEqual(received.value, [1, 2])
    }
  }

  @Test("Observable.create with an async closure sends its elements, then completes on return")
  func observableCreate() async {
    await withLeakChecking {
      let observer = TestableObserver<Int>()
      let subscription = Observable<Int>.create { observer in
        for value in 1...3 {
          await Task.yield()
          observer.onNext(value)
        }
      }.subscribe(observer)
      #expect(await observer.waitForTermination())
      expectEqual(observer.events.map(\.value), [.next(1), .next(2), .next(3), .completed])
      subscription.dispose()
    }
  }

  @Test("Observable.create with an async closure fails with what it throws")
  func observableCreateThrows() async {
    await withLeakChecking {
      let observer = TestableObserver<Int>()
      let subscription = Observable<Int>.create { observer in
        observer.onNext(1)
        throw BridgeTestError(id: 14)
      }.subscribe(observer)
      #expect(await observer.waitForTermination())
      expectEqual(observer.events.map(\.value), [.next(1), .error(BridgeTestError(id: 14))])
      subscription.dispose()
    }
  }

  @Test("a terminal event sent by the closure is the only one; later events are dropped")
  func observableCreateOwnTerminal() async {
    await withLeakChecking {
      let observer = TestableObserver<Int>()
      let finished = BridgeSignal()
      let subscription = Observable<Int>.create { observer in
        observer.onNext(1)
        observer.onCompleted()
        observer.onNext(2)
        finished.fire()
        throw BridgeTestError()
      }.subscribe(observer)
      await finished.wait()
      #expect(await observer.waitForTermination())
      expectEqual(observer.events.map(\.value), [.next(1), .completed])
      #expect(observer.grammarViolations.isEmpty)
      subscription.dispose()
    }
  }

  @Test("disposing cancels the task; nothing is delivered after disposal")
  func observableCreateDispose() async {
    await withLeakChecking {
      let cancelled = BridgeSignal()
      let sent = BridgeSignal()
      let observer = TestableObserver<Int>()
      let subscription = Observable<Int>.create { observer in
        observer.onNext(1)
        sent.fire()
        await bridgeWaitForCancellation(cancelled)
        observer.onNext(2)
        throw CancellationError()
      }.subscribe(observer)
      await sent.wait()
      subscription.dispose()
      await cancelled.wait()
      expectEqual(observer.events.map(\.value), [.next(1)])
    }
  }

  @Test("elements sent concurrently from child tasks are serialized")
  func observableCreateConcurrentSends() async {
    await withLeakChecking {
      let observer = TestableObserver<Int>()
      let subscription = Observable<Int>.create { observer in
        await withTaskGroup(of: Void.self) { group in
          for worker in 0..<4 {
            group.addTask {
              for value in 0..<250 { observer.onNext(worker * 1_000 + value) }
            }
          }
        }
      }.subscribe(observer)
      #expect(await observer.waitForTermination())
      expectEqual(observer.elements.count, 1_000)
      #expect(observer.grammarViolations.isEmpty)
      subscription.dispose()
    }
  }
}
