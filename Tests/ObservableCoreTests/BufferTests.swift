import Dispatch
import ObservableCore
import ObservableTesting
import Testing

@Suite("buffer(timeSpan:count:scheduler:)")
struct BufferTests {
  private static let source: [Recorded<Event<Int>>] = [
    .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6),
    .next(370, 7), .next(420, 8), .next(470, 9),
  ]

  @Test("basic: buffers close on count or on time, whichever comes first")
  func basic() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(Self.source + [.completed(600)])
      let res = scheduler.start {
        xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler)
      }
      expectEqual(
        res.events,
        [
          .next(240, [1, 2, 3]), .next(310, [4]), .next(370, [5, 6, 7]), .next(440, [8]),
          .next(510, [9]), .next(580, []), .next(600, []), .completed(600),
        ])
      expectEqual(xs.subscriptions, [Subscription(200, 600)])
    }
  }

  @Test("error: the current buffer is dropped")
  func error() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(Self.source + [.error(600, testError)])
      let res = scheduler.start {
        xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler)
      }
      expectEqual(
        res.events,
        [
          .next(240, [1, 2, 3]), .next(310, [4]), .next(370, [5, 6, 7]), .next(440, [8]),
          .next(510, [9]), .next(580, []), .error(600, testError),
        ])
      expectEqual(xs.subscriptions, [Subscription(200, 600)])
    }
  }

  @Test("disposed: stops buffering and cancels the timer")
  func disposed() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable(Self.source + [.completed(600)])
      let res = scheduler.start(disposed: 370) {
        xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler)
      }
      expectEqual(res.events, [.next(240, [1, 2, 3]), .next(310, [4]), .next(370, [5, 6, 7])])
      expectEqual(xs.subscriptions, [Subscription(200, 370)])
    }
  }

  @Test("a count below 1 fails with argumentOutOfRange without subscribing")
  func invalidCount() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1)])
      let res = scheduler.start {
        xs.buffer(timeSpan: .seconds(10), count: 0, scheduler: scheduler)
      }
      expectEqual(res.events, [.error(200, RxError.argumentOutOfRange)])
      expectEqual(xs.subscriptions, [])
    }
  }

  @Test("takes the time span as a Swift Duration")
  func duration() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(205, 1), .next(215, 2), .completed(218)])
      let res = scheduler.start {
        xs.buffer(timeSpan: Duration.seconds(10), count: 5, scheduler: scheduler)
      }
      expectEqual(res.events, [.next(210, [1]), .next(218, [2]), .completed(218)])
    }
  }

  @Test("an element sent from inside onNext goes into the next buffer")
  func reentrantEmit() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let subject = PublishSubject<Int>()
      let received = Box<[[Int]]>([])
      let subscription = subject.buffer(timeSpan: .seconds(100), count: 2, scheduler: scheduler)
        .subscribe(onNext: { buffer in
          received.mutate { $0.append(buffer) }
          if buffer.last ?? 0 < 5 { subject.onNext((buffer.last ?? 0) + 1) }
        })
      scheduler.scheduleAt(10) {
        subject.onNext(1)
        subject.onNext(2)
      }
      scheduler.scheduleAt(20) { subject.onCompleted() }
      scheduler.start()
      expectEqual(received.value, [[1, 2], [3]])
      subscription.dispose()
    }
  }

  @Test("the next window's timer starts only once the full buffer was delivered, as in RxSwift")
  func timerAfterDelivery() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let subject = PublishSubject<Int>()
      let log = Box<[String]>([])
      // On the full buffer, the observer schedules an action for the time the next window's
      // timer fires; of two actions due at one virtual time, the one scheduled first runs
      // first, so the log shows whether the timer was started before or after delivery.
      let subscription = subject.buffer(timeSpan: .seconds(50), count: 2, scheduler: scheduler)
        .subscribe(onNext: { buffer in
          log.mutate { $0.append("buffer \(buffer)") }
          if buffer == [1, 2] {
            _ = scheduler.scheduleRelative((), dueTime: .seconds(50)) { _ in
              log.mutate { $0.append("the observer's action") }
              return Disposables.create()
            }
          }
        })
      scheduler.scheduleAt(10) {
        subject.onNext(1)
        subject.onNext(2)
      }
      scheduler.scheduleAt(100) { subscription.dispose() }
      scheduler.start()
      expectEqual(log.value, ["buffer [1, 2]", "the observer's action", "buffer []"])
    }
  }

  @Test("buffers on a real scheduler by count")
  func realScheduler() async {
    await withLeakChecking {
      let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "buffer-test")
      let observer = TestableObserver<[Int]>()
      let subscription = Observable.from(Array(1...10), scheduler: scheduler)
        .buffer(timeSpan: .seconds(1000), count: 3, scheduler: scheduler)
        .subscribe(observer)
      #expect(await observer.waitForTermination())
      expectEqual(observer.elements, [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10]])
      subscription.dispose()
    }
  }
}
