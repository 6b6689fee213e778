import ObservableCore
import ObservableTesting
import XCTest

/// The XCTest form of the first example of ObservableTesting's documentation (ObservableTesting.md
/// shows it with Swift Testing), once in the README, so that it keeps compiling and passing.
final class ReadmeExampleTests: XCTestCase {
  func testMapMultiplies() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(300)])
    let res = scheduler.start { xs.map { $0 * 10 } }
    XCTAssertEqual(res.events, [.next(210, 20), .completed(300)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }
}
