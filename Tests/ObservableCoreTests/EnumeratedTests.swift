import ObservableCore
import ObservableTesting
import Testing

@Suite("enumerated")
struct EnumeratedTests {
  @Test("pairs each element with its index from zero")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, "z"), .next(210, "a"), .next(220, "b"), .next(230, "c"), .completed(300),
      ])
      let res = scheduler.start { xs.enumerated().map { "\($0.index)\($0.element)" } }
      expectEqual(
        res.events, [.next(210, "0a"), .next(220, "1b"), .next(230, "2c"), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("each subscription counts from zero")
  func perSubscription() {
    withLeakChecking {
      let source = Observable.of("a", "b").enumerated()
      let received = Box<[Int]>([])
      _ = source.subscribe(onNext: { pair in received.mutate { $0.append(pair.index) } })
      _ = source.subscribe(onNext: { pair in received.mutate { $0.append(pair.index) } })
      expectEqual(received.value, [0, 1, 0, 1])
    }
  }

  @Test("forwards an upstream error")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
      let res = scheduler.start { xs.enumerated().map(\.index) }
      expectEqual(res.events, [.next(210, 0), .error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("disposing downstream disposes upstream")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(290, 2), .completed(400)])
      let res = scheduler.start(disposed: 250) { xs.enumerated().map(\.index) }
      expectEqual(res.events, [.next(210, 0)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("an observer may emit into the source, subscribe and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let subject = PublishSubject<String>()
      let source = subject.enumerated().map { "\($0.index)\($0.element)" }
      let received = Box<[String]>([])
      let late = Box<[String]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = source.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == "0a" {
          _ = source.subscribe(onNext: { v in late.mutate { $0.append(v) } })
          subject.onNext("b")
        } else {
          subscription.value?.dispose()
        }
      })
      subject.onNext("a")
      subject.onNext("c")
      subject.onCompleted()
      expectEqual(received.value, ["0a", "1b"])
      expectEqual(late.value, ["0b", "1c"])
      #expect(!subject.hasObservers)
      subscription.value = nil
    }
  }
}
