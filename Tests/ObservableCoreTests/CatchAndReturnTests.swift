import ObservableCore
import ObservableTesting
import Testing

@Suite("catchAndReturn")
struct CatchAndReturnTests {
  @Test("replaces an error with the element, then completes")
  func replacesError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
      let res = scheduler.start { xs.catchAndReturn(0) }
      expectEqual(res.events, [.next(210, 1), .next(230, 0), .completed(230)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("without an error, mirrors the source")
  func noError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
      let res = scheduler.start { xs.catchAndReturn(0) }
      expectEqual(res.events, [.next(210, 1), .completed(230)])
    }
  }

  @Test("disposing the result disposes the source")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(300, testError)])
      let res = scheduler.start(disposed: 250) { xs.catchAndReturn(0) }
      expectEqual(res.events, [.next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("an observer may fail the source from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let source = PublishSubject<Int>()
      let events = Box<[String]>([])
      _ = source.catchAndReturn(0).subscribe(
        onNext: { value in
          events.mutate { $0.append("\(value)") }
          if value == 1 { source.onError(testError) }
        }, onCompleted: { events.mutate { $0.append("|") } })
      source.onNext(1)
      expectEqual(events.value, ["1", "0", "|"])
      #expect(!source.hasObservers)
    }
  }

  @Test("an observer may subscribe to the same chain from inside onNext")
  func reentrantSubscribeToChain() {
    withLeakChecking {
      let chain = Observable<Int>.error(testError).catchAndReturn(1)
      let received = Box<[String]>([])
      _ = chain.subscribe(onNext: { value in
        received.mutate { $0.append("a\(value)") }
        if value == 1 {
          _ = chain.subscribe(onNext: { v in received.mutate { $0.append("b\(v)") } })
        }
      })
      expectEqual(received.value, ["a1", "b1"])
    }
  }
}
