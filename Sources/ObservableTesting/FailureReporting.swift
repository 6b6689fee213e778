import Testing

#if canImport(XCTest)
  import Foundation
  import ObservableCore
  import XCTest
#endif

// Every failure ObservableTesting reports (grammar violations, leaks, marble mismatches, the
// XCTest assertion helpers) goes through `recordTestFailure(_:at:)`, which finds the framework
// running the current test:
//
// 1. Swift Testing: `Test.current` is set, on the test's task and its child tasks. The failure
//    becomes an `Issue`.
// 2. XCTest: `Test.current` is nil inside an XCTest test, and Swift Testing's `Issue.record`
//    does nothing there. The failure goes to the XCTest test case that is running, which
//    `XCTestRouting` follows through XCTest's public observation API. XCTest's current test
//    case is process-wide, so this also works from threads the test started.
// 3. Neither: the failure is recorded with `Issue.record`. In a Swift Testing run, an issue
//    recorded outside any test's task (a thread the test started) fails the run as an issue of
//    an unknown test, which is the best Swift Testing can do with it. With no test running at
//    all, in a process that is not a test run or between two XCTest tests, it is dropped, as
//    `XCTFail` and `Issue.record` themselves drop it: a library never prints.

/// Where a failure happened, as far as the reporter knows.
enum FailureSite {
  /// A location the caller passed in Swift Testing's form, such as `withLeakChecking`'s.
  case source(SourceLocation)
  /// A location the caller passed in XCTest's form, such as `XCTAssertEqual`'s.
  case file(StaticString, line: UInt)
  /// No location: a grammar violation is detected in the observer, away from the test's code.
  case unknown
}

/// Records a test failure in the test framework that runs the current test.
///
/// - Parameters:
///   - message: What failed.
///   - site: Where to attribute the failure.
func recordTestFailure(_ message: String, at site: FailureSite) {
  if Test.current == nil {
    #if canImport(XCTest)
      if XCTestRouting.shared.record(message, at: site) { return }
    #endif
  }
  if let location = site.sourceLocation {
    Issue.record(Comment(rawValue: message), sourceLocation: location)
  } else {
    Issue.record(Comment(rawValue: message))
  }
}

/// Starts following XCTest's test cases, once, unless a Swift Testing test is running.
///
/// Called when ObservableTesting is first used, so that a failure in a later XCTest test is
/// reported at its exact location.
func prepareFailureReporting() {
  #if canImport(XCTest)
    if Test.current == nil { XCTestRouting.shared.startObserving() }
  #endif
}

extension FailureSite {
  /// The location in Swift Testing's form, if there is one.
  var sourceLocation: SourceLocation? {
    switch self {
    case .source(let location):
      return location
    case .file(let file, let line):
      let path = "\(file)"
      // A file ID is `Module/File.swift`; Swift Testing requires the slash, and SwiftPM keeps a
      // target's sources in a folder named after it.
      let components = path.split(separator: "/", omittingEmptySubsequences: true)
      let fileID = components.suffix(2).joined(separator: "/")
      return SourceLocation(
        fileID: fileID.contains("/") ? fileID : "_/\(fileID.isEmpty ? "unknown" : fileID)",
        filePath: path, line: max(1, Int(clamping: line)), column: 1)
    case .unknown:
      return nil
    }
  }
}

