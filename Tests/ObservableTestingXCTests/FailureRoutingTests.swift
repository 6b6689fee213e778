import XCTest

/// Every failure ObservableTesting reports fails the XCTest test that is running.
///
/// Each check looks at what a fixture of `FailureFixtures`, run in a child process, printed:
/// the fixture must have failed, with the expected message, at the line of the test's code.
final class FailureRoutingTests: XCTestCase {
  func testElementAfterCompletionFailsTheTest() throws {
    let failures = try allFixtures.get().failures(of: "testElementAfterCompletion")
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.message.contains(
        "Observable grammar violated at 310: next(1) arrived after a terminal event") == true,
      "\(failures)")
  }

  func testSecondTerminalEventFailsTheTest() throws {
    let failures = try allFixtures.get().failures(of: "testSecondTerminalEvent")
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.message.contains("completed arrived after a terminal event") == true,
      "\(failures)")
  }

  func testViolationOnAnotherThreadFailsTheTest() throws {
    let failures = try allFixtures.get().failures(
      of: "testElementAfterCompletionFromAnotherThread")
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.message.contains("next(2) arrived after a terminal event") == true,
      "\(failures)")
  }

  func testViolationWithinOneSubscriptionFailsTheTest() throws {
    let failures = try allFixtures.get().failures(
      of: "testElementAfterCompletionWithinOneSubscription")
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.message.contains(
        "Observable grammar violated at 310: next(2) arrived after a terminal event"
          + " (subscription 1)") == true,
      "\(failures)")
  }

  /// An observer subscribed again after its first subscription completed, as RxSwift's
  /// multicast and refCount tests do, records both and fails nothing.
  func testResubscribedObserverPasses() throws {
    let run = try allFixtures.get()
    XCTAssertTrue(
      run.section(of: "FailureFixtures.testResubscribedObserver").contains(
        "Test Case 'FailureFixtures.testResubscribedObserver' passed"), run.output)
  }

  func testLeakFailsTheTestAtTheCall() throws {
    let failures = try allFixtures.get().failures(of: "testLeak")
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.message.contains("1 resource(s) still alive after the test") == true,
      "\(failures)")
    assertReportedAtCall(failures.first, containing: "withLeakChecking {")
  }

  func testAsyncLeakFailsTheTestAtTheCall() throws {
    let failures = try allFixtures.get().failures(of: "testLeakAfterTimeout")
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.message.contains("1 resource(s) still alive 0.02 seconds after the test")
        == true, "\(failures)")
    assertReportedAtCall(failures.first, containing: "withLeakChecking(timeout:")
  }

  func testMarbleMismatchFailsTheTestAtTheCall() throws {
    let failures = try allFixtures.get().failures(of: "testMarbleMismatch")
    XCTAssertEqual(failures.count, 1)
    let message = failures.first?.message ?? ""
    XCTAssertTrue(message.contains("Marble diagrams differ."), message)
    XCTAssertTrue(message.contains("expected: -a-c|"), message)
    XCTAssertTrue(message.contains("actual:   -a-b|"), message)
    assertReportedAtCall(failures.first, containing: "scheduler.expectMarbles(")
  }

  func testMalformedMarblesFailTheTestAtTheCall() throws {
    let failures = try allFixtures.get().failures(of: "testMalformedMarbles")
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.message.contains("Malformed marble diagram") == true, "\(failures)")
    assertReportedAtCall(failures.first, containing: "createColdObservable(marbles:")
  }

  func testTheControlFixturePasses() throws {
    let run = try allFixtures.get()
    XCTAssertTrue(
      run.section(of: "FailureFixtures.testNoViolation").contains(
        "Test Case 'FailureFixtures.testNoViolation' passed"), run.output)
  }

  func testTheRunFailsAsAWhole() throws {
    let run = try allFixtures.get()
    XCTAssertNotEqual(run.status, 0)
    XCTAssertTrue(run.output.contains("Executed"), run.output)
  }

  /// In a process whose first test reports the failures, the observer that follows XCTest's
  /// test cases starts during that test: the first failure goes through `XCTFail` with the
  /// location in its message, and the second is reported at its line.
  func testFailuresBeforeTheTestCaseIsKnown() throws {
    let run = try FixtureRun.run("ObservableTestingXCTests.FailureFixtures/testTwoLeaksInOneTest")
    XCTAssertNotEqual(run.status, 0, run.output)
    let failures = run.failures(of: "testTwoLeaksInOneTest")
    XCTAssertEqual(failures.count, 2, run.output)
    guard failures.count == 2 else { return }
    XCTAssertTrue(failures[0].message.contains("1 resource(s) still alive"), run.output)
    XCTAssertTrue(
      failures[0].message.contains("(at ObservableTestingXCTests/FailureFixtures.swift:"),
      run.output)
    XCTAssertTrue(failures[1].message.contains("1 resource(s) still alive"), run.output)
    assertReportedAtCall(failures[1], containing: "withLeakChecking {")
  }

  /// A grammar violation that is the only test of its process fails it too.
  func testViolationAloneInItsProcess() throws {
    let run = try FixtureRun.run(
      "ObservableTestingXCTests.FailureFixtures/testElementAfterCompletion")
    XCTAssertNotEqual(run.status, 0, run.output)
    XCTAssertEqual(run.failures(of: "testElementAfterCompletion").count, 1, run.output)
  }

  /// The control for the one-test runs: the same child-process mechanism, on a test without a
  /// violation, exits 0.
  func testControlAloneInItsProcess() throws {
    let run = try FixtureRun.run("ObservableTestingXCTests.FailureFixtures/testNoViolation")
    XCTAssertEqual(run.status, 0, run.output)
    XCTAssertTrue(run.output.contains("with 0 failures"), run.output)
  }
}

/// Checks that `failure` was reported in the fixtures' file, on a line containing `call`.
func assertReportedAtCall(
  _ failure: ReportedFailure?, containing call: String, file: StaticString = #filePath,
  line: UInt = #line
) {
  guard let failure else {
    XCTFail("no failure reported", file: file, line: line)
    return
  }
  XCTAssertEqual(failure.file, failureFixturesFile, file: file, line: line)
  XCTAssertTrue(
    fixtureSourceLine(failure.line).contains(call),
    "reported at line \(failure.line): \(fixtureSourceLine(failure.line))", file: file,
    line: line)
}
