import Foundation
import ObservableCore
import ObservableTesting
import XCTest

/// The path of this file, so that the checks can read the line a failure was reported at.
let failureFixturesFile = #filePath

/// Tests that fail on purpose, each in one way ObservableTesting reports a failure.
///
/// They are skipped unless ``FailureFixtures/enablingVariable`` is set, which
/// `FailureRoutingTests` and `XCTAssertMessageTests` do when they run them in a child process
/// and check that each one failed, with which message and at which line. Swift's XCTest on
/// Linux has no `XCTExpectFailure`, so a failure cannot be expected in the same process.
final class FailureFixtures: XCTestCase {
  /// The environment variable that turns these tests on.
  static let enablingVariable = "OBSERVABLE_TESTING_FAILURE_FIXTURES"

  private var kept: [any Disposable] = []

  override func setUpWithError() throws {
    try XCTSkipUnless(
      ProcessInfo.processInfo.environment[Self.enablingVariable] == "1",
      "fails on purpose; run by FailureRoutingTests in a child process")
  }

  override func tearDown() {
    for disposable in kept { disposable.dispose() }
    kept = []
  }

  // MARK: Failures reported by ObservableTesting itself

  func testElementAfterCompletion() {
    let scheduler = TestScheduler(initialClock: 0)
    let observer = scheduler.createObserver(Int.self)
    scheduler.scheduleAt(300) { observer.onCompleted() }
    scheduler.scheduleAt(310) { observer.onNext(1) }
    scheduler.start()
  }

  func testSecondTerminalEvent() {
    let observer = TestableObserver<Int>()
    observer.onError(FixtureError())
    observer.onCompleted()
  }

  func testElementAfterCompletionFromAnotherThread() {
    let observer = TestableObserver<Int>()
    let done = expectation(description: "the other thread has sent its events")
    Thread.detachNewThread {
      observer.onCompleted()
      observer.onNext(2)
      done.fulfill()
    }
    wait(for: [done], timeout: 60)
  }

  /// One subscription that breaks the grammar: its source sends an element after its own
  /// completion.
  func testElementAfterCompletionWithinOneSubscription() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(300), .next(310, 2)])
    let res = scheduler.createObserver(Int.self)
    scheduler.scheduleAt(200) { _ = xs.subscribe(res) }
    scheduler.start()
  }

  /// The control for it: one observer subscribed twice, the second time after the first
  /// subscription completed, breaks no grammar.
  func testResubscribedObserver() {
    let scheduler = TestScheduler(initialClock: 0)
    let first = scheduler.createHotObservable([.next(210, 1), .completed(220)])
    let second = scheduler.createHotObservable([.next(230, 2), .completed(240)])
    let res = scheduler.createObserver(Int.self)
    scheduler.scheduleAt(200) { _ = first.subscribe(res) }
    scheduler.scheduleAt(225) { _ = second.subscribe(res) }
    scheduler.start()
    XCTAssertEqual(res.events, [.next(210, 1), .completed(220), .next(230, 2), .completed(240)])
  }

  func testLeak() {
    withLeakChecking {
      kept.append(PublishSubject<Int>().subscribe(onNext: { _ in }))
    }
  }

  func testLeakAfterTimeout() async {
    let subject = PublishSubject<Int>()
    let subscription = await withLeakChecking(timeout: .milliseconds(20)) {
      subject.subscribe(onNext: { _ in })
    }
    subscription.dispose()
  }

  func testMarbleMismatch() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(marbles: "-a-b|")
    scheduler.expectMarbles(xs, "-a-c|")
  }

  func testMalformedMarbles() {
    let scheduler = TestScheduler(initialClock: 0)
    _ = scheduler.createColdObservable(marbles: "-[a")
  }

  /// Two failures in the test that first uses ObservableTesting in the process: the first is
  /// reported before the test case is known, the second once it is.
  func testTwoLeaksInOneTest() {
    withLeakChecking {
      kept.append(PublishSubject<Int>().subscribe(onNext: { _ in }))
    }
    withLeakChecking {
      kept.append(PublishSubject<String>().subscribe(onNext: { _ in }))
    }
  }

  /// The control: the same kind of test without a violation passes in the child process too.
  func testNoViolation() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
    withLeakChecking {
      let res = scheduler.start { xs.map { $0 * 2 } }
      XCTAssertEqual(res.events, [.next(210, 2), .completed(300)])
    }
  }

  // MARK: The XCTAssert helpers' failure messages

  func testAssertEqualRecordedEvents() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let res = scheduler.start { xs.map { $0 * 10 } }
    XCTAssertEqual(res.events, [.next(210, 10), .next(220, 30), .completed(300), .next(400, 1)])
  }

  func testAssertEqualOptionalElements() {
    let events: [Recorded<Event<Int?>>] = [.next(210, nil), .completed(300)]
    XCTAssertEqual(events, [.next(210, 1), .completed(300)])
  }

  func testAssertEqualEvents() {
    XCTAssertEqual([Event<Int>.next(1), .completed], [.next(1), .error(FixtureError())])
  }

  func testAssertEqualSingleEvents() {
    XCTAssertEqual([SingleEvent<Int>.success(1)], [.success(2)])
  }

  func testAssertEqualRecordedSingleEvents() {
    XCTAssertEqual(
      [Recorded(time: 200, value: SingleEvent<Int>.success(1))],
      [Recorded(time: 210, value: .success(1))])
  }

  func testAssertEqualMaybeEvents() {
    XCTAssertEqual([MaybeEvent<Int>.completed], [.success(1)])
  }

  func testAssertEqualRecordedMaybeEvents() {
    XCTAssertEqual(
      [Recorded(time: 200, value: MaybeEvent<Int>.success(1))],
      [Recorded(time: 200, value: .error(FixtureError()))])
  }

  func testAssertEqualCompletableEvents() {
    XCTAssertEqual([CompletableEvent.completed], [.error(FixtureError())])
  }

  func testAssertEqualRecordedCompletableEvents() {
    XCTAssertEqual(
      [Recorded(time: 200, value: CompletableEvent.completed)],
      [Recorded(time: 200, value: .completed), Recorded(time: 300, value: .completed)])
  }

  func testAssertRecordedElementsWithTerminalEvent() {
    XCTAssertRecordedElements([.next(210, 1), .completed(300)], [1])
  }

  func testAssertRecordedElementsMismatch() {
    XCTAssertRecordedElements([.next(210, 1), .next(220, 2)], [1, 3])
  }

  /// The expected list lacks the recording's last event.
  func testAssertEqualMissingEvent() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
    let res = scheduler.start { xs.map { $0 * 10 } }
    XCTAssertEqual(res.events, [.next(210, 10)])
  }

  /// A source disposed at 300 where the test expects it subscribed until 1000.
  func testAssertEqualSubscriptions() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
    _ = scheduler.start { xs.map { $0 * 10 } }
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
  }

  /// A source subscribed once where the test expects a second subscription that is still open.
  func testAssertEqualSubscriptionsMissingOne() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
    _ = scheduler.start { xs.map { $0 * 10 } }
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300), Subscription(400)])
  }
}

/// The error the fixtures send.
struct FixtureError: Error, Equatable {}
