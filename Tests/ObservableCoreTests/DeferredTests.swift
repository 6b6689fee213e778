import ObservableCore
import ObservableTesting
import Testing

@Suite("deferred")
struct DeferredTests {
  @Test("calls the factory once per subscription, at subscription time")
  func factoryPerSubscription() {
    withLeakChecking {
      let calls = Box(0)
      let source = Observable<Int>.deferred {
        let call = calls.mutate { count -> Int in
          count += 1
          return count
        }
        return .just(call)
      }
      expectEqual(calls.value, 0)
      let received = Box<[Int]>([])
      _ = source.subscribe(onNext: { value in received.mutate { $0.append(value) } })
      _ = source.subscribe(onNext: { value in received.mutate { $0.append(value) } })
      expectEqual(received.value, [1, 2])
    }
  }

  @Test("forwards the created sequence's elements and completion")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
      let res = scheduler.start { Observable.deferred { xs.asObservable() } }
      expectEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("forwards the created sequence's error")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
      let res = scheduler.start { Observable.deferred { xs.asObservable() } }
      expectEqual(res.events, [.next(210, 1), .error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("a throwing factory becomes an error event")
  func throwingFactory() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start {
        Observable<Int>.deferred { throw testError }
      }
      expectEqual(res.events, [.error(200, testError)])
    }
  }

  @Test("disposing the subscription disposes the created sequence")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .next(100, 2), .completed(200)])
      let res = scheduler.start(disposed: 250) { Observable.deferred { xs.asObservable() } }
      expectEqual(res.events, [.next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("an observer may emit into the source, subscribe and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let source = Observable.deferred { subject.asObservable() }
      let received = Box<[Int]>([])
      let late = Box<[Int]>([])
      let subscriptions = Box<[any Disposable]>([])
      let first = source.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 1 {
          let second = source.subscribe(onNext: { value in late.mutate { $0.append(value) } })
          subscriptions.mutate { $0.append(second) }
          subject.onNext(2)
        } else {
          subscriptions.value.first?.dispose()
        }
      })
      subscriptions.mutate { $0.insert(first, at: 0) }
      subject.onNext(1)
      subject.onNext(3)
      expectEqual(received.value, [1, 2])
      expectEqual(late.value, [2, 3])
      for subscription in subscriptions.value { subscription.dispose() }
      #expect(!subject.hasObservers)
      subscriptions.value = []
    }
  }

  @Test("releases the factory's captures with the observable")
  func releasesCaptures() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      let subscription = Observable<Int>.deferred { [tracked] in
        _ = tracked
        return .just(1)
      }.subscribe()
      _ = subscription
    }
    #expect(weakTracked == nil)
  }
}
