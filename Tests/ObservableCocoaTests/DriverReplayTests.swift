import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

@Suite("Driver replays its latest element")
struct DriverReplayTests {
  @Test("a late subscriber gets the latest element at once, then what follows")
  func lateSubscriber() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(240, 3), .completed(300),
      ])
      let early = scheduler.createObserver(Int.self)
      let late = scheduler.createObserver(Int.self)
      let driver = SharingScheduler.mock(scheduler: scheduler) {
        xs.asDriver(onErrorJustReturn: 0)
      }
      let bag = DisposeBag()
      scheduler.scheduleAt(200) { bag.insert(driver.drive(early)) }
      scheduler.scheduleAt(230) { bag.insert(driver.drive(late)) }
      scheduler.start()
      // Delivered by the scheduler one tick after the source.
      expectEqual(early.events, [.next(211, 1), .next(221, 2), .next(241, 3), .completed(301)])
      // The latest element is replayed at once, at subscription.
      expectEqual(late.events, [.next(230, 2), .next(241, 3), .completed(301)])
      // One subscription to the source, shared by both subscribers.
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("once every subscriber has gone, the replayed element is forgotten (whileConnected)")
  func whileConnected() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
      let first = scheduler.createObserver(Int.self)
      let second = scheduler.createObserver(Int.self)
      let driver = SharingScheduler.mock(scheduler: scheduler) {
        xs.asDriver(onErrorJustReturn: 0)
      }
      let subscriptions = Box<[any Disposable]>([])
      scheduler.scheduleAt(200) { subscriptions.append(driver.drive(first)) }
      scheduler.scheduleAt(220) {
        for subscription in subscriptions.value { subscription.dispose() }
      }
      scheduler.scheduleAt(250) { subscriptions.append(driver.drive(second)) }
      scheduler.scheduleAt(300) {
        for subscription in subscriptions.value { subscription.dispose() }
      }
      scheduler.start()
      expectEqual(first.events, [.next(211, 1)])
      expectEqual(second.events, [.next(261, 2)])
      expectEqual(xs.subscriptions, [Subscription(200, 220), Subscription(250, 300)])
    }
  }
}
