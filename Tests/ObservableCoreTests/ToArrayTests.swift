import ObservableCore
import ObservableTesting
import Testing

@Suite("toArray")
struct ToArrayTests {
  @Test("emits every element as one array when the source completes")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
      ])
      let res = scheduler.start { xs.toArray().asObservable() }
      expectEqual(res.events, [.next(300, [1, 2, 3]), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("an empty source gives an empty array, delivered as a Single")
  func empty() {
    withLeakChecking {
      let result = Box<[Int]?>(nil)
      _ = Observable<Int>.empty().toArray().subscribe(onSuccess: { result.value = $0 })
      expectEqual(result.value, [])
    }
  }

  @Test("forwards an upstream error")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
      let res = scheduler.start { xs.toArray().asObservable() }
      expectEqual(res.events, [.error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("disposing downstream disposes upstream")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(290, 2), .completed(400)])
      let res = scheduler.start(disposed: 250) { xs.toArray().asObservable() }
      expectEqual(res.events, [])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("an observer may emit into a source, subscribe and dispose from inside onSuccess")
  func reentrancy() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let received = Box<[[Int]]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = subject.toArray().subscribe(onSuccess: { value in
        received.mutate { $0.append(value) }
        _ = subject.toArray().subscribe(onSuccess: { value in received.mutate { $0.append(value) } }
        )
        subject.onNext(9)
        subscription.value?.dispose()
      })
      subject.onNext(1)
      subject.onCompleted()
      expectEqual(received.value, [[1], []])
      #expect(!subject.hasObservers)
      subscription.value = nil
    }
  }

  @Test("releases the collected elements after termination")
  func releasesElements() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      let subject = PublishSubject<Tracked>()
      let subscription = subject.toArray().subscribe()
      subject.onNext(tracked)
      subject.onError(testError)
      _ = subscription
    }
    #expect(weakTracked == nil)
  }
}
