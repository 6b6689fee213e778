import Dispatch
import ObservableBlocking
import ObservableCore
import XCTest

/// XCTest runs these on the main thread, where RxSwift's users call `toBlocking()`.
final class BlockingMainThreadTests: XCTestCase {
  func testMainSchedulerWorkRunsWhileBlocked() throws {
    XCTAssertTrue(Thread.isMainThread)
    // Delivered through the main queue, which only runs while the blocked thread runs its loop.
    let elements = try Observable.of(1, 2, 3)
      .observe(on: MainScheduler.asyncInstance)
      .toBlocking(timeout: 10)
      .toArray()
    XCTAssertEqual(elements, [1, 2, 3])
  }

  func testTimerOnMainSchedulerFires() throws {
    let first = try Observable<Int>.timer(.milliseconds(10), scheduler: MainScheduler.instance)
      .toBlocking(timeout: 10)
      .first()
    XCTAssertEqual(first, 0)
  }

  func testTimeoutOnTheMainThread() {
    XCTAssertThrowsError(try Observable<Int>.never().toBlocking(timeout: 0.05).first()) { error in
      XCTAssertEqual(error as? RxError, .timeout)
    }
  }
}
