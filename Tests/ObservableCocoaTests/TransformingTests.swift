import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

@Suite("SharedSequence transforming operators")
struct TransformingTests {
  private func run<Result: Sendable>(
    _ events: [Recorded<Event<Int>>],
    _ body: @escaping @Sendable (Driver<Int>) -> Driver<Result>
  ) -> [Recorded<Event<Result>>] {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(events)
    return SharingScheduler.mock(scheduler: scheduler) {
      scheduler.start { body(xs.asDriver(onErrorJustReturn: -1)) }
    }.events
  }

  private let source: [Recorded<Event<Int>>] = [
    .next(210, 1), .next(220, 2), .next(230, 2), .next(240, 3), .completed(300),
  ]

  @Test("map, compactMap and filter")
  func mapFilter() {
    withLeakChecking {
      #expect(
        run(source) { $0.map { $0 * 10 } }
          == [.next(211, 10), .next(221, 20), .next(231, 20), .next(241, 30), .completed(301)])
      #expect(
        run(source) { $0.compactMap { $0 == 2 ? nil : $0 } }
          == [.next(211, 1), .next(241, 3), .completed(301)])
      #expect(
        run(source) { $0.filter { $0 > 1 } }
          == [.next(221, 2), .next(231, 2), .next(241, 3), .completed(301)])
    }
  }

  @Test("distinctUntilChanged in each form")
  func distinct() {
    withLeakChecking {
      let expected: [Recorded<Event<Int>>] = [
        .next(211, 1), .next(221, 2), .next(241, 3), .completed(301),
      ]
      #expect(run(source) { $0.distinctUntilChanged() } == expected)
      #expect(run(source) { $0.distinctUntilChanged { $0 } } == expected)
      #expect(run(source) { $0.distinctUntilChanged { $0 == $1 } } == expected)
      #expect(run(source) { $0.distinctUntilChanged({ $0 }, comparer: { $0 == $1 }) } == expected)
      #expect(run(source) { $0.distinctUntilChanged(at: \.self) } == expected)
    }
  }

  @Test("scan, startWith, skip and take")
  func scanStartSkipTake() {
    withLeakChecking {
      #expect(
        run(source) { $0.scan(0, accumulator: +) }
          == [.next(211, 1), .next(221, 3), .next(231, 5), .next(241, 8), .completed(301)])
      #expect(
        run(source) { $0.startWith(0).take(2) } == [.next(200, 0), .next(211, 1), .completed(211)])
      #expect(run(source) { $0.skip(3) } == [.next(241, 3), .completed(301)])
      #expect(run(source) { $0.skip(-1).take(-1) } == [.completed(200)])
    }
  }

  @Test("do calls its closures around the events")
  func doClosures() {
    withLeakChecking {
      let log = Box<[String]>([])
      let events = run([.next(210, 1), .completed(220)]) {
        $0.do(
          onNext: { log.append("next \($0)") }, afterNext: { log.append("after \($0)") },
          onCompleted: { log.append("completed") }, afterCompleted: { log.append("after") },
          onSubscribe: { log.append("subscribe") }, onSubscribed: { log.append("subscribed") },
          onDispose: { log.append("dispose") })
      }
      expectEqual(events, [.next(211, 1), .completed(221)])
      expectEqual(
        log.value,
        [
          "subscribe", "subscribed", "next 1", "after 1", "completed", "after", "dispose",
        ])
    }
  }

  @Test("withUnretained pairs elements with the object while it is alive")
  func withUnretained() {
    withLeakChecking {
      let owner = Owner()
      let events = run([.next(210, 1), .completed(220)]) {
        $0.withUnretained(owner) { object, value in object === owner ? value : -value }
      }
      expectEqual(events, [.next(211, 1), .completed(221)])
      let pairs = run([.next(210, 2)]) { $0.withUnretained(owner).map { $1 } }
      expectEqual(pairs, [.next(211, 2)])
    }
  }
}
