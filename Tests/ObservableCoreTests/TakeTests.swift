import ObservableCore
import ObservableTesting
import Testing

@Suite("take")
struct TakeTests {
  @Test("emits the first n elements, completes, and disposes upstream at once")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
      ])
      let res = scheduler.start { xs.take(2) }
      expectEqual(res.events, [.next(210, 1), .next(220, 2), .completed(220)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("forwards an earlier completion")
  func earlyCompletion() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
      let res = scheduler.start { xs.take(5) }
      expectEqual(res.events, [.next(210, 1), .completed(220)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("forwards an upstream error before the count is reached")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
      let res = scheduler.start { xs.take(3) }
      expectEqual(res.events, [.next(210, 1), .error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("take(0) completes without subscribing; a negative count fails")
  func zeroAndNegative() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
      let zero = scheduler.start { xs.take(0) }
      expectEqual(zero.events, [.completed(200)])
      expectEqual(xs.subscriptions, [])
      let negative = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        xs.take(-1)
      }
      expectEqual(negative.events, [.error(1200, RxError.argumentOutOfRange)])
      expectEqual(xs.subscriptions, [])
    }
  }

  @Test("stops an infinite synchronous source")
  func infiniteSource() {
    withLeakChecking {
      let received = Box<[Event<Int>]>([])
      _ = Observable.repeatElement(7).take(3).subscribe { event in
        received.mutate { $0.append(event) }
      }
      expectEqual(received.value, [.next(7), .next(7), .next(7), .completed])
    }
  }

  @Test("disposing downstream disposes upstream")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(290, 2), .completed(400)])
      let res = scheduler.start(disposed: 250) { xs.take(5) }
      expectEqual(res.events, [.next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("an element sent reentrantly while the last one is delivered is not forwarded")
  func reentrantEmit() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let received = Box<[Event<Int>]>([])
      let subscription = subject.take(2).subscribe { event in
        received.mutate { $0.append(event) }
        if case .next(let value) = event { subject.onNext(value + 1) }
      }
      subject.onNext(1)
      expectEqual(received.value, [.next(1), .next(2), .completed])
      #expect(!subject.hasObservers)
      _ = subscription
    }
  }

  @Test("an observer may dispose its own subscription from inside onNext")
  func reentrantDispose() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = subject.take(3).subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        subscription.value?.dispose()
      })
      subject.onNext(1)
      subject.onNext(2)
      expectEqual(received.value, [1])
      #expect(!subject.hasObservers)
      subscription.value = nil
    }
  }
}
