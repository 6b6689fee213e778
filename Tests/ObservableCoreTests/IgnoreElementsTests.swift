import ObservableCore
import ObservableTesting
import Testing

@Suite("ignoreElements")
struct IgnoreElementsTests {
  @Test("drops every element and forwards completion")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 0), .next(210, 1), .next(220, 2), .completed(300),
      ])
      let res = scheduler.start { xs.ignoreElements() }
      expectEqual(res.events, [.completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("converts to a Completable")
  func completable() {
    withLeakChecking {
      let completed = Box(false)
      _ = Observable.of(1, 2).ignoreElements().asCompletable().asObservable()
        .subscribe(onCompleted: { completed.value = true })
      #expect(completed.value)
    }
  }

  @Test("forwards an upstream error")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
      let res = scheduler.start { xs.ignoreElements() }
      expectEqual(res.events, [.error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("disposing downstream disposes upstream")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(400)])
      let res = scheduler.start(disposed: 250) { xs.ignoreElements() }
      expectEqual(res.events, [])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("an observer may emit into the source, subscribe and dispose from inside onCompleted")
  func reentrancy() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let other = PublishSubject<Int>()
      let received = Box<[String]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = subject.ignoreElements().subscribe(onCompleted: {
        received.mutate { $0.append("completed") }
        _ = other.ignoreElements().subscribe(onCompleted: {
          received.mutate { $0.append("other") }
        })
        subject.onNext(1)
        other.onCompleted()
        subscription.value?.dispose()
      })
      subject.onNext(1)
      subject.onCompleted()
      expectEqual(received.value, ["completed", "other"])
      #expect(!subject.hasObservers)
      subscription.value = nil
    }
  }
}
