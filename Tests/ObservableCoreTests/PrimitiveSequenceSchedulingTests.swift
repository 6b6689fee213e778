import ObservableCore
import ObservableTesting
import Testing

@Suite("Single and Maybe: just and timer on a scheduler")
struct PrimitiveSequenceSchedulingTests {
  @Test("Single.just delivers the element as scheduled work")
  func singleJust() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Single.just(42, scheduler: scheduler) }
      expectEqual(res.events, [.next(201, 42), .completed(202)])
    }
  }

  @Test("Maybe.just delivers the element as scheduled work")
  func maybeJust() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Maybe.just(42, scheduler: scheduler) }
      expectEqual(res.events, [.next(201, 42), .completed(202)])
    }
  }

  @Test("just disposed before the scheduled work runs delivers nothing")
  func justDisposed() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start(disposed: 201) { Single.just(42, scheduler: scheduler) }
      expectEqual(res.events, [])
    }
  }

  @Test("Single.timer succeeds with 0 at the due time")
  func singleTimer() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Single<Int>.timer(.seconds(30), scheduler: scheduler) }
      expectEqual(res.events, [.next(230, 0), .completed(230)])
    }
  }

  @Test("Maybe.timer succeeds with 0 at the due time, also given a Duration")
  func maybeTimer() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Maybe<Int>.timer(.seconds(30) as Duration, scheduler: scheduler) }
      expectEqual(res.events, [.next(230, 0), .completed(230)])
    }
  }

  @Test("timer disposed before the due time delivers nothing")
  func timerDisposed() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start(disposed: 220) {
        Single<Int>.timer(.seconds(30), scheduler: scheduler)
      }
      expectEqual(res.events, [])
    }
  }

  @Test("timer succeeds for subscribe(onSuccess:) and releases the handler")
  func timerSubscribe() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let tracked = Tracked()
      weakTracked = tracked
      let values = Box<[Int]>([])
      let subscription = Single<Int>.timer(.seconds(5), scheduler: scheduler)
        .subscribe(onSuccess: { [tracked] value in
          _ = tracked
          values.mutate { $0.append(value) }
        })
      scheduler.start()
      expectEqual(values.value, [0])
      _ = subscription
    }
    #expect(weakTracked == nil)
  }
}
