import ObservableCore
import ObservableTesting
import Testing

@Suite("single")
struct SingleElementTests {
  @Test("forwards the only element as it arrives, then the completion")
  func oneElement() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(250)])
      let res = scheduler.start { xs.single() }
      expectEqual(res.events, [.next(210, 2), .completed(250)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("an empty source fails with noElements when it completes")
  func empty() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(150, 1), .completed(250, Int.self)])
      let res = scheduler.start { xs.single() }
      expectEqual(res.events, [.error(250, RxError.noElements)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("a second element fails with moreThanOneElement at once and disposes the source")
  func secondElement() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
      ])
      let res = scheduler.start { xs.single() }
      expectEqual(res.events, [.next(210, 1), .error(220, RxError.moreThanOneElement)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("forwards an upstream error, after the element or before it")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
      let res = scheduler.start { xs.single() }
      expectEqual(res.events, [.next(210, 1), .error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])

      let second = TestScheduler(initialClock: 0)
      let ys = second.createHotObservable([.error(220, testError, Int.self)])
      let res2 = second.start { ys.single() }
      expectEqual(res2.events, [.error(220, testError)])
    }
  }

  @Test("with a predicate, counts only the matching elements")
  func predicate() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
      ])
      let res = scheduler.start { xs.single { $0 == 2 } }
      expectEqual(res.events, [.next(220, 2), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("with a predicate, a second match fails at once")
  func predicateCounts() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
      ])
      let res = scheduler.start { xs.single { $0 > 1 } }
      expectEqual(res.events, [.next(220, 2), .error(230, RxError.moreThanOneElement)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("with a predicate, a source without a match fails with noElements")
  func predicateNoMatch() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
      let res = scheduler.start { xs.single { $0 > 9 } }
      expectEqual(res.events, [.error(300, RxError.noElements)])
    }
  }

  @Test("a throwing predicate fails the sequence and disposes the source")
  func throwingPredicate() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
      ])
      let res = scheduler.start {
        xs.single { value -> Bool in
          if value == 2 { throw testError }
          return value == 1
        }
      }
      expectEqual(res.events, [.next(210, 1), .error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("disposing the result disposes the source")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(400)])
      let res = scheduler.start(disposed: 250) { xs.single() }
      expectEqual(res.events, [.next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("releases the predicate's captures after termination")
  func releasesCaptures() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      let subject = PublishSubject<Int>()
      let subscription = subject.single { [tracked] _ in
        _ = tracked
        return true
      }.subscribe(onError: { _ in })
      subject.onNext(1)
      subject.onNext(2)
      _ = subscription
    }
    #expect(weakTracked == nil)
  }
}
