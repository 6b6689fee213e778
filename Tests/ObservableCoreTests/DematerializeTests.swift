import ObservableCore
import ObservableTesting
import Testing

/// A custom wrapper of events, to exercise `EventConvertible`.
private struct Wrapped: EventConvertible, Sendable {
  let event: Event<Int>
}

@Suite("dematerialize")
struct DematerializeTests {
  @Test("turns next events into elements and a completed event into completion")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, Event<Int>.next(0)), .next(210, .next(1)), .next(220, .next(2)),
        .next(230, .completed), .next(240, .next(3)), .completed(300),
      ])
      let res = scheduler.start { xs.dematerialize() }
      expectEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("an error event fails the sequence and disposes upstream")
  func errorEvent() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, Event<Int>.next(1)), .next(220, .error(testError)), .completed(300),
      ])
      let res = scheduler.start { xs.dematerialize() }
      expectEqual(res.events, [.next(210, 1), .error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("works with any EventConvertible type")
  func eventConvertible() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start {
        Observable.of(Wrapped(event: .next(7)), Wrapped(event: .completed)).dematerialize()
      }
      expectEqual(res.events, [.next(200, 7), .completed(200)])
    }
  }

  @Test("forwards the upstream's own error and completion")
  func upstreamTerminal() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, Event<Int>.next(1)), .error(220, testError),
      ])
      let res = scheduler.start { xs.dematerialize() }
      expectEqual(res.events, [.next(210, 1), .error(220, testError)])
      let ys = scheduler.createHotObservable([.completed(1250, Event<Int>.self)])
      let completed = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        ys.dematerialize()
      }
      expectEqual(completed.events, [.completed(1250)])
    }
  }

  @Test("disposing downstream disposes upstream")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, Event<Int>.next(1)), .next(290, .next(2)), .completed(400),
      ])
      let res = scheduler.start(disposed: 250) { xs.dematerialize() }
      expectEqual(res.events, [.next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("an observer may emit into the source, subscribe and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let subject = PublishSubject<Event<Int>>()
      let source = subject.dematerialize()
      let received = Box<[Int]>([])
      let late = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = source.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 1 {
          _ = source.subscribe(onNext: { v in late.mutate { $0.append(v) } })
          subject.onNext(.next(2))
        } else {
          subscription.value?.dispose()
        }
      })
      subject.onNext(.next(1))
      subject.onNext(.next(3))
      subject.onNext(.completed)
      subject.onNext(.next(4))
      expectEqual(received.value, [1, 2])
      expectEqual(late.value, [2, 3])
      #expect(!subject.hasObservers)
      subscription.value = nil
    }
  }
}
