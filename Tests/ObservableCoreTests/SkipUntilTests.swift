import ObservableCore
import ObservableTesting
import Testing

@Suite("skip(until:)")
struct SkipUntilTests {
  @Test("mirrors the source once the other sequence emits, and ends the other subscription")
  func someDataNext() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let l = scheduler.createHotObservable([
        .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5),
        .completed(250),
      ])
      let r = scheduler.createHotObservable([.next(150, 1), .next(225, 99), .completed(230)])
      let res = scheduler.start { l.skip(until: r) }
      expectEqual(res.events, [.next(230, 4), .next(240, 5), .completed(250)])
      expectEqual(l.subscriptions, [Subscription(200, 250)])
      expectEqual(r.subscriptions, [Subscription(200, 225)])
    }
  }

  @Test("an error from the other sequence fails the result")
  func otherError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let l = scheduler.createHotObservable([.next(210, 2), .completed(250)])
      let r = scheduler.createHotObservable([.error(225, testError, Int.self)])
      let res = scheduler.start { l.skip(until: r) }
      expectEqual(res.events, [.error(225, testError)])
      expectEqual(l.subscriptions, [Subscription(200, 225)])
      expectEqual(r.subscriptions, [Subscription(200, 225)])
    }
  }

  @Test("a source error fails the result, even before the other sequence emits")
  func sourceError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let l = scheduler.createHotObservable([.next(210, 2), .error(220, testError)])
      let r = scheduler.createHotObservable([.next(230, 2), .completed(250)])
      let res = scheduler.start { l.skip(until: r) }
      expectEqual(res.events, [.error(220, testError)])
      expectEqual(r.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("as in RxSwift, a source completing before the other emits ends silently")
  func completesBeforeOther() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let l = scheduler.createHotObservable([.next(210, 2), .completed(250)])
      let r = scheduler.createHotObservable([.completed(225, Int.self)])
      let res = scheduler.start { l.skip(until: r) }
      expectEqual(res.events, [])
      expectEqual(l.subscriptions, [Subscription(200, 250)])
      expectEqual(r.subscriptions, [Subscription(200, 225)])

      let disposed = Box(false)
      _ = Observable.of(1, 2).skip(until: Observable<Int>.never())
        .subscribe(onDisposed: { disposed.value = true })
      #expect(disposed.value)
    }
  }

  @Test("a source that never emits stays subscribed after the other sequence emits")
  func neverNext() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let l = scheduler.createHotObservable([.next(150, 1)])
      let r = scheduler.createHotObservable([.next(225, 2), .completed(250)])
      let res = scheduler.start { l.skip(until: r) }
      expectEqual(res.events, [])
      expectEqual(l.subscriptions, [Subscription(200, 1000)])
      expectEqual(r.subscriptions, [Subscription(200, 225)])
    }
  }

  @Test("disposing the result disposes both sequences")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let l = scheduler.createHotObservable([.next(210, 2), .next(260, 3)])
      let r = scheduler.createHotObservable([.next(300, 1)])
      let res = scheduler.start(disposed: 250) { l.skip(until: r) }
      expectEqual(res.events, [])
      expectEqual(l.subscriptions, [Subscription(200, 250)])
      expectEqual(r.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("an observer may emit into the source or dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let source = PublishSubject<Int>()
      let other = PublishSubject<Void>()
      let received = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = source.skip(until: other).subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 2 { source.onNext(3) }
        if value == 3 { subscription.value?.dispose() }
      })
      source.onNext(1)
      other.onNext(())
      #expect(!other.hasObservers)
      source.onNext(2)
      source.onNext(4)
      expectEqual(received.value, [2, 3])
      #expect(!source.hasObservers)
      subscription.value = nil
    }
  }

  @Test("releases the other sequence's resources once it has emitted, and everything after dispose")
  func releases() {
    withLeakChecking {
      let hot = PublishSubject<Int>()
      weak var otherCapture: Tracked?
      let disposable: any Disposable
      do {
        let tracked = Tracked()
        otherCapture = tracked
        let other = Observable<Int>.create { observer in
          let subscription = hot.subscribe(observer)
          return Disposables.create { [tracked] in
            _ = tracked
            subscription.dispose()
          }
        }
        disposable = Observable<Int>.never().skip(until: other).subscribe()
      }
      #expect(otherCapture != nil)
      hot.onNext(1)
      #expect(otherCapture == nil)
      #expect(!hot.hasObservers)

      weak var sourceCapture: Tracked?
      let second: any Disposable
      do {
        let tracked = Tracked()
        sourceCapture = tracked
        second = Observable<Int>.create { _ in Disposables.create { [tracked] in _ = tracked } }
          .skip(until: hot).subscribe()
      }
      #expect(sourceCapture != nil)
      second.dispose()
      #expect(sourceCapture == nil)
      #expect(!hot.hasObservers)
      disposable.dispose()
    }
  }

  @Test("an observer may subscribe to the same chain from inside onNext")
  func reentrantSubscribeToChain() {
    withLeakChecking {
      let source = PublishSubject<Int>()
      let chain = source.skip(until: Observable.just(0))
      let received = Box<[String]>([])
      let outer = chain.subscribe(onNext: { value in
        received.mutate { $0.append("a\(value)") }
        if value == 1 {
          let inner = chain.subscribe(onNext: { v in received.mutate { $0.append("b\(v)") } })
          _ = inner
        }
      })
      source.onNext(1)
      source.onNext(10)
      source.onCompleted()
      expectEqual(received.value, ["a1", "a10", "b10"])
      _ = outer
    }
  }
}
