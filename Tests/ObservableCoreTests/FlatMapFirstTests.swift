import ObservableCore
import ObservableTesting
import Testing

@Suite("flatMapFirst")
struct FlatMapFirstTests {
  @Test("ignores outer elements while an inner runs, without calling the selector")
  func dropsWhileBusy() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 0), .next(220, 1), .next(260, 2), .completed(300),
      ])
      let inner = scheduler.createColdObservable([.next(10, 7), .completed(30)])
      let mapped = Box<[Int]>([])
      let res = scheduler.start {
        xs.flatMapFirst { value in
          mapped.mutate { $0.append(value) }
          return inner
        }
      }
      expectEqual(res.events, [.next(220, 7), .next(270, 7), .completed(300)])
      expectEqual(mapped.value, [0, 2])
      expectEqual(inner.subscriptions, [Subscription(210, 240), Subscription(260, 290)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("completes after the running inner when the outer completes first")
  func waitsForInner() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 0), .completed(230)])
      let inner = scheduler.createColdObservable([.next(10, 7), .next(40, 8), .completed(50)])
      let res = scheduler.start { xs.flatMapFirst { _ in inner } }
      expectEqual(res.events, [.next(220, 7), .next(250, 8), .completed(260)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("an inner error fails the result and disposes the outer")
  func innerError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 0), .completed(400)])
      let inner = scheduler.createColdObservable([.error(10, testError, Int.self)])
      let res = scheduler.start { xs.flatMapFirst { _ in inner } }
      expectEqual(res.events, [.error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("an outer error fails the result and disposes the running inner")
  func outerError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 0), .error(230, testError)])
      let inner = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
      let res = scheduler.start { xs.flatMapFirst { _ in inner } }
      expectEqual(res.events, [.next(220, 1), .error(230, testError)])
      expectEqual(inner.subscriptions, [Subscription(210, 230)])
    }
  }

  @Test("a throwing selector fails the result")
  func throwingSelector() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 0), .completed(400)])
      let res = scheduler.start {
        xs.flatMapFirst { _ -> Observable<Int> in throw testError }
      }
      expectEqual(res.events, [.error(210, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 210)])
    }
  }

  @Test("disposing the result disposes the outer and the running inner")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 0)])
      let inner = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
      let res = scheduler.start(disposed: 250) { xs.flatMapFirst { _ in inner } }
      expectEqual(res.events, [.next(220, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
      expectEqual(inner.subscriptions, [Subscription(210, 250)])
    }
  }

  @Test("an observer may emit into the outer sequence and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let outer = PublishSubject<Int>()
      let inner = PublishSubject<Int>()
      let mapped = Box<[Int]>([])
      let received = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = outer.flatMapFirst { value in
        mapped.mutate { $0.append(value) }
        return inner
      }.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        outer.onNext(value + 100)  // busy: ignored
        if value == 2 { subscription.value?.dispose() }
      })
      outer.onNext(0)
      inner.onNext(1)
      inner.onNext(2)
      inner.onNext(3)
      expectEqual(mapped.value, [0])
      expectEqual(received.value, [1, 2])
      #expect(!inner.hasObservers)
      subscription.value = nil
    }
  }

  @Test("releases what the selector captured after dispose and after termination")
  func releasesCaptures() {
    withLeakChecking {
      let outer = PublishSubject<Int>()
      weak var disposedCapture: Tracked?
      let disposable: any Disposable
      do {
        let tracked = Tracked()
        disposedCapture = tracked
        disposable = outer.flatMapFirst { [tracked] _ in
          _ = tracked
          return Observable<Int>.never()
        }.subscribe()
      }
      outer.onNext(1)
      #expect(disposedCapture != nil)
      disposable.dispose()
      #expect(disposedCapture == nil)

      weak var terminatedCapture: Tracked?
      do {
        let tracked = Tracked()
        terminatedCapture = tracked
        _ = outer.flatMapFirst { [tracked] value in
          _ = tracked
          return Observable.just(value)
        }.subscribe()
      }
      outer.onNext(2)
      #expect(terminatedCapture != nil)
      outer.onCompleted()
      #expect(terminatedCapture == nil)
    }
  }

  @Test("an observer may subscribe to the same chain from inside onNext")
  func reentrantSubscribeToChain() {
    withLeakChecking {
      let chain = Observable.of(1, 2).flatMapFirst { Observable.of($0, $0 * 10) }
      let received = Box<[String]>([])
      _ = chain.subscribe(onNext: { value in
        received.mutate { $0.append("a\(value)") }
        if value == 1 {
          _ = chain.subscribe(onNext: { v in received.mutate { $0.append("b\(v)") } })
        }
      })
      // RxSwift 6.10.2's order: the synchronous sources take turns on the trampoline.
      expectEqual(received.value, ["a1", "a10", "b1", "b10"])
    }
  }
}
