import ObservableCore
import ObservableTesting
import Testing

@Suite("take(until:)")
struct TakeUntilTests {
  @Test("completes when the other sequence emits, disposing both")
  func preempted() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let l = scheduler.createHotObservable([
        .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .completed(250),
      ])
      let r = scheduler.createHotObservable([.next(150, 1), .next(225, 99), .completed(230)])
      let res = scheduler.start { l.take(until: r) }
      expectEqual(res.events, [.next(210, 2), .next(220, 3), .completed(225)])
      expectEqual(l.subscriptions, [Subscription(200, 225)])
      expectEqual(r.subscriptions, [Subscription(200, 225)])
    }
  }

  @Test("the other sequence completing without an element only ends its subscription")
  func otherEmpty() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let l = scheduler.createHotObservable([.next(210, 2), .next(230, 4), .completed(250)])
      let r = scheduler.createHotObservable([.completed(225, Int.self)])
      let res = scheduler.start { l.take(until: r) }
      expectEqual(res.events, [.next(210, 2), .next(230, 4), .completed(250)])
      expectEqual(l.subscriptions, [Subscription(200, 250)])
      expectEqual(r.subscriptions, [Subscription(200, 225)])
    }
  }

  @Test("an error from the other sequence fails the result")
  func otherError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let l = scheduler.createHotObservable([.next(210, 2), .next(230, 4), .completed(250)])
      let r = scheduler.createHotObservable([.error(225, testError, Int.self)])
      let res = scheduler.start { l.take(until: r) }
      expectEqual(res.events, [.next(210, 2), .error(225, testError)])
      expectEqual(l.subscriptions, [Subscription(200, 225)])
    }
  }

  @Test("the source's completion and error end the result and dispose the other sequence")
  func sourceTerminates() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let l = scheduler.createHotObservable([.next(210, 2), .completed(220)])
      let r = scheduler.createHotObservable([.next(300, 1)])
      let res = scheduler.start { l.take(until: r) }
      expectEqual(res.events, [.next(210, 2), .completed(220)])
      expectEqual(r.subscriptions, [Subscription(200, 220)])

      let second = TestScheduler(initialClock: 0)
      let failing = second.createHotObservable([.error(220, testError, Int.self)])
      let trigger = second.createHotObservable([.next(300, 1)])
      let failed = second.start { failing.take(until: trigger) }
      expectEqual(failed.events, [.error(220, testError)])
      expectEqual(trigger.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test(
    "an other sequence that emits during subscribe completes at once; the source is never subscribed"
  )
  func immediateOther() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let l = scheduler.createHotObservable([.next(210, 2)])
      let res = scheduler.start { l.take(until: Observable.just(1)) }
      expectEqual(res.events, [.completed(200)])
      expectEqual(l.subscriptions, [])
    }
  }

  @Test("disposing the result disposes both sequences")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let l = scheduler.createHotObservable([.next(210, 2), .next(260, 3)])
      let r = scheduler.createHotObservable([.next(300, 1)])
      let res = scheduler.start(disposed: 250) { l.take(until: r) }
      expectEqual(res.events, [.next(210, 2)])
      expectEqual(l.subscriptions, [Subscription(200, 250)])
      expectEqual(r.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("an observer may fire the other sequence or dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let source = PublishSubject<Int>()
      let other = PublishSubject<Void>()
      let events = Box<[String]>([])
      _ = source.take(until: other).subscribe(
        onNext: { value in
          events.mutate { $0.append("\(value)") }
          if value == 2 { other.onNext(()) }
        }, onCompleted: { events.mutate { $0.append("|") } })
      source.onNext(1)
      source.onNext(2)
      source.onNext(3)
      expectEqual(events.value, ["1", "2", "|"])
      #expect(!source.hasObservers && !other.hasObservers)

      let received = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = source.take(until: other).subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        subscription.value?.dispose()
      })
      source.onNext(4)
      source.onNext(5)
      expectEqual(received.value, [4])
      #expect(!source.hasObservers && !other.hasObservers)
      subscription.value = nil
    }
  }

  @Test("releases both sequences' resources after dispose and after termination")
  func releases() {
    withLeakChecking {
      let hot = PublishSubject<Int>()
      weak var weakCapture: Tracked?
      do {
        let tracked = Tracked()
        weakCapture = tracked
        let other = Observable<Int>.create { observer in
          let subscription = hot.subscribe(observer)
          return Disposables.create { [tracked] in
            _ = tracked
            subscription.dispose()
          }
        }
        _ = Observable<Int>.never().take(until: other).subscribe()
      }
      #expect(weakCapture != nil)
      hot.onNext(1)
      #expect(weakCapture == nil)
      #expect(!hot.hasObservers)

      weak var disposedCapture: Tracked?
      let disposable: any Disposable
      do {
        let tracked = Tracked()
        disposedCapture = tracked
        disposable = hot.take(
          until: Observable<Int>.create { _ in Disposables.create { [tracked] in _ = tracked } }
        ).subscribe()
      }
      #expect(disposedCapture != nil)
      disposable.dispose()
      #expect(disposedCapture == nil)
      #expect(!hot.hasObservers)
    }
  }

  @Test("an observer may subscribe to the same chain from inside onNext")
  func reentrantSubscribeToChain() {
    withLeakChecking {
      let chain = Observable.of(1, 10).take(until: Observable<Int>.never())
      let received = Box<[String]>([])
      _ = chain.subscribe(onNext: { value in
        received.mutate { $0.append("a\(value)") }
        if value == 1 {
          _ = chain.subscribe(onNext: { v in received.mutate { $0.append("b\(v)") } })
        }
      })
      // RxSwift 6.10.2's order: the synchronous sources take turns on the trampoline.
      expectEqual(received.value, ["a1", "b1", "a10", "b10"])
    }
  }
}
