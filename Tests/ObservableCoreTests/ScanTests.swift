import ObservableCore
import ObservableTesting
import Testing

@Suite("scan")
struct ScanTests {
  @Test("emits every accumulated state and forwards completion")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 100), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
      ])
      let res = scheduler.start { xs.scan(0) { $0 + $1 } }
      expectEqual(res.events, [.next(210, 1), .next(220, 3), .next(230, 6), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("scan(into:) mutates the state in place")
  func into() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
      let res = scheduler.start { xs.scan(into: [Int]()) { $0.append($1) }.map { $0.count } }
      expectEqual(res.events, [.next(210, 1), .next(220, 2), .completed(300)])
    }
  }

  @Test("each subscription starts again from the seed")
  func seedPerSubscription() {
    withLeakChecking {
      let source = Observable.of(1, 2).scan(10) { $0 + $1 }
      let received = Box<[Int]>([])
      _ = source.subscribe(onNext: { value in received.mutate { $0.append(value) } })
      _ = source.subscribe(onNext: { value in received.mutate { $0.append(value) } })
      expectEqual(received.value, [11, 13, 11, 13])
    }
  }

  @Test("forwards an upstream error")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
      let res = scheduler.start { xs.scan(0) { $0 + $1 } }
      expectEqual(res.events, [.next(210, 1), .error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("a throwing accumulator fails the sequence and disposes upstream")
  func throwingAccumulator() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
      ])
      let res = scheduler.start {
        xs.scan(into: 0) { state, value in
          if value == 2 { throw testError }
          state += value
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
      let res = scheduler.start(disposed: 250) { xs.scan(0) { $0 + $1 } }
      expectEqual(res.events, [.next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("an observer may emit into the source, subscribe and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let source = subject.scan(0) { $0 + $1 }
      let received = Box<[Int]>([])
      let late = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      let lateSubscription = Box<(any Disposable)?>(nil)
      subscription.value = source.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 1 {
          lateSubscription.value = source.subscribe(onNext: { v in late.mutate { $0.append(v) } })
          subject.onNext(2)
        } else {
          subscription.value?.dispose()
        }
      })
      subject.onNext(1)
      subject.onNext(3)
      expectEqual(received.value, [1, 3])
      expectEqual(late.value, [2, 5])
      lateSubscription.value?.dispose()
      #expect(!subject.hasObservers)
      subscription.value = nil
      lateSubscription.value = nil
    }
  }

  @Test("releases the accumulator's captures after termination")
  func releasesCaptures() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      let subject = PublishSubject<Int>()
      let subscription = subject.scan(0) { [tracked] state, value in
        _ = tracked
        return state + value
      }.subscribe()
      subject.onNext(1)
      subject.onCompleted()
      _ = subscription
    }
    #expect(weakTracked == nil)
  }
}
