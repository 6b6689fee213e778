import Foundation
import TestProcessSupport
import XCTest

/// A run of some of this test bundle's XCTest tests in a child process, and what it printed.
struct FixtureRun: Sendable {
  /// The child's exit status.
  var status: Int32
  /// Everything the child wrote to standard output and standard error.
  var output: String

  /// Runs the tests `filter` selects (`Module.Class` or `Module.Class/testMethod`) with the
  /// failing fixtures enabled.
  static func run(_ filter: String) throws -> FixtureRun {
    #if os(Linux)
      // SwiftPM's test executable runs XCTest with the tests named on its command line.
      let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      let run = try SpawnedProcess.run(
        executable: executable.path, arguments: [filter],
        environment: [FailureFixtures.enablingVariable: "1"])
      return FixtureRun(status: run.termination.status, output: run.output)
    #else
      throw XCTSkip("the child-process checks run SwiftPM's Linux test executable")
    #endif
  }

  /// What the child printed for one test, from its start line to its result line.
  func section(of test: String) -> String {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.hasPrefix("Test Case '\(test)' started") })
    else { return "" }
    let end =
      lines[start...].firstIndex { $0.hasPrefix("Test Case '\(test)' ") && !$0.contains("started") }
      ?? lines.endIndex - 1
    return lines[start...end].joined(separator: "\n")
  }
}

/// The whole `FailureFixtures` class, run once per test process and shared by the checks.
let allFixtures = Result { try FixtureRun.run("ObservableTestingXCTests.FailureFixtures") }

/// A failure XCTest printed: `path:line: error: Class.test : message`.
struct ReportedFailure: Equatable {
  var file: String
  var line: Int
  var message: String
}

extension FixtureRun {
  /// Checks that the fixture `name` failed, and returns the failures XCTest reported for it.
  func failures(
    of name: String, file: StaticString = #filePath, line: UInt = #line
  ) -> [ReportedFailure] {
    let test = "FailureFixtures.\(name)"
    let section = section(of: test)
    XCTAssertTrue(
      section.contains("Test Case '\(test)' failed"),
      "\(test) did not fail; the child printed:\n\(output)", file: file, line: line)
    XCTAssertFalse(
      output.contains("Sanitizer"), "a sanitizer reported something:\n\(output)", file: file,
      line: line)
    let marker = ": error: \(test) : "
    var failures: [ReportedFailure] = []
    for chunk in section.components(separatedBy: "\n") {
      if let range = chunk.range(of: marker) {
        let location = chunk[..<range.lowerBound]
        let parts = location.split(separator: ":")
        failures.append(
          ReportedFailure(
            file: parts.dropLast().joined(separator: ":"),
            line: parts.last.flatMap { Int($0) } ?? 0,
            message: String(chunk[range.upperBound...])))
      } else if !failures.isEmpty, !chunk.hasPrefix("Test Case ") {
        // A message of several lines continues until the next failure or the result line.
        failures[failures.count - 1].message += "\n" + chunk
      }
    }
    return failures
  }
}

/// The text of line `line` of the fixtures' source file.
func fixtureSourceLine(_ line: Int) -> String {
  guard let source = try? String(contentsOfFile: failureFixturesFile, encoding: .utf8) else {
    return ""
  }
  let lines = source.components(separatedBy: "\n")
  return line >= 1 && line <= lines.count ? lines[line - 1] : ""
}
