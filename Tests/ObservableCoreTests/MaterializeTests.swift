import ObservableCore
import ObservableTesting
import Testing

@Suite("materialize")
struct MaterializeTests {
  @Test("turns elements and completion into elements, then completes")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 0), .next(210, 1), .next(220, 2), .completed(300),
      ])
      let res = scheduler.start { xs.materialize() }
      expectEqual(
        res.events,
        [
          .next(210, .next(1)), .next(220, .next(2)), .next(300, .completed), .completed(300),
        ])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("turns an error into an element and completes instead of failing")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
      let res = scheduler.start { xs.materialize() }
      expectEqual(
        res.events, [.next(210, .next(1)), .next(220, .error(testError)), .completed(220)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("disposing downstream disposes upstream")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(290, 2), .completed(400)])
      let res = scheduler.start(disposed: 250) { xs.materialize() }
      expectEqual(res.events, [.next(210, .next(1))])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("dematerialize reverses it")
  func roundTrip() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
      let res = scheduler.start { xs.materialize().dematerialize() }
      expectEqual(res.events, [.next(210, 1), .error(220, testError)])
    }
  }

  @Test("an observer may emit into the source, subscribe and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let source = subject.materialize().map { $0.element ?? -1 }
      let received = Box<[Int]>([])
      let late = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = source.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 1 {
          _ = source.subscribe(onNext: { v in late.mutate { $0.append(v) } })
          subject.onNext(2)
        } else {
          subscription.value?.dispose()
        }
      })
      subject.onNext(1)
      subject.onCompleted()
      expectEqual(received.value, [1, 2])
      expectEqual(late.value, [2, -1])
      #expect(!subject.hasObservers)
      subscription.value = nil
    }
  }
}