#if canImport(XCTest)
  /// Follows the running XCTest test case and records failures in it.
  ///
  /// XCTest has no public "current test case", so this observer learns it from
  /// `testCaseWillStart` and `testCaseDidFinish` once it is registered. It is registered the
  /// first time ObservableTesting is used outside a Swift Testing test, which may be inside a
  /// test that has already started: until the next test starts, a failure is reported with
  /// `XCTFail` (at this file, with the caller's location in the message), and XCTest's
  /// notification of the failure (`testCase(_:didRecord:)` on Apple platforms,
  /// `testCase(_:didFailWithDescription:inFile:atLine:)` elsewhere), which it posts
  /// synchronously on the reporting thread, tells whether a test case took it and which one.
  final class XCTestRouting: NSObject, XCTestObservation,
    // SAFETY: the mutable state is in `state`, a `_Mutex`; the test case it holds is only
    // handed to XCTest's `record`/`recordFailure`, which XCTest allows from any thread during
    // the test.
    @unchecked Sendable
  {
    private struct State {
      var observing = false
      var current: XCTestCase?
    }

    /// The single observer, registered with XCTest on first use.
    static let shared = XCTestRouting()

    /// Set while `XCTFail` runs, so that the failure notification can say it arrived.
    @TaskLocal private static var pendingFailure: PendingFailure?

    private let state = _Mutex(State())

    /// Registers with XCTest's observation center, once.
    func startObserving() {
      let register = state.withLock { state -> Bool in
        defer { state.observing = true }
        return !state.observing
      }
      if register { XCTestObservationCenter.shared.addTestObserver(self) }
    }

    /// Records `message` in the running XCTest test case.
    ///
    /// - Returns: Whether a test case took the failure.
    func record(_ message: String, at site: FailureSite) -> Bool {
      startObserving()
      let current = state.withLock { state in UnsafeTransfer(state.current) }.value
      switch site {
      case .source(let location):
        if let current {
          Self.record(message, in: current, file: location.filePath, line: location.line)
          return true
        }
        return fail { XCTFail("\(message) (at \(location.fileID):\(location.line))") }
      case .file(let file, let line):
        if let current {
          Self.record(message, in: current, file: "\(file)", line: Int(clamping: line))
          return true
        }
        return fail { XCTFail(message, file: file, line: line) }
      case .unknown:
        return fail { XCTFail(message) }
      }
    }

    /// Records an assertion failure at a location in a test case.
    ///
    /// Apple's XCTest takes an `XCTIssue` (its string-based `recordFailure` is deprecated);
    /// swift-corelibs-xctest has only `recordFailure`.
    ///
    /// - Parameters:
    ///   - message: What failed.
    ///   - testCase: The running test case.
    ///   - file: The file to attribute it to.
    ///   - line: The line.
    private static func record(_ message: String, in testCase: XCTestCase, file: String, line: Int)
    {
      #if canImport(Darwin)
        let location = XCTSourceCodeLocation(filePath: file, lineNumber: line)
        testCase.record(
          XCTIssue(
            type: .assertionFailure, compactDescription: message,
            sourceCodeContext: XCTSourceCodeContext(location: location)))
      #else
        testCase.recordFailure(withDescription: message, inFile: file, atLine: line, expected: true)
      #endif
    }

    /// Runs `failure`, an `XCTFail`, and returns whether a test case took it.
    private func fail(_ failure: () -> Void) -> Bool {
      let pending = PendingFailure()
      Self.$pendingFailure.withValue(pending) { failure() }
      return pending.arrived
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
      let transfer = UnsafeTransfer(testCase)
      state.withLock { $0.current = transfer.value }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
      let finished = ObjectIdentifier(testCase)
      state.withLock { state in
        if state.current.map(ObjectIdentifier.init) == finished { state.current = nil }
      }
    }

    #if canImport(Darwin)
      func testCase(_ testCase: XCTestCase, didRecord issue: XCTIssue) {
        failureArrived(in: testCase)
      }
    #else
      func testCase(
        _ testCase: XCTestCase, didFailWithDescription description: String,
        inFile filePath: String?, atLine lineNumber: Int
      ) {
        failureArrived(in: testCase)
      }
    #endif

    /// A failure reached `testCase` (Apple's XCTest tells observers with an `XCTIssue`,
    /// swift-corelibs-xctest with the failure's description).
    ///
    /// - Parameter testCase: The test case that took it.
    private func failureArrived(in testCase: XCTestCase) {
      guard let pending = Self.pendingFailure else { return }
      pending.arrived = true
      // The test started before this observer was registered: now it is known.
      let transfer = UnsafeTransfer(testCase)
      state.withLock { $0.current = transfer.value }
    }
  }

  /// Whether XCTest took one failure; written and read on the reporting thread.
  private final class PendingFailure: Sendable {
    private let flag = _Atomic<Bool>(false)

    var arrived: Bool {
      get { flag.load(ordering: .sequentiallyConsistent) }
      set { flag.store(newValue, ordering: .sequentiallyConsistent) }
    }
  }

  /// Moves a non-`Sendable` XCTest object into or out of a lock.
  private struct UnsafeTransfer<Value>:
    // SAFETY: only used for XCTest's test case objects, which XCTest itself shares between the
    // test's thread and the threads that report failures into it.
    @unchecked Sendable
  {
    let value: Value
    init(_ value: Value) { self.value = value }
  }
#endif
