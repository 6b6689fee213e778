import ObservableCore
import ObservableTesting
import XCTest

/// RxTest's XCTest assertions: the passing cases here, the failures through the fixtures.
final class XCTAssertHelpersTests: XCTestCase {
  // MARK: Equal lists pass

  func testRecordedEventsFromAScheduler() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([
      .next(150, 1), .next(210, 2), .next(220, 3), .completed(300),
    ])
    withLeakChecking {
      let res = scheduler.start { xs.map { $0 * 10 } }
      XCTAssertEqual(res.events, [.next(210, 20), .next(220, 30), .completed(300)])
      XCTAssertEqual(res.events, Recorded.events(.next(210, 20), .next(220, 30), .completed(300)))
    }
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }

  func testRecordedErrors() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createColdObservable([.next(10, "a"), .error(20, FixtureError())])
    let res = scheduler.start { xs }
    XCTAssertEqual(res.events, [.next(210, "a"), .error(220, FixtureError())])
  }

  func testOptionalElements() {
    let events: [Recorded<Event<Int?>>] = [.next(210, nil), .next(220, 1), .completed(300)]
    XCTAssertEqual(events, [.next(210, nil), .next(220, 1), .completed(300)])
  }

  func testEvents() {
    XCTAssertEqual([Event<Int>.next(1), .next(2), .completed], [.next(1), .next(2), .completed])
    XCTAssertEqual([Event<Int>.error(FixtureError())], [.error(FixtureError())])
    XCTAssertEqual([Event<Int>](), [])
  }

  func testSingleEvents() {
    XCTAssertEqual([SingleEvent<Int>.success(1)], [.success(1)])
    XCTAssertEqual([SingleEvent<Int>.failure(FixtureError())], [.failure(FixtureError())])
    XCTAssertEqual(
      [Recorded(time: 200, value: SingleEvent<Int>.success(1))],
      [Recorded(time: 200, value: .success(1))])
  }

  func testMaybeEvents() {
    XCTAssertEqual(
      [MaybeEvent<Int>.success(1), .completed, .error(FixtureError())],
      [.success(1), .completed, .error(FixtureError())])
    XCTAssertEqual(
      [Recorded(time: 200, value: MaybeEvent<Int>.completed)],
      [Recorded(time: 200, value: .completed)])
  }

  func testCompletableEvents() {
    XCTAssertEqual(
      [CompletableEvent.completed, .error(FixtureError())], [.completed, .error(FixtureError())])
    XCTAssertEqual(
      [Recorded(time: 200, value: CompletableEvent.completed)],
      [Recorded(time: 200, value: .completed)])
  }

  func testRecordedElementsIgnoreTimes() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .next(400, 4)])
    let res = scheduler.start { xs.filter { $0.isMultiple(of: 2) } }
    XCTAssertRecordedElements(res.events, [2, 4])
  }

  /// The trait events' `==`, which the helpers and plain `XCTAssertEqual` use.
  func testTraitEventEquality() {
    XCTAssertEqual(MaybeEvent<Int>.success(1), .success(1))
    XCTAssertNotEqual(MaybeEvent<Int>.success(1), .success(2))
    XCTAssertNotEqual(MaybeEvent<Int>.success(1), .completed)
    XCTAssertNotEqual(MaybeEvent<Int>.error(FixtureError()), .error(OtherError()))
    XCTAssertEqual(CompletableEvent.error(FixtureError()), .error(FixtureError()))
    XCTAssertNotEqual(CompletableEvent.completed, .error(FixtureError()))
  }

  // MARK: Unequal lists fail, with the difference in the message

  func testRecordedEventsMessage() throws {
    try assertFixture(
      "testAssertEqualRecordedEvents",
      failsWith: """
        XCTAssertEqual failed: ("[next(10) @ 210, next(20) @ 220, completed @ 300]") is not \
        equal to ("[next(10) @ 210, next(30) @ 220, completed @ 300, next(1) @ 400]")
        Differences:
        lhs[1]:
            next(20) @ 220
        rhs[1]:
            next(30) @ 220
        lhs[3]:
            missing (lhs has 3 elements)
        rhs[3]:
            next(1) @ 400
        """, at: "XCTAssertEqual(res.events")
  }

  /// RxTest shows only the entry of the longer list; here the other side says it has none.
  func testMissingEventMessage() throws {
    try assertFixture(
      "testAssertEqualMissingEvent",
      failsWith: """
        XCTAssertEqual failed: ("[next(10) @ 210, completed @ 300]") is not equal to \
        ("[next(10) @ 210]")
        Differences:
        lhs[1]:
            completed @ 300
        rhs[1]:
            missing (rhs has 1 element)
        """, at: "XCTAssertEqual(res.events")
  }

  /// Subscriptions as RxTest's `Subscription` describes them, `(subscribe: unsubscribe)`, in
  /// the same message as the lists of events, with no dangling ` - ` from XCTest's own
  /// `XCTAssertEqual`.
  func testSubscriptionsMessage() throws {
    try assertFixture(
      "testAssertEqualSubscriptions",
      failsWith: """
        XCTAssertEqual failed: ("[(200: 300)]") is not equal to ("[(200: 1000)]")
        Differences:
        lhs[0]:
            (200: 300)
        rhs[0]:
            (200: 1000)
        """, at: "XCTAssertEqual(xs.subscriptions")
  }

  func testMissingSubscriptionMessage() throws {
    try assertFixture(
      "testAssertEqualSubscriptionsMissingOne",
      failsWith: """
        XCTAssertEqual failed: ("[(200: 300)]") is not equal to \
        ("[(200: 300), (400: Infinity)]")
        Differences:
        lhs[1]:
            missing (lhs has 1 element)
        rhs[1]:
            (400: Infinity)
        """, at: "XCTAssertEqual(xs.subscriptions")
  }

  func testOptionalElementsMessage() throws {
    try assertFixture(
      "testAssertEqualOptionalElements",
      failsWith: """
        XCTAssertEqual failed: ("[next(nil) @ 210, completed @ 300]") is not equal to \
        ("[next(Optional(1)) @ 210, completed @ 300]")
        Differences:
        lhs[0]:
            next(nil) @ 210
        rhs[0]:
            next(Optional(1)) @ 210
        """, at: "XCTAssertEqual(events")
  }

  func testEventsMessage() throws {
    try assertFixture(
      "testAssertEqualEvents",
      failsWith: """
        XCTAssertEqual failed: ("[next(1), completed]") is not equal to \
        ("[next(1), error(FixtureError())]")
        Differences:
        lhs[1]:
            completed
        rhs[1]:
            error(FixtureError())
        """, at: "XCTAssertEqual([Event<Int>")
  }

  func testSingleEventsMessage() throws {
    try assertFixture(
      "testAssertEqualSingleEvents",
      failsWith: """
        XCTAssertEqual failed: ("[success(1)]") is not equal to ("[success(2)]")
        Differences:
        lhs[0]:
            success(1)
        rhs[0]:
            success(2)
        """, at: "XCTAssertEqual([SingleEvent<Int>")
  }

  func testRecordedSingleEventsMessage() throws {
    try assertFixture(
      "testAssertEqualRecordedSingleEvents",
      failsWith: """
        XCTAssertEqual failed: ("[success(1) @ 200]") is not equal to ("[success(1) @ 210]")
        Differences:
        lhs[0]:
            success(1) @ 200
        rhs[0]:
            success(1) @ 210
        """, at: "XCTAssertEqual(")
  }

  func testMaybeEventsMessage() throws {
    try assertFixture(
      "testAssertEqualMaybeEvents",
      failsWith: """
        XCTAssertEqual failed: ("[completed]") is not equal to ("[success(1)]")
        Differences:
        lhs[0]:
            completed
        rhs[0]:
            success(1)
        """, at: "XCTAssertEqual([MaybeEvent<Int>")
  }

  func testRecordedMaybeEventsMessage() throws {
    try assertFixture(
      "testAssertEqualRecordedMaybeEvents",
      failsWith: """
        XCTAssertEqual failed: ("[success(1) @ 200]") is not equal to \
        ("[error(FixtureError()) @ 200]")
        Differences:
        lhs[0]:
            success(1) @ 200
        rhs[0]:
            error(FixtureError()) @ 200
        """, at: "XCTAssertEqual(")
  }

  func testCompletableEventsMessage() throws {
    try assertFixture(
      "testAssertEqualCompletableEvents",
      failsWith: """
        XCTAssertEqual failed: ("[completed]") is not equal to ("[error(FixtureError())]")
        Differences:
        lhs[0]:
            completed
        rhs[0]:
            error(FixtureError())
        """, at: "XCTAssertEqual([CompletableEvent")
  }

  func testRecordedCompletableEventsMessage() throws {
    try assertFixture(
      "testAssertEqualRecordedCompletableEvents",
      failsWith: """
        XCTAssertEqual failed: ("[completed @ 200]") is not equal to \
        ("[completed @ 200, completed @ 300]")
        Differences:
        lhs[1]:
            missing (lhs has 1 element)
        rhs[1]:
            completed @ 300
        """, at: "XCTAssertEqual(")
  }

  func testRecordedElementsWithATerminalEventMessage() throws {
    try assertFixture(
      "testAssertRecordedElementsWithTerminalEvent",
      failsWith: """
        XCTAssertRecordedElements failed: a terminal event was recorded: completed @ 300
        """, at: "XCTAssertRecordedElements(")
  }

  func testRecordedElementsMismatchMessage() throws {
    try assertFixture(
      "testAssertRecordedElementsMismatch",
      failsWith: """
        XCTAssertRecordedElements failed: ("[1, 2]") is not equal to ("[1, 3]")
        Differences:
        lhs[1]:
            2
        rhs[1]:
            3
        """, at: "XCTAssertRecordedElements(")
  }

  /// Checks that the fixture `name` failed once, with `message`, at a line containing `call`.
  ///
  /// A failure reported through `XCTFail` (when it is the first of the child process, before
  /// the test case is known) starts with XCTFail's `failed - `.
  private func assertFixture(
    _ name: String, failsWith message: String, at call: String, file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let failures = try allFixtures.get().failures(of: name, file: file, line: line)
    XCTAssertEqual(failures.count, 1, "\(failures)", file: file, line: line)
    guard let failure = failures.first else { return }
    let reported =
      failure.message.hasPrefix("failed - ")
      ? String(failure.message.dropFirst("failed - ".count)) : failure.message
    XCTAssertEqual(reported, message, file: file, line: line)
    assertReportedAtCall(failure, containing: call, file: file, line: line)
  }
}

private struct OtherError: Error, Equatable {}
