import Dispatch
import ObservableCore
import Testing

@testable import ObservableTesting

/// Failures reported in a Swift Testing test become issues of that test. (Their XCTest
/// counterpart is the ObservableTestingXCTests target.)
@Suite("Failure reporting under Swift Testing")
struct FailureReportingTests {
  @Test("a leak fails the test, at the line of withLeakChecking")
  func leak() {
    let kept = _Mutex<(any Disposable)?>(nil)
    let line = #line + 2
    withKnownIssue {
      withLeakChecking {
        kept.withLock { $0 = PublishSubject<Int>().subscribe(onNext: { _ in }) }
      }
    } matching: { issue in
      String(describing: issue).contains("1 resource(s) still alive after the test")
        && issue.sourceLocation?.line == line
    }
    kept.withLock { $0.take() }?.dispose()
  }

  @Test("a leak still there after the timeout fails an async test")
  func asyncLeak() async {
    let kept = _Mutex<(any Disposable)?>(nil)
    await withKnownIssue {
      await withLeakChecking(timeout: .milliseconds(5)) {
        kept.withLock { $0 = PublishSubject<Int>().subscribe(onNext: { _ in }) }
      }
    } matching: { issue in
      String(describing: issue).contains("still alive 0.005 seconds after the test")
    }
    kept.withLock { $0.take() }?.dispose()
  }

  @Test("a grammar violation in a child task fails the test")
  func violationInChildTask() async {
    let observer = TestableObserver<Int>()
    observer.onCompleted()
    await withKnownIssue {
      await Task { observer.onNext(1) }.value
    } matching: { issue in
      String(describing: issue).contains("next(1) arrived after a terminal event")
    }
  }

  @Test("the XCTest helpers record an issue at their caller's line in a Swift Testing test")
  func xctestHelpersInSwiftTesting() {
    let line = #line + 2
    withKnownIssue {
      XCTAssertEqual([Event<Int>.next(1)], [.next(2)])
    } matching: { issue in
      String(describing: issue).contains("XCTAssertEqual failed")
        && issue.sourceLocation?.line == line
        && issue.sourceLocation?.fileName == "FailureReportingTests.swift"
    }
  }

  @Test("an XCTest-style location becomes a Swift Testing location")
  func fileSiteConversion() {
    let location = FailureSite.file("/src/Tests/MyTests/FooTests.swift", line: 12).sourceLocation
    expectEqual(location?.fileID, "MyTests/FooTests.swift")
    expectEqual(location?.filePath, "/src/Tests/MyTests/FooTests.swift")
    expectEqual(location?.line, 12)
    // Swift Testing requires a slash in a file ID and a line of at least 1.
    let bare = FailureSite.file("Foo.swift", line: 0).sourceLocation
    expectEqual(bare?.fileID, "_/Foo.swift")
    expectEqual(bare?.line, 1)
    #expect(FailureSite.unknown.sourceLocation == nil)
  }
}

@Suite("Failure messages of the XCTest helpers")
struct ListDifferenceTests {
  @Test("lists each index that differs, then each extra entry and the other list's length")
  func differences() {
    let message = listDifference(
      [Recorded.next(210, 1), .next(220, 2), .completed(300)],
      [.next(210, 1), .next(220, 3)], by: ==, assertion: "XCTAssertEqual")
    expectEqual(
      message,
      """
      XCTAssertEqual failed: ("[next(1) @ 210, next(2) @ 220, completed @ 300]") is not equal \
      to ("[next(1) @ 210, next(3) @ 220]")
      Differences:
      lhs[1]:
          next(2) @ 220
      rhs[1]:
          next(3) @ 220
      lhs[2]:
          completed @ 300
      rhs[2]:
          missing (rhs has 2 elements)
      """)
  }

  @Test("trait events are shown by their case names")
  func traitEvents() {
    let maybe = listDifference(
      [MaybeEvent<Int>.success(1), .error(Failure())], [.completed], by: ==, assertion: "A")
    #expect(
      maybe.hasPrefix(
        #"A failed: ("[success(1), error(Failure())]") is not equal to ("[completed]")"#))
    let completable = listDifference(
      [Recorded(time: 5, value: CompletableEvent.completed)], [], by: ==, assertion: "B")
    #expect(completable.hasPrefix(#"B failed: ("[completed @ 5]") is not equal to ("[]")"#))
    let single = listDifference(
      [SingleEvent<Int>.failure(Failure())], [.success(1)], by: singleEventsAreEqual,
      assertion: "C")
    #expect(
      single.hasPrefix(#"C failed: ("[failure(Failure())]") is not equal to ("[success(1)]")"#))
  }
}

@Suite("Equality of trait events")
struct TraitEventEquatableTests {
  @Test("MaybeEvent: same case and equal payloads")
  func maybe() {
    expectEqual(MaybeEvent<Int>.success(1), .success(1))
    #expect(MaybeEvent<Int>.success(1) != .success(2))
    expectEqual(MaybeEvent<Int>.completed, .completed)
    expectEqual(MaybeEvent<Int>.error(Failure()), .error(Failure()))
    #expect(MaybeEvent<Int>.error(Failure()) != .error(Other()))
    #expect(MaybeEvent<Int>.success(1) != .completed)
    #expect(MaybeEvent<Int>.completed != .error(Failure()))
  }

  @Test("CompletableEvent: both completed, or equal errors")
  func completable() {
    expectEqual(CompletableEvent.completed, .completed)
    expectEqual(CompletableEvent.error(Failure()), .error(Failure()))
    #expect(CompletableEvent.error(Failure()) != .error(Other()))
    #expect(CompletableEvent.completed != .error(Failure()))
  }

  @Test("SingleEvent, compared by the helpers: equal elements, or equal errors")
  func single() {
    #expect(singleEventsAreEqual(SingleEvent<Int>.success(1), .success(1)))
    #expect(!singleEventsAreEqual(SingleEvent<Int>.success(1), .success(2)))
    #expect(singleEventsAreEqual(SingleEvent<Int>.failure(Failure()), .failure(Failure())))
    #expect(!singleEventsAreEqual(SingleEvent<Int>.failure(Failure()), .failure(Other())))
    #expect(!singleEventsAreEqual(SingleEvent<Int>.success(1), .failure(Failure())))
  }
}

private struct Failure: Error, Equatable {}
private struct Other: Error, Equatable {}
