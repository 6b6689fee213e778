import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

@Suite("disposing a Driver or Signal subscription releases the source")
struct DisposalTests {
  @Test("disposing the only driver subscriber disposes the source subscription")
  func driver() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])
      let res = SharingScheduler.mock(scheduler: scheduler) {
        scheduler.start(disposed: 250) {
          xs.asDriver(onErrorJustReturn: 0).map { $0 * 10 }.filter { $0 > 0 }
        }
      }
      expectEqual(res.events, [.next(211, 10)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("the source stays subscribed until the last of two subscribers is disposed")
  func refCount() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1)])
      let signal = SharingScheduler.mock(scheduler: scheduler) {
        xs.asSignal(onErrorJustReturn: 0)
      }
      let first = Box<(any Disposable)?>(nil)
      let second = Box<(any Disposable)?>(nil)
      scheduler.scheduleAt(200) { first.mutate { $0 = signal.emit(onNext: { _ in }) } }
      scheduler.scheduleAt(220) { second.mutate { $0 = signal.emit(onNext: { _ in }) } }
      scheduler.scheduleAt(240) { first.value?.dispose() }
      scheduler.scheduleAt(260) { second.value?.dispose() }
      scheduler.start()
      expectEqual(xs.subscriptions, [Subscription(200, 260)])
    }
  }

  @Test("drive(onNext:) calls onDisposed once when disposed")
  func onDisposed() {
    withLeakChecking {
      let relay = BehaviorRelay(value: 1)
      let disposed = Box(0)
      let driver = SharingScheduler.mock(scheduler: SynchronousScheduler()) {
        relay.asDriver()
      }
      let subscription = driver.drive(onDisposed: { disposed.mutate { $0 += 1 } })
      subscription.dispose()
      subscription.dispose()
      expectEqual(disposed.value, 1)
    }
  }
}
