import ObservableCore
import ObservableTesting
import Testing

@Suite("skip(_:)")
struct SkipTests {
  @Test("skips the first count elements")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
      ])
      let res = scheduler.start { xs.skip(2) }
      expectEqual(res.events, [.next(230, 3), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("skip(0) passes everything; a negative count fails with argumentOutOfRange")
  func zeroAndNegative() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable.of(1, 2).skip(0) }
      expectEqual(res.events, [.next(200, 1), .next(200, 2), .completed(200)])
      let negative = scheduler.start(created: 1100, subscribed: 1200, disposed: 1300) {
        Observable.of(1, 2).skip(-1)
      }
      expectEqual(negative.events, [.error(1200, RxError.argumentOutOfRange)])
    }
  }

  @Test("forwards an upstream error, even while skipping")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
      let res = scheduler.start { xs.skip(5) }
      expectEqual(res.events, [.error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("disposing downstream disposes upstream")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(400)])
      let res = scheduler.start(disposed: 250) { xs.skip(1) }
      expectEqual(res.events, [.next(220, 2)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("each subscription skips anew")
  func perSubscription() {
    withLeakChecking {
      let source = Observable.of(1, 2, 3).skip(2)
      let received = Box<[Int]>([])
      _ = source.subscribe(onNext: { value in received.mutate { $0.append(value) } })
      _ = source.subscribe(onNext: { value in received.mutate { $0.append(value) } })
      expectEqual(received.value, [3, 3])
    }
  }

  @Test("an observer may emit into the source, subscribe and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let source = subject.skip(1)
      let received = Box<[Int]>([])
      let late = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = source.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 1 {
          _ = source.subscribe(onNext: { v in late.mutate { $0.append(v) } })
          subject.onNext(2)
          subject.onNext(3)
        } else {
          subscription.value?.dispose()
        }
      })
      subject.onNext(0)
      subject.onNext(1)
      subject.onCompleted()
      expectEqual(received.value, [1, 2])
      expectEqual(late.value, [3])
      #expect(!subject.hasObservers)
      subscription.value = nil
    }
  }
}
