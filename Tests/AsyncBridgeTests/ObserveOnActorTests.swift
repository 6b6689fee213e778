import ObservableCore
import ObservableTesting
import Testing

@testable import AsyncBridge

/// What the main-actor test recorded, readable only on the main actor.
@MainActor
private enum MainActorLog {
  static var events: [Int] = []
  static var mapped: [Int] = []
}

private actor Recorder {
  var values: [Int] = []

  func record(_ value: Int) {
    values.append(value)
  }
}

@Suite("observe(on: actor)", .timeLimit(.minutes(1)))
struct ObserveOnActorTests {
  @Test("observe(on: MainActor.shared) delivers every event on the main actor, in order")
  func mainActor() async {
    await withLeakChecking {
      let observer = TestableObserver<Int>()
      let subscription = Observable.range(start: 0, count: 100)
        .observe(on: MainActor.shared)
        .do { event in
          // Traps unless the event arrives on the main actor.
          MainActor.assumeIsolated { MainActorLog.events.append(event.element ?? -1) }
          observer.on(event)
        }
      #expect(await observer.waitForTermination())
      expectEqual(observer.elements, Array(0..<100))
      expectEqual(observer.events.last?.value, .completed)
      #expect(await MainActorLog.events == Array(0..<100) + [-1])
      subscription.dispose()
    }
  }

  @Test(
    "observe(on: MainActor.shared) is a main-actor sequence: its closures touch main-actor state")
  func mainActorClosures() async {
    await withLeakChecking {
      let observer = TestableObserver<Int>()
      let chain: MainActorObservable<Int> = Observable.range(start: 0, count: 10)
        .subscribe(on: ConcurrentDispatchQueueScheduler(qos: .default))
        .observe(on: MainActor.shared)
        .map { value in
          // A @MainActor closure: main-actor state, no assumeIsolated.
          MainActorLog.mapped.append(value)
          return value * 2
        }
      let subscription = chain.subscribe(observer)
      #expect(await observer.waitForTermination())
      #expect(observer.elements == (0..<10).map { $0 * 2 })
      #expect(await MainActorLog.mapped == Array(0..<10))
      subscription.dispose()
    }
  }

  @Test("observe(on:) delivers inside any actor's isolation")
  func customActor() async {
    await withLeakChecking {
      let recorder = Recorder()
      let observer = TestableObserver<Int>()
      let source = BridgeSource<Int>()
      let subscription = source.observable
        .observe(on: recorder)
        .do { event in
          if case .next(let value) = event {
            recorder.assumeIsolated { $0.record(value) }
          }
          observer.on(event)
        }
      await source.subscribed.wait()
      let producer = Task.detached {
        for value in 0..<50 { source.send(value) }
        source.complete()
      }
      await producer.value
      #expect(await observer.waitForTermination())
      #expect(await recorder.values == Array(0..<50))
      subscription.dispose()
    }
  }

  @Test("an error is delivered on the actor after the elements before it")
  func error() async {
    await withLeakChecking {
      let observer = TestableObserver<Int>()
      let failing = Observable<Int>.create { observer in
        observer.onNext(1)
        observer.onError(BridgeTestError(id: 30))
        return Disposables.create()
      }
      let subscription = failing.observe(on: MainActor.shared).subscribe(observer)
      #expect(await observer.waitForTermination())
      expectEqual(observer.events.map(\.value), [.next(1), .error(BridgeTestError(id: 30))])
      subscription.dispose()
    }
  }

  @Test("disposing drops the events not delivered yet and disposes the upstream")
  func disposeDropsPending() async {
    await withLeakChecking {
      let scope = Resources.currentScope
      let source = BridgeSource<Int>()
      let observer = TestableObserver<Int>()
      let seenByMap = BridgeBox(0)
      await Self.sendAndDisposeOnMainActor(source: source, observer: observer, seenByMap: seenByMap)
      expectEqual(source.disposed.count, 1)
      let released = await bridgeEventually { scope?.live == 0 }
      #expect(released)
      expectEqual(seenByMap.value, 0)
      #expect(observer.events.isEmpty)
    }
  }

  /// Subscribes, sends and disposes without suspending, so the delivering task, which needs
  /// the main actor, cannot run before the disposal.
  @MainActor
  private static func sendAndDisposeOnMainActor(
    source: BridgeSource<Int>, observer: TestableObserver<Int>, seenByMap: BridgeBox<Int>
  ) {
    // `map` runs before `subscribe`'s own check, so it sees whatever observe(on:) delivers.
    let subscription = source.observable.observe(on: MainActor.shared)
      .map { value in
        seenByMap.mutate { $0 += 1 }
        return value
      }
      .subscribe(observer)
    source.send(1)
    source.send(2)
    source.complete()
    subscription.dispose()
  }
}

extension ObservableType {
  /// Subscribes a closure to every event; shorthand for the tests above.
  fileprivate func `do`(_ on: @escaping @Sendable (Event<Element>) -> Void) -> any Disposable {
    subscribe(on)
  }
}
