import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

@Suite("SharedSequence time operators run on the sharing scheduler")
struct TimeOperatorTests {
  private func run(
    _ body: @escaping @Sendable (Driver<Int>) -> Driver<Int>
  ) -> [Recorded<Event<Int>>] {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(210, 1), .next(215, 2), .next(250, 3), .completed(300),
    ])
    return SharingScheduler.mock(scheduler: scheduler) {
      scheduler.start { body(xs.asDriver(onErrorJustReturn: -1)) }
    }.events
  }

  @Test("debounce emits an element once the source has been quiet for dueTime")
  func debounce() {
    withLeakChecking {
      #expect(
        run { $0.debounce(.seconds(20)) }
          == [.next(236, 2), .next(271, 3), .completed(301)])
    }
  }

  @Test("throttle emits the first element, then the latest of each window")
  func throttle() {
    withLeakChecking {
      #expect(
        run { $0.throttle(.seconds(20)) }
          == [.next(211, 1), .next(231, 2), .next(251, 3), .completed(301)])
      #expect(
        run { $0.throttle(.seconds(20), latest: false) }
          == [.next(211, 1), .next(251, 3), .completed(301)])
    }
  }

  @Test("delay shifts each element by dueTime")
  func delay() {
    withLeakChecking {
      #expect(
        run { $0.delay(.seconds(5)) }
          == [.next(216, 1), .next(221, 2), .next(256, 3), .completed(306)])
    }
  }

  @Test("interval and timer count on the sharing scheduler")
  func intervalTimer() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = SharingScheduler.mock(scheduler: scheduler) {
        scheduler.start(disposed: 235) { Driver<Int>.interval(.seconds(10)) }
      }
      expectEqual(res.events, [.next(210, 0), .next(220, 1), .next(230, 2)])
      let other = TestScheduler(initialClock: 0)
      let timed = SharingScheduler.mock(scheduler: other) {
        other.start(disposed: 230) { Signal<Int>.timer(.seconds(5), period: .seconds(20)) }
      }
      expectEqual(timed.events, [.next(205, 0), .next(225, 1)])
    }
  }
}
