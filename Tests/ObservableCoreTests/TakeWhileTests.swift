import ObservableCore
import ObservableTesting
import Testing

@Suite("take(while:behavior:)")
struct TakeWhileTests {
  @Test("exclusive by default: completes without the element that fails the predicate")
  func exclusive() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 9), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 1),
        .completed(300),
      ])
      let res = scheduler.start { xs.take(while: { $0 < 3 }) }
      expectEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("inclusive: emits the element that fails the predicate, then completes")
  func inclusive() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 1), .completed(300),
      ])
      let res = scheduler.start { xs.take(while: { $0 < 3 }, behavior: .inclusive) }
      expectEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(230)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("forwards completion while the predicate still holds")
  func completion() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
      let res = scheduler.start { xs.take(while: { $0 < 3 }) }
      expectEqual(res.events, [.next(210, 1), .completed(250)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("forwards an upstream error")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
      let res = scheduler.start { xs.take(while: { $0 < 3 }) }
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
        xs.take(while: { value in
          if value == 2 { throw testError }
          return true
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
      let res = scheduler.start(disposed: 250) { xs.take(while: { _ in true }) }
      expectEqual(res.events, [.next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("stops an infinite synchronous source")
  func infiniteSource() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start {
        Observable.generate(initialState: 0, condition: { _ in true }, iterate: { $0 + 1 })
          .take(while: { $0 < 2 }, behavior: .inclusive)
      }
      expectEqual(res.events, [.next(200, 0), .next(200, 1), .next(200, 2), .completed(200)])
    }
  }

  @Test("an observer may emit into the source, subscribe and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let source = subject.take(while: { $0 < 10 })
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
      let subscription = subject.take(while: { [tracked] value in
        _ = tracked
        return value < 3
      }).subscribe()
      subject.onNext(5)
      _ = subscription
    }
    #expect(weakTracked == nil)
  }
}
