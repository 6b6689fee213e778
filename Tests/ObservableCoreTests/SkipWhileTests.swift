import ObservableCore
import ObservableTesting
import Testing

@Suite("skip(while:)")
struct SkipWhileTests {
  @Test("skips while the predicate holds, then emits everything")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 5), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 1),
        .completed(300),
      ])
      let res = scheduler.start { xs.skip(while: { $0 < 3 }) }
      expectEqual(res.events, [.next(230, 3), .next(240, 1), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("stops calling the predicate once it fails")
  func predicateCalls() {
    withLeakChecking {
      let calls = Box(0)
      _ = Observable.of(1, 5, 1, 1).skip(while: { value in
        calls.mutate { $0 += 1 }
        return value < 3
      }).subscribe()
      expectEqual(calls.value, 2)
    }
  }

  @Test("forwards an upstream error")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
      let res = scheduler.start { xs.skip(while: { $0 < 3 }) }
      expectEqual(res.events, [.error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("a throwing predicate fails the sequence and disposes upstream")
  func throwingPredicate() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
      let res = scheduler.start {
        xs.skip(while: { value in
          if value == 2 { throw testError }
          return true
        })
      }
      expectEqual(res.events, [.error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("disposing downstream disposes upstream")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 4), .next(290, 2), .completed(400)])
      let res = scheduler.start(disposed: 250) { xs.skip(while: { $0 < 3 }) }
      expectEqual(res.events, [.next(210, 4)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("an observer may emit into the source, subscribe and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let source = subject.skip(while: { $0 < 3 })
      let received = Box<[Int]>([])
      let late = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = source.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 3 {
          _ = source.subscribe(onNext: { v in late.mutate { $0.append(v) } })
          subject.onNext(4)
        } else {
          subscription.value?.dispose()
        }
      })
      subject.onNext(1)
      subject.onNext(3)
      subject.onNext(1)
      subject.onCompleted()
      expectEqual(received.value, [3, 4])
      // The late subscriber's own skipping ends at 4, so it also sees the later 1.
      expectEqual(late.value, [4, 1])
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
      let subscription = subject.skip(while: { [tracked] value in
        _ = tracked
        return value < 3
      }).subscribe()
      subject.onCompleted()
      _ = subscription
    }
    #expect(weakTracked == nil)
  }
}
