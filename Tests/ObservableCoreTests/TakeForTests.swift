import Dispatch
import ObservableCore
import ObservableTesting
import Testing

@Suite("take(for:)")
struct TakeForTests {
  @Test("a zero duration completes at once (one tick later on a TestScheduler)")
  func zero() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
      let res = scheduler.start { xs.take(for: .seconds(0), scheduler: scheduler) }
      expectEqual(res.events, [.completed(201)])
      expectEqual(xs.subscriptions, [Subscription(200, 201)])
    }
  }

  @Test("some: takes the elements inside the duration")
  func some() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .completed(240),
      ])
      let res = scheduler.start { xs.take(for: .seconds(25), scheduler: scheduler) }
      expectEqual(res.events, [.next(210, 1), .next(220, 2), .completed(225)])
      expectEqual(xs.subscriptions, [Subscription(200, 225)])
    }
  }

  @Test("late: the source completes before the time is up")
  func late() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
      let res = scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }
      expectEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("an error inside the duration is forwarded")
  func error() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(0, 0), .error(210, testError)])
      let res = scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }
      expectEqual(res.events, [.error(210, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 210)])
    }
  }

  @Test("never: completes when the time is up")
  func never() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(0, 0)])
      let res = scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }
      expectEqual(res.events, [.completed(250)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("twice: the shorter duration wins")
  func twice() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(260, 6),
        .completed(270),
      ])
      let res = scheduler.start {
        xs.take(for: .seconds(55), scheduler: scheduler)
          .take(for: .seconds(35), scheduler: scheduler)
      }
      expectEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(235)])
      expectEqual(xs.subscriptions, [Subscription(200, 235)])
    }
  }

  @Test("disposing early cancels the timer")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
      let res = scheduler.start(disposed: 215) { xs.take(for: .seconds(50), scheduler: scheduler) }
      expectEqual(res.events, [.next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 215)])
    }
  }

  @Test("takes the duration as a Swift Duration")
  func duration() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
      let res = scheduler.start { xs.take(for: Duration.seconds(15), scheduler: scheduler) }
      expectEqual(res.events, [.next(210, 1), .completed(215)])
    }
  }

  @Test("the timer and the source never call the observer at once")
  func serializedOnRealThreads() async {
    await withLeakChecking {
      let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
      let observer = TestableObserver<Int>()
      let subscription = Observable<Int>.interval(.microseconds(10), scheduler: scheduler)
        .take(for: .milliseconds(20), scheduler: scheduler)
        .subscribe(observer)
      #expect(await observer.waitForTermination())
      #expect(observer.grammarViolations.isEmpty)
      subscription.dispose()
    }
  }
}
