import Dispatch
import ObservableCore
import ObservableTesting
import Testing

@Suite("delaySubscription")
struct DelaySubscriptionTests {
  @Test("subscribes after the delay")
  func simple() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(50, 42), .next(60, 43), .completed(70)])
      let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
      expectEqual(res.events, [.next(280, 42), .next(290, 43), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(230, 300)])
    }
  }

  @Test("forwards an error")
  func error() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([
        .next(50, 42), .next(60, 43), .error(70, testError),
      ])
      let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
      expectEqual(res.events, [.next(280, 42), .next(290, 43), .error(300, testError)])
      expectEqual(xs.subscriptions, [Subscription(230, 300)])
    }
  }

  @Test("disposing after subscribing disposes the upstream subscription")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([
        .next(50, 42), .next(60, 43), .error(70, testError),
      ])
      let res = scheduler.start(disposed: 291) {
        xs.delaySubscription(.seconds(30), scheduler: scheduler)
      }
      expectEqual(res.events, [.next(280, 42), .next(290, 43)])
      expectEqual(xs.subscriptions, [Subscription(230, 291)])
    }
  }

  @Test("disposing before the delay never subscribes")
  func disposeBeforeSubscribing() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(50, 42)])
      let res = scheduler.start(disposed: 220) {
        xs.delaySubscription(.seconds(30), scheduler: scheduler)
      }
      expectEqual(res.events, [])
      expectEqual(xs.subscriptions, [])
    }
  }

  @Test("takes the delay as a Swift Duration")
  func duration() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(5, 1), .completed(6)])
      let res = scheduler.start { xs.delaySubscription(Duration.seconds(10), scheduler: scheduler) }
      expectEqual(res.events, [.next(215, 1), .completed(216)])
      expectEqual(xs.subscriptions, [Subscription(210, 216)])
    }
  }
}
