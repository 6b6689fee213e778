import ObservableCore
import ObservableTesting
import Testing

@Suite("range")
struct RangeTests {
  @Test("emits count consecutive integers from start, then completes")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable.range(start: 3, count: 3) }
      expectEqual(res.events, [.next(200, 3), .next(200, 4), .next(200, 5), .completed(200)])
    }
  }

  @Test("a zero count completes at once")
  func zero() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable.range(start: 3, count: 0) }
      expectEqual(res.events, [.completed(200)])
    }
  }

  @Test("a negative count fails with argumentOutOfRange")
  func negativeCount() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable.range(start: 0, count: -1) }
      expectEqual(res.events, [.error(200, RxError.argumentOutOfRange)])
    }
  }

  @Test("a range that would overflow fails with argumentOutOfRange; one that ends at max works")
  func overflow() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable<Int8>.range(start: 126, count: 3) }
      expectEqual(res.events, [.error(200, RxError.argumentOutOfRange)])
      let edge = scheduler.start(created: 1100, subscribed: 1200, disposed: 1300) {
        Observable<Int8>.range(start: 126, count: 2)
      }
      expectEqual(edge.events, [.next(1200, 126), .next(1200, 127), .completed(1200)])
    }
  }

  @Test("stops as soon as the subscription is disposed")
  func stopsOnDispose() {
    withLeakChecking {
      let produced = Box(0)
      _ = Observable.range(start: 0, count: Int.max)
        .do(onNext: { _ in produced.mutate { $0 += 1 } })
        .take(3)
        .subscribe()
      expectEqual(produced.value, 3)
    }
  }

  @Test("an observer may subscribe again from inside onNext")
  func reentrantSubscribe() {
    withLeakChecking {
      let source = Observable.range(start: 1, count: 2)
      let received = Box<[Int]>([])
      _ = source.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 1 {
          _ = source.subscribe(onNext: { value in received.mutate { $0.append(value * 10) } })
        }
      })
      // RxSwift 6.10.2's order: the synchronous sources take turns on the trampoline.
      expectEqual(received.value, [1, 10, 2, 20])
    }
  }
}
