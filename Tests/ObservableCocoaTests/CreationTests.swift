import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

@Suite("SharedSequence creation")
struct CreationTests {
  /// Records a sequence built, subscribed and disposed at RxTest's default times.
  private func record<Element: Sendable>(
    _ create: @escaping @Sendable () -> Driver<Element>
  ) -> [Recorded<Event<Element>>] {
    let scheduler = TestScheduler(initialClock: 0)
    return SharingScheduler.mock(scheduler: scheduler) { scheduler.start(create) }.events
  }

  @Test("just, of, from, from(optional:), empty and never emit on the sharing scheduler")
  func values() {
    withLeakChecking {
      #expect(record { Driver.just(1) } == [.next(201, 1), .completed(201)])
      #expect(record { Driver.of(1, 2) } == [.next(201, 1), .next(202, 2), .completed(203)])
      #expect(record { Driver.from([3]) } == [.next(201, 3), .completed(202)])
      #expect(record { Driver.from(4...4) } == [.next(201, 4), .completed(202)])
      #expect(record { Driver.from(optional: Int?.none) } == [.completed(201)])
      #expect(record { Driver<Int>.empty() } == [.completed(201)])
      #expect(record { Driver<Int>.never() }.isEmpty)
      let scheduler = TestScheduler(initialClock: 0)
      let signal = SharingScheduler.mock(scheduler: scheduler) {
        scheduler.start { Signal.of(5) }
      }
      #expect(signal.events == [.next(201, 5), .completed(202)])
    }
  }

  @Test("deferred calls its factory for each subscription")
  func deferred() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let calls = Box(0)
      let res = SharingScheduler.mock(scheduler: scheduler) {
        scheduler.start {
          Driver.deferred {
            Driver.just(
              calls.mutate { count -> Int in
                count += 1
                return count
              })
          }
        }
      }
      expectEqual(res.events, [.next(201, 1), .completed(201)])
      expectEqual(calls.value, 1)
    }
  }

  @Test("merge and concat of shared sequences")
  func mergeConcat() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
      let ys = scheduler.createHotObservable([.next(220, 2), .next(260, 3), .completed(270)])
      SharingScheduler.mock(scheduler: scheduler) {
        let merged = scheduler.start {
          Driver.merge(xs.asDriver(onErrorJustReturn: 0), ys.asDriver(onErrorJustReturn: 0))
        }
        expectEqual(merged.events, [.next(211, 1), .next(221, 2), .next(261, 3), .completed(271)])
      }
      let zs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
      let ws = scheduler.createColdObservable([.next(10, 2), .completed(20)])
      let concatenated = SharingScheduler.mock(scheduler: scheduler) {
        scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
          Driver.concat([zs.asDriver(onErrorJustReturn: 0), ws.asDriver(onErrorJustReturn: 0)])
        }
      }
      expectEqual(
        concatenated.events, [.next(1211, 1), .next(1232, 2), .completed(1242)])
    }
  }
}
