import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

@Suite("SharedSequence combineLatest, zip and withLatestFrom")
struct CombiningTests {
  @Test("combineLatest of two drivers, with a selector and as tuples")
  func combineLatest() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(300)])
      let ys = scheduler.createHotObservable([.next(220, 10), .completed(300)])
      SharingScheduler.mock(scheduler: scheduler) {
        let res = scheduler.start {
          Driver.combineLatest(
            xs.asDriver(onErrorJustReturn: 0), ys.asDriver(onErrorJustReturn: 0)
          ) { $0 + $1 }
        }
        expectEqual(res.events, [.next(221, 11), .next(231, 13), .completed(301)])
      }
      let tuples = SharingScheduler.mock(scheduler: scheduler) {
        scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
          Driver.combineLatest(Driver.just(1), Driver.just("a")).map { "\($0)\($1)" }
        }
      }
      expectEqual(tuples.events, [.next(1201, "1a"), .completed(1201)])
    }
  }

  @Test("zip of signals pairs elements by position; the collection forms take arrays")
  func zip() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
      let ys = scheduler.createHotObservable([.next(230, 10), .completed(300)])
      SharingScheduler.mock(scheduler: scheduler) {
        let res = scheduler.start {
          Signal.zip(xs.asSignal(onErrorJustReturn: 0), ys.asSignal(onErrorJustReturn: 0)) {
            $0 * $1
          }
        }
        expectEqual(res.events, [.next(231, 10), .completed(301)])
      }
      let arrays = SharingScheduler.mock(scheduler: scheduler) {
        scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
          Driver.zip([Driver.just(1), Driver.just(2)]) { $0.reduce(0, +) }
        }
      }
      expectEqual(arrays.events, [.next(1201, 3), .completed(1201)])
      let latest = SharingScheduler.mock(scheduler: scheduler) {
        scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
          Driver.combineLatest([Driver.just(1), Driver.just(2)])
        }
      }
      expectEqual(latest.events, [.next(2201, [1, 2]), .completed(2201)])
    }
  }

  @Test("withLatestFrom combines each element with the other driver's latest")
  func withLatestFrom() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let taps = scheduler.createHotObservable([.next(215, ()), .next(240, ())])
      let text = scheduler.createHotObservable([.next(210, "a"), .next(230, "ab")])
      let res = SharingScheduler.mock(scheduler: scheduler) {
        scheduler.start {
          taps.asSignal(onErrorJustReturn: ())
            .withLatestFrom(text.asSignal(onErrorJustReturn: ""))
        }
      }
      expectEqual(res.events, [.next(216, "a"), .next(241, "ab")])
    }
  }

  @Test("a signal of taps reads a driver's latest value and stays a signal")
  func withLatestFromAcrossStrategies() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let taps = scheduler.createHotObservable([.next(215, ()), .next(240, ())])
      let text = scheduler.createHotObservable([.next(210, "a"), .next(230, "ab")])
      let res = SharingScheduler.mock(scheduler: scheduler) {
        scheduler.start { () -> Signal<String> in
          taps.asSignal(onErrorJustReturn: ())
            .withLatestFrom(text.asDriver(onErrorJustReturn: ""))
        }
      }
      // The driver's own delivery is a tick late, so the tap at 215 reads "a" from 211.
      expectEqual(res.events, [.next(216, "a"), .next(241, "ab")])
    }
  }
}
