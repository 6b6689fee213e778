import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

@Suite("Driver never errors")
struct DriverErrorTests {
  @Test("asDriver(onErrorJustReturn:) replaces a failure with the value and completes")
  func justReturn() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError, Int.self)])
      let res = SharingScheduler.mock(scheduler: scheduler) {
        scheduler.start { xs.asDriver(onErrorJustReturn: -1) }
      }
      // The driver delivers through the scheduler, one tick after the source: RxTest's
      // TestScheduler runs work scheduled for now at the next tick.
      expectEqual(res.events, [.next(211, 1), .next(221, -1), .completed(221)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("asDriver(onErrorDriveWith:) continues with the given driver")
  func driveWith() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError, Int.self)])
      let res = SharingScheduler.mock(scheduler: scheduler) {
        scheduler.start { xs.asDriver(onErrorDriveWith: Driver.of(7, 8)) }
      }
      // `Driver.of` emits its elements one scheduler turn apart.
      expectEqual(res.events, [.next(211, 1), .next(222, 7), .next(223, 8), .completed(224)])
    }
  }

  @Test("asDriver(onErrorRecover:) continues with the driver made for the error")
  func recover() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.error(230, TestError(id: 5), Int.self)])
      let res = SharingScheduler.mock(scheduler: scheduler) {
        scheduler.start {
          xs.asDriver(onErrorRecover: { error in
            Driver.just((error as? TestError)?.id ?? 0)
          })
        }
      }
      expectEqual(res.events, [.next(232, 5), .completed(232)])
    }
  }

  @Test("a failing source never reaches a driver's subscriber as an error")
  func noErrorEvent() {
    withLeakChecking {
      let subject = PublishSubject<String>()
      let driver = SharingScheduler.mock(scheduler: SynchronousScheduler()) {
        subject.asDriver(onErrorJustReturn: "fallback")
      }
      let events = Box<[Event<String>]>([])
      let subscription = driver.asObservable().subscribe { events.append($0) }
      subject.onNext("a")
      subject.onError(testError)
      expectEqual(events.value, [.next("a"), .next("fallback"), .completed])
      subscription.dispose()
    }
  }
}
