import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

@Suite("SharedSequence flattening operators")
struct FlatteningTests {
  private func run(
    _ body: @escaping @Sendable (Driver<Int>, TestScheduler) -> Driver<String>
  ) -> [Recorded<Event<String>>] {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(300)])
    return SharingScheduler.mock(scheduler: scheduler) {
      scheduler.start { body(xs.asDriver(onErrorJustReturn: -1), scheduler) }
    }.events
  }

  /// An inner driver that emits "<n>a" 10 ticks after subscription and "<n>b" 10 ticks later.
  private static func inner(_ value: Int, _ scheduler: TestScheduler) -> Driver<String> {
    scheduler.createColdObservable([
      .next(10, "\(value)a"), .next(20, "\(value)b"), .completed(30),
    ]).asDriver(onErrorJustReturn: "")
  }

  @Test("flatMapLatest switches to the latest inner driver")
  func flatMapLatest() {
    withLeakChecking {
      let events = run { source, scheduler in
        source.flatMapLatest { Self.inner($0, scheduler) }
      }
      expectEqual(events, [.next(227, "2a"), .next(237, "2b"), .completed(301)])
    }
  }

  @Test("flatMapFirst ignores elements while an inner driver runs")
  func flatMapFirst() {
    withLeakChecking {
      let events = run { source, scheduler in
        source.flatMapFirst { Self.inner($0, scheduler) }
      }
      expectEqual(events, [.next(222, "1a"), .next(232, "1b"), .completed(301)])
    }
  }

  @Test("flatMap merges, concatMap runs inner drivers one after another")
  func flatMapConcatMap() {
    withLeakChecking {
      let merged = run { source, scheduler in source.flatMap { Self.inner($0, scheduler) } }
      expectEqual(
        merged,
        [
          .next(222, "1a"), .next(227, "2a"), .next(232, "1b"), .next(237, "2b"),
          .completed(301),
        ])
      let concatenated = run { source, scheduler in
        source.concatMap { Self.inner($0, scheduler) }
      }
      expectEqual(
        concatenated,
        [
          .next(222, "1a"), .next(232, "1b"), .next(253, "2a"), .next(263, "2b"),
          .completed(301),
        ])
    }
  }

  @Test("switchLatest and merge of a driver of drivers")
  func nested() {
    withLeakChecking {
      let switched = run { source, scheduler in
        source.map { Self.inner($0, scheduler) }.switchLatest()
      }
      expectEqual(switched, [.next(227, "2a"), .next(237, "2b"), .completed(301)])
      let merged = run { source, scheduler in
        source.map { Self.inner($0, scheduler) }.merge(maxConcurrent: 1)
      }
      expectEqual(merged.count, 5)
    }
  }

  @Test("a driver flat-mapped to signals is a signal, as in RxCocoa")
  func innerStrategy() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
      let res = SharingScheduler.mock(scheduler: scheduler) {
        scheduler.start {
          let signal: Signal<Int> = xs.asDriver(onErrorJustReturn: 0).flatMapLatest {
            Signal.just($0 * 2)
          }
          return signal
        }
      }
      expectEqual(res.events, [.next(212, 2), .completed(301)])
    }
  }
}
