import Dispatch
import ObservableCore
import ObservableTesting
import Testing

@Suite("timeout")
struct TimeoutTests {
  @Test("empty: completion before the timeout passes through")
  func empty() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(150, 0), .completed(300)])
      let res = scheduler.start { xs.timeout(.seconds(200), scheduler: scheduler) }
      expectEqual(res.events, [.completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("error before the timeout passes through")
  func error() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(150, 0), .error(300, testError)])
      let res = scheduler.start { xs.timeout(.seconds(200), scheduler: scheduler) }
      expectEqual(res.events, [.error(300, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("never, with a timeout longer than the test")
  func never() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(150, 0)])
      let res = scheduler.start { xs.timeout(.seconds(1000), scheduler: scheduler) }
      expectEqual(res.events, [])
      expectEqual(xs.subscriptions, [Subscription(200, 1000)])
    }
  }

  @Test("elements arriving in time restart the timer")
  func dueTimeSimple() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([
        .next(10, 42), .next(25, 43), .next(40, 44), .next(50, 45), .completed(60),
      ])
      let res = scheduler.start { xs.timeout(.seconds(30), scheduler: scheduler) }
      expectEqual(
        res.events,
        [
          .next(210, 42), .next(225, 43), .next(240, 44), .next(250, 45), .completed(260),
        ])
      expectEqual(xs.subscriptions, [Subscription(200, 260)])
    }
  }

  @Test("an element arriving exactly at the timeout wins")
  func dueTimeExact() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([
        .next(10, 42), .next(20, 43), .next(50, 44), .next(60, 45), .completed(70),
      ])
      let res = scheduler.start { xs.timeout(.seconds(30), scheduler: scheduler) }
      expectEqual(
        res.events,
        [
          .next(210, 42), .next(220, 43), .next(250, 44), .next(260, 45), .completed(270),
        ])
      expectEqual(xs.subscriptions, [Subscription(200, 270)])
    }
  }

  @Test("a gap longer than the timeout fails with RxError.timeout")
  func dueTimeTimeout() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([
        .next(10, 42), .next(20, 43), .next(50, 44), .next(60, 45), .completed(70),
      ])
      let res = scheduler.start { xs.timeout(.seconds(25), scheduler: scheduler) }
      expectEqual(res.events, [.next(210, 42), .next(220, 43), .error(245, RxError.timeout)])
      expectEqual(xs.subscriptions, [Subscription(200, 245)])
    }
  }

  @Test("disposing before the timeout stops everything")
  func dueTimeDisposed() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5),
        .next(350, 6), .next(370, 7), .next(420, 8), .next(470, 9), .completed(600),
      ])
      let res = scheduler.start(disposed: 370) { xs.timeout(.seconds(40), scheduler: scheduler) }
      expectEqual(
        res.events,
        [
          .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5),
          .next(350, 6), .next(370, 7),
        ])
      expectEqual(xs.subscriptions, [Subscription(200, 370)])
    }
  }

  @Test("timeout occurs at once: switches to the other sequence")
  func timeoutOccurs1() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(70, 1), .next(130, 2), .next(310, 3), .next(400, 4), .completed(500),
      ])
      let ys = scheduler.createColdObservable([
        .next(50, -1), .next(200, -2), .next(310, -3), .completed(320),
      ])
      let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }
      expectEqual(res.events, [.next(350, -1), .next(500, -2), .next(610, -3), .completed(620)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
      expectEqual(ys.subscriptions, [Subscription(300, 620)])
    }
  }

  @Test("timeout occurs after some elements")
  func timeoutOccurs2() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(70, 1), .next(130, 2), .next(240, 3), .next(310, 4), .next(430, 5),
        .completed(500),
      ])
      let ys = scheduler.createColdObservable([
        .next(50, -1), .next(200, -2), .next(310, -3), .completed(320),
      ])
      let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }
      expectEqual(
        res.events,
        [
          .next(240, 3), .next(310, 4), .next(460, -1), .next(610, -2), .next(720, -3),
          .completed(730),
        ])
      expectEqual(xs.subscriptions, [Subscription(200, 410)])
      expectEqual(ys.subscriptions, [Subscription(410, 730)])
    }
  }

  @Test("timeout occurs and the other sequence never ends")
  func timeoutOccursNever() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(70, 1), .next(130, 2), .next(240, 3), .next(310, 4), .next(430, 5),
        .completed(500),
      ])
      let ys: TestableObservable<Int> = scheduler.createColdObservable([])
      let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }
      expectEqual(res.events, [.next(240, 3), .next(310, 4)])
      expectEqual(xs.subscriptions, [Subscription(200, 410)])
      expectEqual(ys.subscriptions, [Subscription(410, 1000)])
    }
  }

  @Test("a completion after the timeout is ignored")
  func timeoutOccursCompleted() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs: TestableObservable<Int> = scheduler.createHotObservable([.completed(500)])
      let ys = scheduler.createColdObservable([.next(100, -1)])
      let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }
      expectEqual(res.events, [.next(400, -1)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
      expectEqual(ys.subscriptions, [Subscription(300, 1000)])
    }
  }

  @Test("an error after the timeout is ignored")
  func timeoutOccursError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs: TestableObservable<Int> = scheduler.createHotObservable([.error(500, testError)])
      let ys = scheduler.createColdObservable([.next(100, -1)])
      let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }
      expectEqual(res.events, [.next(400, -1)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
      expectEqual(ys.subscriptions, [Subscription(300, 1000)])
    }
  }

  @Test("the other sequence's error is forwarded")
  func timeoutOccursNextIsError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs: TestableObservable<Int> = scheduler.createHotObservable([.next(500, 42)])
      let ys: TestableObservable<Int> = scheduler.createColdObservable([.error(100, testError)])
      let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }
      expectEqual(res.events, [.error(400, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
      expectEqual(ys.subscriptions, [Subscription(300, 400)])
    }
  }

  @Test("completion in time never subscribes the other sequence")
  func timeoutNotOccursCompleted() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs: TestableObservable<Int> = scheduler.createHotObservable([.completed(250)])
      let ys: TestableObservable<Int> = scheduler.createColdObservable([.next(100, -1)])
      let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }
      expectEqual(res.events, [.completed(250)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
      expectEqual(ys.subscriptions, [])
    }
  }

  @Test("an error in time never subscribes the other sequence")
  func timeoutNotOccursError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs: TestableObservable<Int> = scheduler.createHotObservable([.error(250, testError)])
      let ys: TestableObservable<Int> = scheduler.createColdObservable([.next(100, -1)])
      let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }
      expectEqual(res.events, [.error(250, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
      expectEqual(ys.subscriptions, [])
    }
  }

  @Test("elements in time keep the source")
  func timeoutNotOccurs() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(70, 1), .next(130, 2), .next(240, 3), .next(320, 4), .next(410, 5),
        .completed(500),
      ])
      let ys = scheduler.createColdObservable([
        .next(50, -1), .next(200, -2), .next(310, -3), .completed(320),
      ])
      let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }
      expectEqual(res.events, [.next(240, 3), .next(320, 4), .next(410, 5), .completed(500)])
      expectEqual(xs.subscriptions, [Subscription(200, 500)])
      expectEqual(ys.subscriptions, [])
    }
  }

  @Test("disposing after the switch disposes the other sequence")
  func disposeAfterSwitch() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs: TestableObservable<Int> = scheduler.createHotObservable([])
      let ys = scheduler.createColdObservable([.next(10, -1), .next(100, -2)])
      let res = scheduler.start(disposed: 350) {
        xs.timeout(.seconds(100), other: ys, scheduler: scheduler)
      }
      expectEqual(res.events, [.next(310, -1)])
      expectEqual(ys.subscriptions, [Subscription(300, 350)])
    }
  }

  @Test("takes the time as a Swift Duration, with and without other")
  func durations() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs: TestableObservable<Int> = scheduler.createHotObservable([])
      let res = scheduler.start { xs.timeout(Duration.seconds(5), scheduler: scheduler) }
      expectEqual(res.events, [.error(205, RxError.timeout)])
      let second = TestScheduler(initialClock: 0)
      let other = second.start {
        Observable<Int>.never()
          .timeout(Duration.seconds(5), other: Observable.just(9), scheduler: second)
      }
      expectEqual(other.events, [.next(205, 9), .completed(205)])
    }
  }

  @Test("the timeout fires on a real scheduler")
  func realScheduler() async {
    await withLeakChecking {
      let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "timeout-test")
      let observer = TestableObserver<Int>()
      let subscription = Observable<Int>.never()
        .timeout(.milliseconds(10), scheduler: scheduler)
        .subscribe(observer)
      #expect(await observer.waitForTermination())
      expectEqual(observer.events, [.error(0, RxError.timeout)])
      subscription.dispose()
    }
  }
}
