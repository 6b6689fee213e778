import ObservableCore
import ObservableTesting
import Testing

@Suite("map")
struct MapTests {
  @Test("never: emits nothing and stays subscribed")
  func never() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(150, 1)])
      let res = scheduler.start { xs.map { $0 * 2 } }
      expectEqual(res.events, [])
      expectEqual(xs.subscriptions, [Subscription(200, 1000)])
    }
  }

  @Test("transforms each element and forwards completion")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 1), .next(210, 2), .next(240, 3), .completed(300),
      ])
      let res = scheduler.start { xs.map { $0 * 10 } }
      expectEqual(res.events, [.next(210, 20), .next(240, 30), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("forwards an upstream error")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 2), .error(220, testError)])
      let res = scheduler.start { xs.map { $0 + 1 } }
      expectEqual(res.events, [.next(210, 3), .error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("a throwing transform fails the sequence and disposes upstream")
  func throwingTransform() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
      ])
      let res = scheduler.start {
        xs.map { value -> Int in
          if value == 2 { throw testError }
          return value
        }
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
      let res = scheduler.start(disposed: 250) { xs.map { $0 } }
      expectEqual(res.events, [.next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("an observer may dispose its own subscription from inside onNext")
  func reentrantDispose() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = subject.map { $0 * 2 }.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        subscription.value?.dispose()
      })
      subject.onNext(1)
      subject.onNext(2)
      expectEqual(received.value, [2])
      #expect(!subject.hasObservers)
      subscription.value = nil
    }
  }

  @Test("an observer may emit into its own source from inside onNext")
  func reentrantEmit() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let subscription = subject.map { $0 + 100 }.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value < 103 { subject.onNext(value - 99) }
      })
      subject.onNext(1)
      expectEqual(received.value, [101, 102, 103])
      subscription.dispose()
    }
  }

  @Test("releases the transform's captures after termination")
  func releasesCaptures() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      let subject = PublishSubject<Int>()
      let subscription = subject.map { [tracked] value in
        _ = tracked
        return value
      }.subscribe()
      subject.onCompleted()
      _ = subscription
    }
    #expect(weakTracked == nil)
  }
}
