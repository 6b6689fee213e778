import Dispatch
import ObservableCore
import ObservableTesting
import Testing

@Suite("delay")
struct DelayTests {
  private static let simple: [Recorded<Event<Int>>] = [
    .next(150, 1), .next(250, 2), .next(350, 3), .next(450, 4), .completed(550),
  ]

  @Test("simple 1: elements and completion arrive 100 later")
  func simple1() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(Self.simple)
      let res = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }
      expectEqual(res.events, [.next(350, 2), .next(450, 3), .next(550, 4), .completed(650)])
      expectEqual(xs.subscriptions, [Subscription(200, 550)])
    }
  }

  @Test("simple 2: a delay shorter than the gaps")
  func simple2() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(Self.simple)
      let res = scheduler.start { xs.delay(.seconds(50), scheduler: scheduler) }
      expectEqual(res.events, [.next(300, 2), .next(400, 3), .next(500, 4), .completed(600)])
      expectEqual(xs.subscriptions, [Subscription(200, 550)])
    }
  }

  @Test("simple 3: a delay longer than the gaps")
  func simple3() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(Self.simple)
      let res = scheduler.start { xs.delay(.seconds(150), scheduler: scheduler) }
      expectEqual(res.events, [.next(400, 2), .next(500, 3), .next(600, 4), .completed(700)])
      expectEqual(xs.subscriptions, [Subscription(200, 550)])
    }
  }

  @Test("an error is forwarded at once")
  func error() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(150, 1), .error(250, testError)])
      let res = scheduler.start { xs.delay(.seconds(150), scheduler: scheduler) }
      expectEqual(res.events, [.error(250, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("completion is delayed")
  func completed() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
      let res = scheduler.start { xs.delay(.seconds(150), scheduler: scheduler) }
      expectEqual(res.events, [.completed(400)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("error 1: an error after the delayed elements")
  func error1() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 1), .next(250, 2), .next(350, 3), .next(450, 4), .error(550, testError),
      ])
      let res = scheduler.start { xs.delay(.seconds(50), scheduler: scheduler) }
      expectEqual(
        res.events, [.next(300, 2), .next(400, 3), .next(500, 4), .error(550, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 550)])
    }
  }

  @Test("error 2: an error drops the elements still waiting")
  func error2() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 1), .next(250, 2), .next(350, 3), .next(450, 4), .error(550, testError),
      ])
      let res = scheduler.start { xs.delay(.seconds(150), scheduler: scheduler) }
      expectEqual(res.events, [.next(400, 2), .next(500, 3), .error(550, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 550)])
    }
  }

  @Test("every event is shifted by the delay")
  func positive() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(Self.simple)
      let res = scheduler.start { xs.delay(.seconds(42), scheduler: scheduler) }
      let shifted = Self.simple.filter { $0.time > 200 }.map {
        Recorded(time: $0.time + 42, value: $0.value)
      }
      expectEqual(res.events, shifted)
    }
  }

  @Test("events that fall due together go out in order, one per scheduler turn, as in RxSwift")
  func sameTime() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(210, 2), .next(230, 3), .completed(230),
      ])
      let res = scheduler.start { xs.delay(.seconds(10), scheduler: scheduler) }
      expectEqual(res.events, [.next(220, 1), .next(221, 2), .next(240, 3), .completed(241)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("a synchronous element and completion: the completion one tick later, as in RxSwift")
  func justTimeline() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable.just(1).delay(.seconds(2), scheduler: scheduler) }
      expectEqual(res.events, [.next(202, 1), .completed(203)])

      let three = TestScheduler(initialClock: 0)
      let res3 = three.start { Observable.of(1, 2, 3).delay(.seconds(5), scheduler: three) }
      expectEqual(
        res3.events, [.next(205, 1), .next(206, 2), .next(207, 3), .completed(208)])
    }
  }

  @Test("disposing drops the waiting elements and the upstream subscription")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(Self.simple)
      let res = scheduler.start(disposed: 400) { xs.delay(.seconds(100), scheduler: scheduler) }
      expectEqual(res.events, [.next(350, 2)])
      expectEqual(xs.subscriptions, [Subscription(200, 400)])
    }
  }

  @Test("takes the delay as a Swift Duration")
  func duration() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
      let res = scheduler.start { xs.delay(Duration.seconds(5), scheduler: scheduler) }
      expectEqual(res.events, [.next(215, 1), .completed(225)])
    }
  }

  @Test("an element sent from inside onNext is delayed too")
  func reentrantEmit() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let subject = PublishSubject<Int>()
      let received = Box<[String]>([])
      let subscription = subject.delay(.seconds(10), scheduler: scheduler)
        .subscribe(onNext: { value in
          received.mutate { $0.append("\(value)@\(scheduler.clock)") }
          if value < 3 { subject.onNext(value + 1) }
        })
      scheduler.scheduleAt(5) { subject.onNext(1) }
      scheduler.start()
      expectEqual(received.value, ["1@15", "2@25", "3@35"])
      subscription.dispose()
    }
  }

  @Test("delivers on a real scheduler, in order")
  func realScheduler() async {
    await withLeakChecking {
      let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
      let observer = TestableObserver<Int>()
      let subscription = Observable.from(Array(0..<100))
        .delay(.milliseconds(5), scheduler: scheduler)
        .subscribe(observer)
      #expect(await observer.waitForTermination())
      expectEqual(observer.elements, Array(0..<100))
      expectEqual(observer.events.last?.value.isCompleted, true)
      subscription.dispose()
    }
  }

  @Test("releases waiting elements after disposal")
  func releases() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let subject = PublishSubject<Tracked>()
      let subscription = subject.delay(.seconds(100), scheduler: scheduler).subscribe()
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
