import Foundation
import ObservableCore
import XCTest

/// XCTest runs its test methods on the main thread, which Swift Testing does not: here
/// `MainScheduler._isOnMainThread`, the check behind `Driver`'s main-actor closures, must say
/// true (the Swift Testing suite, MainThreadCheckTests, checks that it says false elsewhere).
final class MainThreadCheckXCTests: XCTestCase {
  func testTrueOnTheMainThread() {
    XCTAssertTrue(Thread.isMainThread, "XCTest should run this method on the main thread")
    XCTAssertTrue(MainScheduler._isOnMainThread)
  }
}
