import Dispatch
import ObservableCore
import ObservableTesting
import Testing

@Suite("skip(for:)")
struct SkipForTests {
  @Test("a zero duration skips nothing that arrives later")
  func zero() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
      let res = scheduler.start { xs.skip(for: .seconds(0), scheduler: scheduler) }
      expectEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("some: skips the elements inside the duration")
  func some() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
      let res = scheduler.start { xs.skip(for: .seconds(15), scheduler: scheduler) }
      expectEqual(res.events, [.next(220, 2), .completed(230)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("late: completion passes even inside the duration")
  func late() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
      let res = scheduler.start { xs.skip(for: .seconds(50), scheduler: scheduler) }
      expectEqual(res.events, [.completed(230)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("an error passes even inside the duration")
  func error() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs: TestableObservable<Int> = scheduler.createHotObservable([.error(210, testError)])
      let res = scheduler.start { xs.skip(for: .seconds(50), scheduler: scheduler) }
      expectEqual(res.events, [.error(210, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 210)])
    }
  }

  @Test("never")
  func never() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs: TestableObservable<Int> = scheduler.createHotObservable([])
      let res = scheduler.start { xs.skip(for: .seconds(50), scheduler: scheduler) }
      expectEqual(res.events, [])
      expectEqual(xs.subscriptions, [Subscription(200, 1000)])
    }
  }

  @Test("RxSwift's spelling skip(_:scheduler:) and a Swift Duration work too")
  func spellings() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
      let res = scheduler.start {
        xs.skip(.seconds(5), scheduler: scheduler)
          .skip(for: Duration.seconds(15), scheduler: scheduler)
      }
      expectEqual(res.events, [.next(220, 2), .completed(230)])
    }
  }
}
