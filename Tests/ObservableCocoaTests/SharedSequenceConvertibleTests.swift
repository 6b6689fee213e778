import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

/// A type that publishes a driver and implements only `asSharedSequence()`, as RxExample's
/// activity indicator does.
private struct Published: SharedSequenceConvertibleType {
  typealias Element = Int
  typealias SharingStrategy = DriverSharingStrategy
  let relay = BehaviorRelay(value: 1)

  func asSharedSequence() -> Driver<Int> {
    relay.asDriver()
  }
}

@Suite("SharedSequenceConvertibleType")
struct SharedSequenceConvertibleTests {
  @Test("a conforming type gets asObservable, asDriver and the operators from asSharedSequence")
  func defaultsFromAsSharedSequence() {
    let scheduler = TestScheduler(initialClock: 0)
    let published = Published()
    let (plain, driver) = SharingScheduler.mock(scheduler: scheduler) {
      (
        scheduler.start(created: 100, subscribed: 200, disposed: 300) {
          published.asObservable()
        },
        scheduler.start(created: 400, subscribed: 500, disposed: 600) {
          Driver.combineLatest(published, Driver.just(10)) { $0 + $1 }
        }
      )
    }
    expectEqual(plain.events, [.next(201, 1)])
    expectEqual(driver.events, [.next(501, 11)])
  }
}
