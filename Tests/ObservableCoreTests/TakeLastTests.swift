import ObservableCore
import ObservableTesting
import Testing

@Suite("takeLast")
struct TakeLastTests {
  @Test("emits the last count elements when the source completes")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4),
        .completed(300),
      ])
      let res = scheduler.start { xs.takeLast(2) }
      expectEqual(res.events, [.next(300, 3), .next(300, 4), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("emits everything when there are fewer elements, and nothing with zero")
  func shortAndZero() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
      let res = scheduler.start { xs.takeLast(5) }
      expectEqual(res.events, [.next(300, 1), .completed(300)])
      let zero = scheduler.start(created: 1100, subscribed: 1200, disposed: 1300) {
        Observable.of(1, 2).takeLast(0)
      }
      expectEqual(zero.events, [.completed(1200)])
    }
  }

  @Test("a negative count fails with argumentOutOfRange")
  func negativeCount() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable.of(1).takeLast(-1) }
      expectEqual(res.events, [.error(200, RxError.argumentOutOfRange)])
    }
  }

  @Test("forwards an upstream error and drops the buffer")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
      let res = scheduler.start { xs.takeLast(2) }
      expectEqual(res.events, [.error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("disposing downstream disposes upstream")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(290, 2), .completed(400)])
      let res = scheduler.start(disposed: 250) { xs.takeLast(1) }
      expectEqual(res.events, [])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("an observer may emit into the source, subscribe and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let other = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let late = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = subject.takeLast(3).subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 1 {
          _ = other.takeLast(1).subscribe(onNext: { v in late.mutate { $0.append(v) } })
          other.onNext(7)
          other.onCompleted()
          subject.onNext(99)
        } else {
          subscription.value?.dispose()
        }
      })
      subject.onNext(1)
      subject.onNext(2)
      subject.onNext(3)
      subject.onCompleted()
      expectEqual(received.value, [1, 2])
      expectEqual(late.value, [7])
      #expect(!other.hasObservers)
      subscription.value = nil
    }
  }

  @Test("releases buffered elements after an error")
  func releasesElements() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      let subject = PublishSubject<Tracked>()
      let subscription = subject.takeLast(1).subscribe(onError: { _ in })
      subject.onNext(tracked)
      subject.onError(testError)
      _ = subscription
    }
    #expect(weakTracked == nil)
  }
}
