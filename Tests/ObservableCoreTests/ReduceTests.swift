import ObservableCore
import ObservableTesting
import Testing

@Suite("reduce")
struct ReduceTests {
  @Test("emits the final state when the source completes")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 100), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
      ])
      let res = scheduler.start { xs.reduce(0, accumulator: +) }
      expectEqual(res.events, [.next(300, 6), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("an empty source emits the seed; mapResult transforms the final state")
  func emptyAndMapResult() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 4), .completed(250)])
      let res = scheduler.start { xs.reduce(1, accumulator: *, mapResult: { "x\($0)" }) }
      expectEqual(res.events, [.next(250, "x4"), .completed(250)])
      let empty = scheduler.start(created: 1100, subscribed: 1200, disposed: 1300) {
        Observable<Int>.empty().reduce(7, accumulator: +)
      }
      expectEqual(empty.events, [.next(1200, 7), .completed(1200)])
    }
  }

  @Test("forwards an upstream error without a result")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
      let res = scheduler.start { xs.reduce(0, accumulator: +) }
      expectEqual(res.events, [.error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("a throwing accumulator fails the sequence and disposes upstream")
  func throwingAccumulator() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
      let res = scheduler.start {
        xs.reduce(0) { state, value in
          if value == 2 { throw testError }
          return state + value
        }
      }
      expectEqual(res.events, [.error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("a throwing mapResult fails the sequence")
  func throwingMapResult() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
      let res = scheduler.start {
        xs.reduce(0, accumulator: +, mapResult: { _ -> Int in throw testError })
      }
      expectEqual(res.events, [.error(300, testError)])
    }
  }

  @Test("disposing downstream disposes upstream")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(290, 2), .completed(400)])
      let res = scheduler.start(disposed: 250) { xs.reduce(0, accumulator: +) }
      expectEqual(res.events, [])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("an observer may emit into the source, subscribe and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let trigger = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let late = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = trigger.reduce(0, accumulator: +).subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        let sum = subject.reduce(0, accumulator: +)
        _ = sum.subscribe(onNext: { v in late.mutate { $0.append(v) } })
        subject.onNext(5)
        subject.onCompleted()
        subscription.value?.dispose()
      })
      trigger.onNext(1)
      trigger.onNext(2)
      trigger.onCompleted()
      expectEqual(received.value, [3])
      expectEqual(late.value, [5])
      #expect(!trigger.hasObservers)
      #expect(!subject.hasObservers)
      subscription.value = nil
    }
  }

  @Test("releases the closures' captures after termination")
  func releasesCaptures() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      let subject = PublishSubject<Int>()
      let subscription = subject.reduce(
        0,
        accumulator: { [tracked] state, value in
          _ = tracked
          return state + value
        },
        mapResult: { [tracked] state in
          _ = tracked
          return state
        }
      ).subscribe()
      subject.onNext(1)
      subject.onCompleted()
      _ = subscription
    }
    #expect(weakTracked == nil)
  }
}
