import ObservableCore
import ObservableTesting
import Testing

@Suite("take(until: predicate, behavior:)")
struct TakeUntilPredicateTests {
  @Test("exclusive by default: completes without the element that satisfies the predicate")
  func exclusive() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 3), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 1),
        .completed(300),
      ])
      let res = scheduler.start { xs.take(until: { $0 == 3 }) }
      expectEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("inclusive: emits the element that satisfies the predicate, then completes")
  func inclusive() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 1), .completed(300),
      ])
      let res = scheduler.start { xs.take(until: { $0 == 3 }, behavior: .inclusive) }
      expectEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(230)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("forwards completion before the predicate holds")
  func completion() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
      let res = scheduler.start { xs.take(until: { $0 == 3 }) }
      expectEqual(res.events, [.next(210, 1), .completed(250)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("forwards an upstream error")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
      let res = scheduler.start { xs.take(until: { $0 == 3 }) }
      expectEqual(res.events, [.next(210, 1), .error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("a throwing predicate fails the sequence and disposes upstream")
  func throwingPredicate() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
      let res = scheduler.start {
        xs.take(until: { value in
          if value == 2 { throw testError }
          return false
        })
      }
      expectEqual(res.events, [.next(210, 1), .error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("disposing downstream disposes upstream")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(290, 2), .completed(400)])
      let res = scheduler.start(disposed: 250) { xs.take(until: { _ in false }) }
      expectEqual(res.events, [.next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("an observer may emit into the source, subscribe and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let source = subject.take(until: { $0 >= 10 })
      let received = Box<[Int]>([])
      let late = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = source.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 1 {
          _ = source.subscribe(onNext: { v in late.mutate { $0.append(v) } })
          subject.onNext(2)
        } else {
          subscription.value?.dispose()
        }
      })
      subject.onNext(1)
      subject.onNext(3)
      subject.onNext(10)
      expectEqual(received.value, [1, 2])
      expectEqual(late.value, [2, 3])
      #expect(!subject.hasObservers)
      subscription.value = nil
    }
  }

  @Test("releases the predicate's captures after termination")
  func releasesCaptures() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      let subject = PublishSubject<Int>()
      let subscription = subject.take(until: { [tracked] value in
        _ = tracked
        return value == 3
      }).subscribe()
      subject.onNext(3)
      _ = subscription
    }
    #expect(weakTracked == nil)
  }
}
