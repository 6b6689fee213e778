import ObservableCore
import ObservableTesting
import Testing

@Suite("timeout and delay on traits")
struct PrimitiveSequenceOperatorsTests {
  @Test("timeout fails with RxError.timeout when the outcome is late, and disposes the source")
  func timeoutFires() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(250, 1), .completed(250)])
      let res = scheduler.start {
        Single(raw: xs.asObservable()).timeout(.seconds(30), scheduler: scheduler)
      }
      expectEqual(res.events, [.error(230, RxError.timeout)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("timeout passes an outcome that arrives in time")
  func timeoutInTime() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(220, 1), .completed(220)])
      let res = scheduler.start {
        Single(raw: xs.asObservable()).timeout(.seconds(30), scheduler: scheduler)
      }
      expectEqual(res.events, [.next(220, 1), .completed(220)])
      let work = scheduler.createHotObservable([.error(1220, testError, Never.self)])
      let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Completable(raw: work.asObservable()).timeout(.seconds(30), scheduler: scheduler)
      }
      expectEqual(res2.events, [.error(1220, testError)])
    }
  }

  @Test("timeout: a success ends the Single, so the timer cannot fire before completion")
  func timeoutAfterSuccess() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      // A raw source whose completion lags its element: without ending at the element, the
      // timer would fire at 240 and the Single would report a failure after its success.
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(260)])
      let res = scheduler.start {
        Single(raw: xs.asObservable()).timeout(.seconds(40), scheduler: scheduler)
      }
      expectEqual(res.events, [.next(210, 1), .completed(210)])
      expectEqual(xs.subscriptions, [Subscription(200, 210)])
    }
  }

  @Test("timeout(other:) switches to the other Maybe when the time is up")
  func timeoutOther() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(260, 1), .completed(260)])
      let other = scheduler.createColdObservable([.next(10, 2), .completed(10)])
      let res = scheduler.start {
        Maybe(raw: xs.asObservable())
          .timeout(.seconds(30), other: Maybe(raw: other.asObservable()), scheduler: scheduler)
      }
      expectEqual(res.events, [.next(240, 2), .completed(240)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
      expectEqual(other.subscriptions, [Subscription(230, 240)])
    }
  }

  @Test("timeout: disposing cancels the timer and the source")
  func timeoutDispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(300, 1), .completed(300)])
      let res = scheduler.start(disposed: 220) {
        Single(raw: xs.asObservable()).timeout(.seconds(50), scheduler: scheduler)
      }
      expectEqual(res.events, [])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("delay shifts the outcome and forwards errors at once")
  func delay() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
      let res = scheduler.start {
        Single(raw: xs.asObservable()).delay(.seconds(15), scheduler: scheduler)
      }
      // The completion falls due with the element and follows it one turn (a tick) later.
      expectEqual(res.events, [.next(225, 1), .completed(226)])
      expectEqual(xs.subscriptions, [Subscription(200, 210)])
      let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Completable.empty().delay(.seconds(15), scheduler: scheduler)
      }
      expectEqual(res2.events, [.completed(1215)])
      let res3 = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        Maybe<Int>.error(testError).delay(.seconds(15), scheduler: scheduler)
      }
      expectEqual(res3.events, [.error(2200, testError)])
    }
  }

  @Test("delay: RxSwift's timeline for Single and Maybe, the completion a tick after the element")
  func delayTimeline() {
    withLeakChecking {
      let single = TestScheduler(initialClock: 0)
      let singleRes = single.start {
        Single.just(1).delay(.seconds(2), scheduler: single).asObservable()
      }
      expectEqual(singleRes.events, [.next(202, 1), .completed(203)])
      let maybe = TestScheduler(initialClock: 0)
      let maybeRes = maybe.start {
        Maybe.just(1).delay(.seconds(2), scheduler: maybe).asObservable()
      }
      expectEqual(maybeRes.events, [.next(202, 1), .completed(203)])
    }
  }

  @Test("delay: disposing drops the pending outcome")
  func delayDispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start(disposed: 210) {
        Single.just(1).delay(.seconds(15), scheduler: scheduler)
      }
      expectEqual(res.events, [])
    }
  }
}
