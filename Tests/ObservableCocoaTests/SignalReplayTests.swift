import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

@Suite("Signal does not replay")
struct SignalReplayTests {
  @Test("a late subscriber gets only the elements after it subscribed")
  func lateSubscriber() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(240, 3), .completed(300),
      ])
      let early = scheduler.createObserver(Int.self)
      let late = scheduler.createObserver(Int.self)
      let signal = SharingScheduler.mock(scheduler: scheduler) {
        xs.asSignal(onErrorJustReturn: 0)
      }
      let bag = DisposeBag()
      scheduler.scheduleAt(200) { bag.insert(signal.emit(to: early)) }
      scheduler.scheduleAt(230) { bag.insert(signal.emit(to: late)) }
      scheduler.start()
      expectEqual(early.events, [.next(211, 1), .next(221, 2), .next(241, 3), .completed(301)])
      // Nothing at 230: a signal replays nothing.
      expectEqual(late.events, [.next(241, 3), .completed(301)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("asSignal(onErrorJustReturn:) replaces a failure with the value")
  func justReturn() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.error(220, testError, Int.self)])
      let res = SharingScheduler.mock(scheduler: scheduler) {
        scheduler.start { xs.asSignal(onErrorJustReturn: 9) }
      }
      expectEqual(res.events, [.next(221, 9), .completed(221)])
    }
  }

  @Test("asSignal(onErrorSignalWith:) continues with the given signal")
  func signalWith() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.error(220, testError, Int.self)])
      let res = SharingScheduler.mock(scheduler: scheduler) {
        scheduler.start { xs.asSignal(onErrorSignalWith: Signal.just(1)) }
      }
      expectEqual(res.events, [.next(222, 1), .completed(222)])
    }
  }

  @Test("asSignal(onErrorRecover:) continues with the signal made for the error")
  func recover() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.error(220, TestError(id: 3), Int.self)])
      let res = SharingScheduler.mock(scheduler: scheduler) {
        scheduler.start {
          xs.asSignal(onErrorRecover: { error in Signal.just((error as? TestError)?.id ?? 0) })
        }
      }
      expectEqual(res.events, [.next(222, 3), .completed(222)])
    }
  }
}
