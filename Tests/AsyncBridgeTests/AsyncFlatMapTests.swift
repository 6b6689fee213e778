import ObservableCore
import ObservableTesting
import Testing

@testable import AsyncBridge

/// Per-element gates and signals for async transforms that the test releases one by one.
private struct Gates: Sendable {
  let open: [Int: BridgeSignal]
  let started = BridgeSignal()
  let cancelled = BridgeSignal()

  init(_ keys: [Int]) {
    open = Dictionary(uniqueKeysWithValues: keys.map { ($0, BridgeSignal()) })
  }

  /// Waits for the element's gate, then returns the element times ten.
  func gated(_ value: Int) async -> Int {
    started.fire()
    await open[value]?.wait()
    return value * 10
  }

  /// Waits until cancelled, then returns `value`, which must be dropped.
  func untilCancelled(_ value: Int) async -> Int {
    started.fire()
    await bridgeWaitForCancellation(cancelled)
    return value
  }
}

@Suite("async map, flatMap, concatMap, flatMapLatest", .timeLimit(.minutes(1)))
struct AsyncFlatMapTests {
  @Test("map with an async transform emits results in order, then completes")
  func mapInOrder() async {
    await withLeakChecking {
      let observer = TestableObserver<Int>()
      let subscription = Observable.range(start: 1, count: 5)
        .map { value async -> Int in
          for _ in 0..<(5 - value) { await Task.yield() }
          return value * 10
        }
        .subscribe(observer)
      #expect(await observer.waitForTermination())
      #expect(
        observer.events.map(\.value) == [10, 20, 30, 40, 50].map { .next($0) } + [.completed])
      subscription.dispose()
    }
  }

  @Test("a synchronous closure still selects the synchronous map")
  func synchronousMapStillSelected() {
    withLeakChecking {
      let received = BridgeBox<[Int]>([])
      let mapped: Observable<Int> = Observable.just(1).map { $0 + 1 }
      // The synchronous map delivers before `subscribe` returns; the async one could not.
      _ = mapped.subscribe(onNext: { value in received.mutate { $0.append(value) } })
      expectEqual(received.value, [2])
    }
  }

  @Test("synchronous closures still select the synchronous flatMap, concatMap and flatMapLatest")
  func synchronousFlatteningStillSelected() {
    withLeakChecking {
      let received = BridgeBox<[String]>([])
      // The synchronous operators deliver before `subscribe` returns; the async ones could not.
      _ = Observable.of(1, 2).flatMap { Observable.just("flatMap \($0)") }
        .subscribe(onNext: { value in received.mutate { $0.append(value) } })
      _ = Observable.of(1, 2).concatMap { Observable.just("concatMap \($0)") }
        .subscribe(onNext: { value in received.mutate { $0.append(value) } })
      _ = Observable.of(1, 2).flatMapLatest { Observable.just("flatMapLatest \($0)") }
        .subscribe(onNext: { value in received.mutate { $0.append(value) } })
      expectEqual(
        received.value,
        [
          "flatMap 1", "flatMap 2", "concatMap 1", "concatMap 2", "flatMapLatest 1",
          "flatMapLatest 2",
        ])
    }
  }

  @Test("an error thrown by the transform fails the sequence and disposes the upstream")
  func mapTransformError() async {
    await withLeakChecking {
      let source = BridgeSource<Int>()
      let observer = TestableObserver<Int>()
      let subscription = source.observable
        .map { value async throws -> Int in
          if value == 2 { throw BridgeTestError(id: 20) }
          return value * 10
        }
        .subscribe(observer)
      await source.subscribed.wait()
      source.send(1)
      source.send(2)
      await source.disposed.wait()
      #expect(await observer.waitForTermination())
      expectEqual(observer.events.map(\.value), [.next(10), .error(BridgeTestError(id: 20))])
      subscription.dispose()
    }
  }

  @Test("an upstream error ends the sequence at once and cancels the running task")
  func upstreamErrorCancels() async {
    await withLeakChecking {
      let gates = Gates([])
      let source = BridgeSource<Int>()
      let observer = TestableObserver<Int>()
      let subscription = source.observable.map { await gates.untilCancelled($0) }
        .subscribe(observer)
      await source.subscribed.wait()
      source.send(1)
      await gates.started.wait()
      source.fail(BridgeTestError(id: 21))
      await gates.cancelled.wait()
      expectEqual(observer.events.map(\.value), [.error(BridgeTestError(id: 21))])
      subscription.dispose()
    }
  }

  @Test("completion waits for the running transform")
  func completionWaits() async {
    await withLeakChecking {
      let gates = Gates([1])
      let source = BridgeSource<Int>()
      let observer = TestableObserver<Int>()
      let subscription = source.observable.map { await gates.gated($0) }.subscribe(observer)
      await source.subscribed.wait()
      source.send(1)
      await gates.started.wait()
      source.complete()
      #expect(observer.events.isEmpty)
      gates.open[1]?.fire()
      #expect(await observer.waitForTermination())
      expectEqual(observer.events.map(\.value), [.next(10), .completed])
      subscription.dispose()
    }
  }

  @Test("an upstream that ends early through take(1) does not cut off the running task")
  func upstreamTakeDoesNotCutOff() async {
    await withLeakChecking {
      let gates = Gates([1])
      let source = BridgeSource<Int>()
      let observer = TestableObserver<Int>()
      let subscription = source.observable.take(1).map { await gates.gated($0) }
        .subscribe(observer)
      await source.subscribed.wait()
      source.send(1)
      await source.disposed.wait()
      gates.open[1]?.fire()
      #expect(await observer.waitForTermination())
      expectEqual(observer.events.map(\.value), [.next(10), .completed])
      subscription.dispose()
    }
  }

  @Test("disposing cancels the running task and disposes the upstream")
  func disposeCancels() async {
    await withLeakChecking {
      let gates = Gates([])
      let source = BridgeSource<Int>()
      let observer = TestableObserver<Int>()
      let subscription = source.observable.concatMap { await gates.untilCancelled($0) }
        .subscribe(observer)
      await source.subscribed.wait()
      source.send(1)
      source.send(2)
      await gates.started.wait()
      subscription.dispose()
      await gates.cancelled.wait()
      expectEqual(source.disposed.count, 1)
      expectEqual(gates.started.count, 1)
      #expect(observer.events.isEmpty)
    }
  }

  @Test("concatMap runs one task at a time, in element order")
  func concatMapSequential() async {
    await withLeakChecking {
      let gates = Gates([1, 2, 3])
      let source = BridgeSource<Int>()
      let observer = TestableObserver<Int>()
      let subscription = source.observable.concatMap { await gates.gated($0) }
        .subscribe(observer)
      await source.subscribed.wait()
      for value in 1...3 { source.send(value) }
      source.complete()
      for value in 1...3 {
        await gates.started.wait(for: value)
        expectEqual(gates.started.count, value)
        gates.open[value]?.fire()
      }
      #expect(await observer.waitForTermination())
      expectEqual(observer.events.map(\.value), [.next(10), .next(20), .next(30), .completed])
      subscription.dispose()
    }
  }

  @Test("flatMap runs every task at once and emits results as they finish")
  func flatMapConcurrent() async {
    await withLeakChecking {
      let gates = Gates([1, 2, 3])
      let source = BridgeSource<Int>()
      let observer = TestableObserver<Int>()
      let subscription = source.observable.flatMap { await gates.gated($0) }
        .subscribe(observer)
      await source.subscribed.wait()
      for value in 1...3 { source.send(value) }
      source.complete()
      await gates.started.wait(for: 3)
      var expected: [Int] = []
      for value in [3, 1, 2] {
        gates.open[value]?.fire()
        expected.append(value * 10)
        let wanted = expected
        let delivered = await bridgeEventually { observer.elements == wanted }
        #expect(delivered)
      }
      #expect(await observer.waitForTermination())
      expectEqual(observer.events.map(\.value), [.next(30), .next(10), .next(20), .completed])
      subscription.dispose()
    }
  }

  @Test("an error from one flatMap task fails the sequence and cancels the others")
  func flatMapErrorCancelsOthers() async {
    await withLeakChecking {
      let gates = Gates([])
      let source = BridgeSource<Int>()
      let observer = TestableObserver<Int>()
      let subscription = source.observable
        .flatMap { value async throws -> Int in
          if value == 2 { throw BridgeTestError(id: 22) }
          return await gates.untilCancelled(value)
        }
        .subscribe(observer)
      await source.subscribed.wait()
      source.send(1)
      await gates.started.wait()
      source.send(2)
      await gates.cancelled.wait()
      #expect(await observer.waitForTermination())
      expectEqual(observer.events.map(\.value), [.error(BridgeTestError(id: 22))])
      await source.disposed.wait()
      subscription.dispose()
    }
  }

  @Test("flatMapLatest cancels the previous task when a new element arrives and drops its result")
  func flatMapLatestCancelsPrevious() async {
    await withLeakChecking {
      let gates = Gates([2])
      let source = BridgeSource<Int>()
      let observer = TestableObserver<Int>()
      let subscription = source.observable
        .flatMapLatest { value async -> Int in
          value == 1 ? await gates.untilCancelled(100) : await gates.gated(value)
        }
        .subscribe(observer)
      await source.subscribed.wait()
      source.send(1)
      await gates.started.wait()
      source.send(2)
      await gates.cancelled.wait()
      source.complete()
      #expect(observer.events.isEmpty)
      gates.open[2]?.fire()
      #expect(await observer.waitForTermination())
      expectEqual(observer.events.map(\.value), [.next(20), .completed])
      subscription.dispose()
    }
  }

  @Test("flatMapLatest forwards the current task's error")
  func flatMapLatestError() async {
    await withLeakChecking {
      let observer = TestableObserver<Int>()
      let subscription = Observable.just(1)
        .flatMapLatest { _ async throws -> Int in throw BridgeTestError(id: 23) }
        .subscribe(observer)
      #expect(await observer.waitForTermination())
      expectEqual(observer.events.map(\.value), [.error(BridgeTestError(id: 23))])
      subscription.dispose()
    }
  }

  @Test(
    "concatMap and the async map run no transform the downstream did not take",
    arguments: [false, true])
  func noUnwantedTransforms(asyncMap: Bool) async throws {
    try await withLeakChecking {
      let started = BridgeBox(0)
      let transform: @Sendable (Int) async -> Int = { value in
        started.mutate { $0 += 1 }
        return value
      }
      let source = Observable.from(Array(0..<10))
      let mapped = asyncMap ? source.map(transform) : source.concatMap(transform)
      let taken = try await mapped.take(2).toArray().value
      expectEqual(taken, [0, 1])
      // The third element's transform would start only after the second result was
      // delivered, and by then take(2) had disposed the subscription.
      expectEqual(started.value, 2)
    }
  }

  @Test("flatMap(maxConcurrent:) runs at most that many transforms at once, in completion order")
  func flatMapMaxConcurrent() async {
    await withLeakChecking {
      let gates = Gates([1, 2, 3])
      let running = BridgeBox((now: 0, most: 0))
      let source = BridgeSource<Int>()
      let observer = TestableObserver<Int>()
      let subscription = source.observable
        .flatMap(maxConcurrent: 2) { value async -> Int in
          running.mutate {
            $0.now += 1
            $0.most = max($0.most, $0.now)
          }
          defer { running.mutate { $0.now -= 1 } }
          return await gates.gated(value)
        }
        .subscribe(observer)
      await source.subscribed.wait()
      source.send(1)
      source.send(2)
      source.send(3)
      source.complete()
      await gates.started.wait(for: 2)
      gates.open[2]?.fire()
      #expect(await bridgeEventually { observer.events.count == 1 })
      // 2's result is delivered: 3 takes its slot.
      await gates.started.wait(for: 3)
      gates.open[3]?.fire()
      gates.open[1]?.fire()
      #expect(await observer.waitForTermination())
      #expect(Set(observer.events.dropFirst().compactMap(\.value.element)) == [10, 30])
      #expect(observer.events.first?.value == .next(20))
      #expect(running.value.most == 2)
      subscription.dispose()
    }
  }

  @Test("flatMap(maxConcurrent:) below 1 fails with argumentOutOfRange without subscribing")
  func flatMapMaxConcurrentInvalid() {
    withLeakChecking {
      let source = BridgeSource<Int>()
      let observer = TestableObserver<Int>()
      let subscription = source.observable
        .flatMap(maxConcurrent: 0) { value async in value }
        .subscribe(observer)
      expectEqual(observer.events.map(\.value), [.error(RxError.argumentOutOfRange)])
      expectEqual(source.subscribed.count, 0)
      subscription.dispose()
    }
  }

  @Test(
    "transforms run with the subscriber's priority and task-locals, not the sender's",
    arguments: ["map", "flatMap", "flatMapLatest", "concatMap"])
  func subscriberContext(operatorName: String) async throws {
    let subject = PublishSubject<Int>()
    let probe: @Sendable (Int) async -> (TaskPriority, Int?) = { _ in
      (Task.currentPriority, ContextProbe.value)
    }
    let observed = try await Task(priority: .high) {
      try await ContextProbe.$value.withValue(42) {
        let mapped: Observable<(TaskPriority, Int?)>
        switch operatorName {
        case "flatMap": mapped = subject.flatMap(probe)
        case "flatMapLatest": mapped = subject.flatMapLatest(probe)
        case "concatMap": mapped = subject.concatMap(probe)
        default: mapped = subject.map(probe)
        }
        // Reading `values` subscribes, here, in this task.
        let stream = mapped.values
        Task.detached(priority: .background) { subject.onNext(1) }
        for try await element in stream { return element }
        return (TaskPriority.low, nil)
      }
    }.value
    expectEqual(observed.0, .high)
    expectEqual(observed.1, 42)
  }
}

/// A task-local value that the transforms read.
private enum ContextProbe {
  @TaskLocal static var value: Int?
}
