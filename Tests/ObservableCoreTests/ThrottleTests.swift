import Dispatch
import ObservableCore
import ObservableTesting
import Testing

@Suite("throttle")
struct ThrottleTests {
  private static let burst: [Recorded<Event<Int>>] = [
    .next(150, 1), .next(210, 2), .next(250, 3), .next(310, 4), .next(350, 5), .next(410, 6),
    .next(450, 7),
  ]

  // MARK: latest: false

  @Test("latest: false drops elements inside the window")
  func notLatestCompleted() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(Self.burst + [.completed(500)])
      let res = scheduler.start {
        xs.throttle(.seconds(200), latest: false, scheduler: scheduler)
      }
      expectEqual(res.events, [.next(210, 2), .next(410, 6), .completed(500)])
      expectEqual(xs.subscriptions, [Subscription(200, 500)])
    }
  }

  @Test("latest: false, never")
  func notLatestNever() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(150, 0)])
      let res = scheduler.start {
        xs.throttle(.seconds(200), latest: false, scheduler: scheduler)
      }
      expectEqual(res.events, [])
      expectEqual(xs.subscriptions, [Subscription(200, 1000)])
    }
  }

  @Test("latest: false, empty")
  func notLatestEmpty() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(150, 0), .completed(500)])
      let res = scheduler.start {
        xs.throttle(.seconds(200), latest: false, scheduler: scheduler)
      }
      expectEqual(res.events, [.completed(500)])
      expectEqual(xs.subscriptions, [Subscription(200, 500)])
    }
  }

  @Test("latest: false, error")
  func notLatestError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 1), .next(210, 2), .next(250, 3), .next(310, 4), .next(350, 5),
        .error(410, testError), .next(450, 7), .completed(500),
      ])
      let res = scheduler.start {
        xs.throttle(.seconds(200), latest: false, scheduler: scheduler)
      }
      expectEqual(res.events, [.next(210, 2), .error(410, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 410)])
    }
  }

  @Test("latest: false, no end")
  func notLatestNoEnd() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(Self.burst)
      let res = scheduler.start {
        xs.throttle(.seconds(200), latest: false, scheduler: scheduler)
      }
      expectEqual(res.events, [.next(210, 2), .next(410, 6)])
      expectEqual(xs.subscriptions, [Subscription(200, 1000)])
    }
  }

  @Test("latest: false never schedules work")
  func notLatestSchedulesNothing() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
      let res = scheduler.start {
        xs.throttle(.seconds(50), latest: false, scheduler: scheduler)
      }
      expectEqual(res.events, [.next(210, 1), .completed(230)])
    }
  }

  // MARK: latest: true

  @Test("latest: the last dropped element is emitted when the window ends, then completion")
  func latestCompleted() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(Self.burst + [.completed(500)])
      let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }
      expectEqual(
        res.events, [.next(210, 2), .next(410, 6), .next(610, 7), .completed(610)])
      // The upstream subscription ends when upstream completes, before the delayed completion.
      expectEqual(xs.subscriptions, [Subscription(200, 500)])
    }
  }

  @Test("latest: completion after the window is not delayed")
  func latestCompletedAfterDueTime() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(Self.burst + [.completed(900)])
      let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }
      expectEqual(
        res.events, [.next(210, 2), .next(410, 6), .next(610, 7), .completed(900)])
      expectEqual(xs.subscriptions, [Subscription(200, 900)])
    }
  }

  @Test("latest: never")
  func latestNever() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(150, 0)])
      let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }
      expectEqual(res.events, [])
      expectEqual(xs.subscriptions, [Subscription(200, 1000)])
    }
  }

  @Test("latest: empty")
  func latestEmpty() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(150, 0), .completed(500)])
      let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }
      expectEqual(res.events, [.completed(500)])
      expectEqual(xs.subscriptions, [Subscription(200, 500)])
    }
  }

  @Test("latest: an error is forwarded at once and drops the waiting element")
  func latestError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 1), .next(210, 2), .next(250, 3), .next(310, 4), .next(350, 5),
        .error(410, testError), .next(450, 7), .completed(500),
      ])
      let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }
      expectEqual(res.events, [.next(210, 2), .error(410, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 410)])
    }
  }

  @Test("latest: no end")
  func latestNoEnd() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(Self.burst)
      let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }
      expectEqual(res.events, [.next(210, 2), .next(410, 6), .next(610, 7)])
      expectEqual(xs.subscriptions, [Subscription(200, 1000)])
    }
  }

  @Test("latest: a waiting element is emitted exactly one window after the last emission")
  func latestTimerTiming() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .next(300, 4), .completed(400),
      ])
      let res = scheduler.start { xs.throttle(.seconds(50), scheduler: scheduler) }
      expectEqual(res.events, [.next(210, 1), .next(260, 3), .next(310, 4), .completed(400)])
    }
  }

  @Test("disposing cancels the waiting element's timer")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(400)])
      let res = scheduler.start(disposed: 240) { xs.throttle(.seconds(50), scheduler: scheduler) }
      expectEqual(res.events, [.next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 240)])
    }
  }

  @Test("disposing while completion waits for the timer cancels both")
  func disposeWhileCompletionWaits() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
      let res = scheduler.start(disposed: 240) { xs.throttle(.seconds(50), scheduler: scheduler) }
      expectEqual(res.events, [.next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("takes the due time as a Swift Duration")
  func duration() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(300)])
      let res = scheduler.start {
        xs.throttle(Duration.seconds(20), latest: true, scheduler: scheduler)
      }
      expectEqual(res.events, [.next(210, 1), .next(230, 2), .completed(300)])
    }
  }

  @Test("an element sent from inside onNext is throttled like any other")
  func reentrantEmit() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let subject = PublishSubject<Int>()
      let received = Box<[String]>([])
      let subscription = subject.throttle(.seconds(10), scheduler: scheduler)
        .subscribe(onNext: { value in
          received.mutate { $0.append("\(value)@\(scheduler.clock)") }
          if value < 3 { subject.onNext(value + 1) }
        })
      scheduler.scheduleAt(5) { subject.onNext(1) }
      scheduler.start()
      expectEqual(received.value, ["1@5", "2@15", "3@25"])
      subscription.dispose()
    }
  }

  @Test("releases the waiting element after disposal")
  func releases() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let subject = PublishSubject<Tracked>()
      let subscription = subject.throttle(.seconds(100), scheduler: scheduler).subscribe()
      subject.onNext(Tracked())
      do {
        let tracked = Tracked()
        weakTracked = tracked
        subject.onNext(tracked)
      }
      #expect(weakTracked != nil)
      subscription.dispose()
    }
    #expect(weakTracked == nil)
  }
}
