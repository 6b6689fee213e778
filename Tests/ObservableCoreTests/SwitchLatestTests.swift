import ObservableCore
import ObservableTesting
import Testing

@Suite("switchLatest")
struct SwitchLatestTests {
  @Test("mirrors the latest inner sequence and disposes the previous one")
  func switches() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let inners = [
        scheduler.createColdObservable([.next(10, 1), .next(50, 2), .completed(60)]),
        scheduler.createColdObservable([.next(10, 3), .completed(20)]),
      ]
      let xs = scheduler.createHotObservable([
        .next(210, inners[0]), .next(240, inners[1]), .completed(300),
      ])
      let res = scheduler.start { xs.switchLatest() }
      expectEqual(res.events, [.next(220, 1), .next(250, 3), .completed(300)])
      expectEqual(inners[0].subscriptions, [Subscription(210, 240)])
      expectEqual(inners[1].subscriptions, [Subscription(240, 260)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("waits for the latest inner after the outer completes")
  func waitsForInner() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let inner = scheduler.createColdObservable([.next(10, 1), .completed(60)])
      let xs = scheduler.createHotObservable([.next(210, inner), .completed(230)])
      let res = scheduler.start { xs.switchLatest() }
      expectEqual(res.events, [.next(220, 1), .completed(270)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("an inner error fails the result and disposes the outer")
  func innerError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let inner = scheduler.createColdObservable([.error(10, testError, Int.self)])
      let xs = scheduler.createHotObservable([.next(210, inner), .completed(300)])
      let res = scheduler.start { xs.switchLatest() }
      expectEqual(res.events, [.error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("an outer error fails the result and disposes the inner")
  func outerError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let inner = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
      let xs = scheduler.createHotObservable([.next(210, inner), .error(250, testError)])
      let res = scheduler.start { xs.switchLatest() }
      expectEqual(res.events, [.next(220, 1), .error(250, testError)])
      expectEqual(inner.subscriptions, [Subscription(210, 250)])
    }
  }

  @Test("disposing the result disposes the outer and the inner")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let inner = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
      let xs = scheduler.createHotObservable([.next(210, inner)])
      let res = scheduler.start(disposed: 250) { xs.switchLatest() }
      expectEqual(res.events, [.next(220, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
      expectEqual(inner.subscriptions, [Subscription(210, 250)])
    }
  }

  @Test("an observer may switch the outer and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let outer = PublishSubject<Observable<Int>>()
      let first = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = outer.switchLatest().subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 1 { outer.onNext(.of(10, 11)) }
        if value == 10 { subscription.value?.dispose() }
      })
      outer.onNext(first.asObservable())
      first.onNext(1)
      first.onNext(2)
      expectEqual(received.value, [1, 10])
      #expect(!first.hasObservers && !outer.hasObservers)
      subscription.value = nil
    }
  }

  @Test("releases the inner sequences after dispose and after termination")
  func releasesInners() {
    withLeakChecking {
      let outer = PublishSubject<Observable<Int>>()
      weak var weakCapture: Tracked?
      let disposable: any Disposable
      do {
        let tracked = Tracked()
        weakCapture = tracked
        disposable = outer.switchLatest().subscribe()
        outer.onNext(
          Observable<Int>.create { _ in
            Disposables.create { [tracked] in _ = tracked }
          })
      }
      #expect(weakCapture != nil)
      disposable.dispose()
      #expect(weakCapture == nil)

      weak var terminatedCapture: Tracked?
      let inner = PublishSubject<Int>()
      do {
        let tracked = Tracked()
        terminatedCapture = tracked
        _ = outer.switchLatest().subscribe()
        outer.onNext(
          Observable<Int>.create { observer in
            let subscription = inner.subscribe(observer)
            return Disposables.create { [tracked] in
              _ = tracked
              subscription.dispose()
            }
          })
      }
      outer.onCompleted()
      #expect(terminatedCapture != nil)
      inner.onCompleted()
      #expect(terminatedCapture == nil)
    }
  }

  @Test("an observer may subscribe to the same chain from inside onNext")
  func reentrantSubscribeToChain() {
    withLeakChecking {
      let chain = Observable.of(Observable.of(1, 10), Observable.of(2, 20)).switchLatest()
      let received = Box<[String]>([])
      _ = chain.subscribe(onNext: { value in
        received.mutate { $0.append("a\(value)") }
        if value == 1 {
          _ = chain.subscribe(onNext: { v in received.mutate { $0.append("b\(v)") } })
        }
      })
      // RxSwift 6.10.2's order: the synchronous sources take turns on the trampoline.
      expectEqual(received.value, ["a1", "a2", "b1", "a20", "b2", "b20"])
    }
  }
}
