import ObservableCore
import ObservableTesting
import Testing

@Suite("element(at:)")
struct ElementAtTests {
  @Test("emits the element at the index, completes and disposes upstream")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
      ])
      let res = scheduler.start { xs.element(at: 1) }
      expectEqual(res.events, [.next(220, 2), .completed(220)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("fails with argumentOutOfRange if the sequence is too short")
  func tooShort() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
      let res = scheduler.start { xs.element(at: 1) }
      expectEqual(res.events, [.error(300, RxError.argumentOutOfRange)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("fails with argumentOutOfRange for a negative index")
  func negativeIndex() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable.of(1, 2).element(at: -1) }
      expectEqual(res.events, [.error(200, RxError.argumentOutOfRange)])
    }
  }

  @Test("forwards an upstream error")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
      let res = scheduler.start { xs.element(at: 3) }
      expectEqual(res.events, [.error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("disposing downstream disposes upstream")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(290, 2), .completed(400)])
      let res = scheduler.start(disposed: 250) { xs.element(at: 1) }
      expectEqual(res.events, [])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("stops an infinite synchronous source")
  func infiniteSource() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable.repeatElement(4).element(at: 3) }
      expectEqual(res.events, [.next(200, 4), .completed(200)])
    }
  }

  @Test("an observer may emit into the source and subscribe from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let source = subject.element(at: 1)
      let received = Box<[Int]>([])
      let late = Box<[Int]>([])
      _ = source.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        _ = source.subscribe(onNext: { v in late.mutate { $0.append(v) } })
        subject.onNext(10)
        subject.onNext(11)
      })
      subject.onNext(1)
      subject.onNext(2)
      expectEqual(received.value, [2])
      expectEqual(late.value, [11])
      #expect(!subject.hasObservers)
    }
  }
}
