import ObservableCore
import ObservableTesting
import Testing

@testable import AsyncBridge

/// Disposal racing element arrival, for every conversion, 1,000 times each.
///
/// Every task is awaited, and the leak check at the end waits until every bridging task has
/// ended and every subscription has been released.
@Suite("dispose racing element arrival", .timeLimit(.minutes(2)))
struct BridgeRaceTests {
  static let rounds = 1_000

  @Test("values: cancelling the consumer while elements arrive")
  func valuesRace() async {
    await withLeakChecking {
      for round in 0..<Self.rounds {
        let source = BridgeSource<Int>()
        let consumer = Task {
          var received: [Int] = []
          do {
            for try await value in source.observable.values { received.append(value) }
          } catch {
            #expect(error is CancellationError)
          }
          return received
        }
        if round.isMultiple(of: 2) { await source.subscribed.wait() }
        await withTaskGroup(of: Void.self) { group in
          group.addTask { for value in 0..<5 { source.send(value) } }
          group.addTask { consumer.cancel() }
        }
        let received = await consumer.value
        // The subject is hot: a late subscriber misses the first elements, but never one in
        // the middle.
        let start = received.first ?? 0
        expectEqual(received, Array(start..<start + received.count))
        expectEqual(source.disposed.count, source.subscribed.count)
      }
    }
  }

  @Test("asyncElements: cancelling the consumer while a bounded buffer fills")
  func asyncElementsRace() async {
    await withLeakChecking {
      for round in 0..<Self.rounds {
        let source = BridgeSource<Int>()
        let sequence = source.observable.asyncElements(
          bufferingPolicy: .bufferingOldest(2), onCancellation: .throwCancellationError)
        let consumer = Task {
          var received: [Int] = []
          do {
            for try await value in sequence { received.append(value) }
          } catch is CancellationError {
          } catch {
            Issue.record("unexpected error \(error)")
          }
          return received
        }
        if round.isMultiple(of: 2) { await source.subscribed.wait() }
        await withTaskGroup(of: Void.self) { group in
          group.addTask { for value in 0..<5 { source.send(value) } }
          group.addTask { consumer.cancel() }
        }
        let received = await consumer.value
        // A bounded buffer may drop elements, but never reorders them.
        #expect(received == received.sorted() && Set(received).count == received.count)
        expectEqual(source.disposed.count, source.subscribed.count)
      }
    }
  }

  @Test("value: cancelling the awaiting task while the Single succeeds")
  func traitValueRace() async {
    await withLeakChecking {
      for round in 0..<Self.rounds {
        let source = BridgeSource<Int>()
        let consumer = Task { try await source.observable.take(1).asSingle().value }
        if round.isMultiple(of: 2) { await source.subscribed.wait() }
        await withTaskGroup(of: Void.self) { group in
          group.addTask { source.send(1) }
          group.addTask { consumer.cancel() }
        }
        switch await consumer.result {
        case .success(let value): expectEqual(value, 1)
        case .failure(let error): #expect(error is CancellationError)
        }
        expectEqual(source.disposed.count, source.subscribed.count)
      }
    }
  }

  @Test("asObservable: disposing while the AsyncStream yields")
  func asObservableRace() async {
    await withLeakChecking {
      for _ in 0..<Self.rounds {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let terminated = BridgeSignal()
        continuation.onTermination = { _ in terminated.fire() }
        let observer = TestableObserver<Int>()
        let subscription = stream.asObservable().subscribe(observer)
        await withTaskGroup(of: Void.self) { group in
          group.addTask {
            for value in 0..<5 { continuation.yield(value) }
            continuation.finish()
          }
          group.addTask { subscription.dispose() }
        }
        await terminated.wait()
        expectCountingUpFromZero(observer)
        #expect(observer.grammarViolations.isEmpty)
      }
    }
  }

  @Test("Observable.create with an async closure: disposing while it sends")
  func asyncCreateRace() async {
    await withLeakChecking {
      for _ in 0..<Self.rounds {
        let observer = TestableObserver<Int>()
        let subscription = Observable<Int>.create { observer in
          for value in 0..<5 {
            observer.onNext(value)
            await Task.yield()
          }
        }.subscribe(observer)
        await withTaskGroup(of: Void.self) { group in
          group.addTask { subscription.dispose() }
        }
        expectCountingUpFromZero(observer)
        #expect(observer.grammarViolations.isEmpty)
      }
    }
  }

  @Test("Single.create with an async closure: disposing while it succeeds")
  func asyncSingleRace() async {
    await withLeakChecking {
      for _ in 0..<Self.rounds {
        let observer = TestableObserver<Int>()
        let subscription = Single<Int>.create { 1 }.asObservable().subscribe(observer)
        await withTaskGroup(of: Void.self) { group in
          group.addTask { subscription.dispose() }
        }
        let events = observer.events.map(\.value)
        #expect(events == [] || events == [.next(1)] || events == [.next(1), .completed])
        #expect(observer.grammarViolations.isEmpty)
      }
    }
  }

  @Test("flatMapLatest: disposing while elements arrive and tasks finish")
  func flatMapLatestRace() async {
    await withLeakChecking {
      for _ in 0..<Self.rounds {
        let source = BridgeSource<Int>()
        let observer = TestableObserver<Int>()
        let subscription = source.observable
          .flatMapLatest { value async -> Int in
            await Task.yield()
            return value
          }
          .subscribe(observer)
        await withTaskGroup(of: Void.self) { group in
          group.addTask {
            for value in 0..<5 { source.send(value) }
            source.complete()
          }
          group.addTask { subscription.dispose() }
        }
        #expect(observer.grammarViolations.isEmpty)
        expectEqual(source.disposed.count, 1)
      }
    }
  }

  @Test("flatMap: disposing while several tasks deliver at once")
  func flatMapRace() async {
    await withLeakChecking {
      for _ in 0..<Self.rounds {
        let source = BridgeSource<Int>()
        let observer = TestableObserver<Int>()
        let subscription = source.observable
          .flatMap { value async -> Int in value }
          .subscribe(observer)
        await withTaskGroup(of: Void.self) { group in
          group.addTask {
            for value in 0..<5 { source.send(value) }
          }
          group.addTask { subscription.dispose() }
        }
        #expect(observer.grammarViolations.isEmpty)
        expectEqual(source.disposed.count, 1)
      }
    }
  }

  @Test("observe(on:): disposing while events are queued for the actor")
  func observeOnRace() async {
    await withLeakChecking {
      for _ in 0..<Self.rounds {
        let source = BridgeSource<Int>()
        let observer = TestableObserver<Int>()
        let subscription = source.observable.observe(on: MainActor.shared).subscribe(observer)
        await withTaskGroup(of: Void.self) { group in
          group.addTask {
            for value in 0..<5 { source.send(value) }
            source.complete()
          }
          group.addTask { subscription.dispose() }
        }
        expectCountingUpFromZero(observer)
        #expect(observer.grammarViolations.isEmpty)
        expectEqual(source.disposed.count, 1)
      }
    }
  }
}

/// Expects `observer` to have received 0, 1, 2, … in order, none missing, however many.
///
/// It reads the elements once: an element already on its way when `dispose()` was called may
/// still arrive (dispose does not wait for it), so two reads could disagree.
private func expectCountingUpFromZero(
  _ observer: TestableObserver<Int>, sourceLocation: SourceLocation = #_sourceLocation
) {
  let elements = observer.elements
  expectEqual(elements, Array(0..<elements.count), sourceLocation: sourceLocation)
}
