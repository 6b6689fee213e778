import ObservableCore
import ObservableTesting
import Testing

@Suite("compactMap")
struct CompactMapTests {
  @Test("emits the non-nil results and forwards completion")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, "0"), .next(210, "1"), .next(220, "x"), .next(230, "3"), .completed(300),
      ])
      let res = scheduler.start { xs.compactMap { Int($0) } }
      expectEqual(res.events, [.next(210, 1), .next(230, 3), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("forwards an upstream error")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
      let res = scheduler.start { xs.compactMap { $0 * 2 } }
      expectEqual(res.events, [.next(210, 2), .error(220, testError)])
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
        xs.compactMap { value -> Int? in
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
      let res = scheduler.start(disposed: 250) { xs.compactMap { $0 } }
      expectEqual(res.events, [.next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("an observer may emit into the source, subscribe and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let source = subject.compactMap { $0 == 0 ? nil : $0 * 10 }
      let received = Box<[Int]>([])
      let late = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      let lateSubscription = Box<(any Disposable)?>(nil)
      subscription.value = source.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 10 {
          lateSubscription.value = source.subscribe(onNext: { v in late.mutate { $0.append(v) } })
          subject.onNext(0)
          subject.onNext(2)
        } else {
          subscription.value?.dispose()
        }
      })
      subject.onNext(1)
      subject.onNext(3)
      expectEqual(received.value, [10, 20])
      expectEqual(late.value, [20, 30])
      lateSubscription.value?.dispose()
      #expect(!subject.hasObservers)
      subscription.value = nil
      lateSubscription.value = nil
    }
  }

  @Test("releases the transform's captures after termination")
  func releasesCaptures() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      let subject = PublishSubject<Int>()
      let subscription = subject.compactMap { [tracked] value -> Int? in
        _ = tracked
        return value
      }.subscribe()
      subject.onCompleted()
      _ = subscription
    }
    #expect(weakTracked == nil)
  }
}
