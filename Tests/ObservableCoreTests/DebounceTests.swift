import Dispatch
import ObservableCore
import ObservableTesting
import Testing

@Suite("debounce")
struct DebounceTests {
  @Test("all pass: each element is emitted once the source is quiet for the due time")
  func allPass() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 0), .next(210, 1), .next(240, 2), .next(270, 3), .next(300, 4),
        .completed(400),
      ])
      let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
      expectEqual(
        res.events,
        [
          .next(230, 1), .next(260, 2), .next(290, 3), .next(320, 4), .completed(400),
        ])
      expectEqual(xs.subscriptions, [Subscription(200, 400)])
    }
  }

  @Test("all pass, ending with an error")
  func allPassErrorEnd() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 0), .next(210, 1), .next(240, 2), .next(270, 3), .next(300, 4),
        .error(400, testError),
      ])
      let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
      expectEqual(
        res.events,
        [
          .next(230, 1), .next(260, 2), .next(290, 3), .next(320, 4), .error(400, testError),
        ])
      expectEqual(xs.subscriptions, [Subscription(200, 400)])
    }
  }

  @Test("all drop: only the last element is emitted, on completion")
  func allDrop() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 0), .next(210, 1), .next(240, 2), .next(270, 3), .next(300, 4),
        .next(330, 5), .next(360, 6), .next(390, 7), .completed(400),
      ])
      let res = scheduler.start { xs.debounce(.seconds(40), scheduler: scheduler) }
      expectEqual(res.events, [.next(400, 7), .completed(400)])
      expectEqual(xs.subscriptions, [Subscription(200, 400)])
    }
  }

  @Test("all drop, ending with an error: the pending element is dropped")
  func allDropErrorEnd() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 0), .next(210, 1), .next(240, 2), .next(270, 3), .next(300, 4),
        .next(330, 5), .next(360, 6), .next(390, 7), .error(400, testError),
      ])
      let res = scheduler.start { xs.debounce(.seconds(40), scheduler: scheduler) }
      expectEqual(res.events, [.error(400, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 400)])
    }
  }

  @Test("empty")
  func empty() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(150, 0), .completed(300)])
      let res = scheduler.start { xs.debounce(.seconds(10), scheduler: scheduler) }
      expectEqual(res.events, [.completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("error")
  func error() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(150, 0), .error(300, testError)])
      let res = scheduler.start { xs.debounce(.seconds(10), scheduler: scheduler) }
      expectEqual(res.events, [.error(300, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("never")
  func never() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(150, 0)])
      let res = scheduler.start { xs.debounce(.seconds(10), scheduler: scheduler) }
      expectEqual(res.events, [])
      expectEqual(xs.subscriptions, [Subscription(200, 1000)])
    }
  }

  @Test("simple: a burst emits its last element")
  func simple() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 0), .next(210, 1), .next(240, 2), .next(250, 3), .next(280, 4),
        .completed(300),
      ])
      let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
      expectEqual(res.events, [.next(230, 1), .next(270, 3), .next(300, 4), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("disposing cancels the pending timer and the upstream subscription")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(400)])
      let res = scheduler.start(disposed: 250) { xs.debounce(.seconds(20), scheduler: scheduler) }
      expectEqual(res.events, [.next(230, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("takes the due time as a Swift Duration")
  func duration() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
      let res = scheduler.start { xs.debounce(Duration.seconds(15), scheduler: scheduler) }
      expectEqual(res.events, [.next(225, 1), .completed(300)])
    }
  }

  @Test("an observer may dispose the subscription from inside onNext")
  func reentrantDispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let subject = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = subject.debounce(.seconds(5), scheduler: scheduler)
        .subscribe(onNext: { value in
          received.mutate { $0.append(value) }
          subscription.value?.dispose()
        })
      scheduler.scheduleAt(10) { subject.onNext(1) }
      scheduler.scheduleAt(20) { subject.onNext(2) }
      scheduler.start()
      expectEqual(received.value, [1])
      #expect(!subject.hasObservers)
      subscription.value = nil
    }
  }

  @Test("an element sent from inside onNext is debounced like any other")
  func reentrantEmit() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let subject = PublishSubject<Int>()
      let received = Box<[String]>([])
      let subscription = subject.debounce(.seconds(5), scheduler: scheduler)
        .subscribe(onNext: { value in
          received.mutate { $0.append("\(value)@\(scheduler.clock)") }
          if value < 3 { subject.onNext(value + 1) }
        })
      scheduler.scheduleAt(10) { subject.onNext(1) }
      scheduler.start()
      expectEqual(received.value, ["1@15", "2@20", "3@25"])
      subscription.dispose()
    }
  }

  @Test("releases the pending element and the subscriber after disposal")
  func releases() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let subject = PublishSubject<Tracked>()
      let subscription = subject.debounce(.seconds(100), scheduler: scheduler).subscribe()
      do {
        let tracked = Tracked()
        weakTracked = tracked
        subject.onNext(tracked)
      }
      #expect(weakTracked != nil)
      subscription.dispose()
    }
    #expect(weakTracked == nil)
  }
}
