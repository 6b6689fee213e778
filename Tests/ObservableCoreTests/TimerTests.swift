import Dispatch
import ObservableCore
import ObservableTesting
import Testing

@Suite("timer and interval")
struct TimerTests {
  @Test("a one-shot timer emits 0 and completes at the due time")
  func timerBasic() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable<Int>.timer(.seconds(100), scheduler: scheduler) }
      expectEqual(res.events, [.next(300, 0), .completed(300)])
    }
  }

  @Test("a periodic timer emits first at the due time, then every period")
  func timerPeriodic() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start(disposed: 500) {
        Observable<Int>.timer(.seconds(50), period: .seconds(100), scheduler: scheduler)
      }
      expectEqual(res.events, [.next(250, 0), .next(350, 1), .next(450, 2)])
    }
  }

  @Test("a timer disposed before its due time emits nothing")
  func timerDisposed() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start(disposed: 250) {
        Observable<Int>.timer(.seconds(100), scheduler: scheduler)
      }
      expectEqual(res.events, [])
    }
  }

  @Test("interval emits 0, 1, 2, … every period")
  func intervalBasic() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable<Int64>.interval(.seconds(100), scheduler: scheduler) }
      expectEqual(
        res.events,
        [
          .next(300, 0), .next(400, 1), .next(500, 2), .next(600, 3), .next(700, 4),
          .next(800, 5), .next(900, 6),
        ])
    }
  }

  @Test("a zero interval emits every tick on a TestScheduler")
  func intervalZero() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start(disposed: 210) {
        Observable<Int64>.interval(.seconds(0), scheduler: scheduler)
      }
      #expect(res.events == (0..<9).map { .next(201 + Int($0), Int64($0)) })
    }
  }

  @Test("an interval longer than the subscription emits nothing")
  func intervalDisposed() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start {
        Observable<Int64>.interval(.seconds(1000), scheduler: scheduler)
      }
      expectEqual(res.events, [])
    }
  }

  @Test("the count wraps around at the element type's maximum")
  func intervalWraps() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start(disposed: 200 + 258) {
        Observable<UInt8>.interval(.seconds(1), scheduler: scheduler)
      }
      expectEqual(res.events.suffix(2).map(\.value.element), [255, 0])
    }
  }

  @Test("timer and interval take Swift Durations")
  func durations() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start(disposed: 240) {
        Observable<Int>.timer(Duration.seconds(5), period: .seconds(10), scheduler: scheduler)
      }
      expectEqual(res.events, [.next(205, 0), .next(215, 1), .next(225, 2), .next(235, 3)])
      let interval = scheduler.start(created: 300, subscribed: 300, disposed: 335) {
        Observable<Int>.interval(Duration.seconds(10), scheduler: scheduler)
      }
      expectEqual(interval.events, [.next(310, 0), .next(320, 1), .next(330, 2)])
    }
  }

  @Test("interval on a real scheduler, stopped with take")
  func intervalReal() async {
    await withLeakChecking {
      let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
      let observer = TestableObserver<Int>()
      let subscription = Observable<Int>.interval(.milliseconds(1), scheduler: scheduler)
        .take(5)
        .subscribe(observer)
      #expect(await observer.waitForTermination())
      expectEqual(observer.elements, [0, 1, 2, 3, 4])
      subscription.dispose()
    }
  }
}
