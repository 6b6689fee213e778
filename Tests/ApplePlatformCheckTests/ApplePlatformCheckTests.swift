import Foundation
import TestProcessSupport
import Testing

/// The repository's root, three folders above this file.
private let repository = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Scripts/check-apple-platforms.swift, run for macOS and iOS on the fixture package beside this
/// file, whose targets each plant one thing that compiles on Linux and fails on Apple platforms.
///
/// The rebuilt modules are shared with CI's own run of the script (`.build/apple-sdk` at the
/// repository's root), so only the first run on a machine builds them.
@Suite("Scripts/check-apple-platforms.swift on a package with planted errors")
struct ApplePlatformCheckTests {
  /// What one run of the script printed, and how it ended.
  static let run = SpawnedProcess.runSwiftScript(
    repository.appendingPathComponent("Scripts/check-apple-platforms.swift"),
    arguments: [
      "--platforms", "macOS,iOS",
      "--package",
      repository.appendingPathComponent("Tests/ApplePlatformCheckTests/Fixture").path,
      "--cache", repository.appendingPathComponent(".build/apple-sdk").path,
    ])

  /// The script's output, or a recorded failure if it could not be run.
  func output() throws -> (status: Int32, output: String) {
    try Self.run.get()
  }

  /// The lines of one platform's report.
  func report(_ platform: String) throws -> String {
    let text = try output().output
    guard let start = text.range(of: "== \(platform) (") else { return "" }
    let rest = text[start.lowerBound...]
    let end = rest.dropFirst(3).range(of: "\n== ")?.lowerBound ?? rest.endIndex
    return String(rest[..<end])
  }

  @Test("fails, and says for which platforms")
  func fails() throws {
    let (status, output) = try output()
    #expect(status == 1, "\(output)")
    #expect(output.contains("error: the check failed for macOS, iOS"), "\(output)")
  }

  @Test("leaves /dev/null the null device although the fixture's compilations fail")
  func nullDeviceSurvives() throws {
    _ = try output()
    #expect(FileDescriptors.nullDeviceIsIntact())
  }

  @Test("a glibc-only call fails the type check", arguments: ["macOS", "iOS"])
  func glibcOnlyCall(platform: String) throws {
    let report = try report(platform)
    #expect(report.contains("GlibcOnly                    failed"), "\(report)")
    #expect(
      report.contains(
        "Sources/GlibcOnly/GlibcOnly.swift:13:7: error: cannot find 'sigtimedwait' in scope"),
      "\(report)")
  }

  @Test("an API newer than the floor fails with the platform's version")
  func newerAPI() throws {
    #expect(
      try report("macOS").contains("error: 'Mutex' is only available in macOS 15.0 or newer"))
    #expect(try report("iOS").contains("error: 'Mutex' is only available in iOS 18.0 or newer"))
  }

  @Test("a warning fails the check: XCTest's recordFailure, deprecated by Apple")
  func appleDeprecation() throws {
    let report = try report("macOS")
    #expect(report.contains("AppleDeprecated              failed"), "\(report)")
    #expect(
      report.contains(
        "warning: 'recordFailure(withDescription:inFile:atLine:expected:)' is deprecated"),
      "\(report)")
  }

  @Test("a weak declaration in a header fails the symbol check", arguments: ["macOS", "iOS"])
  func weakSymbol(platform: String) throws {
    let report = try report(platform)
    for file in ["Sources/WeakShim/include/WeakShim.h", "Sources/WeakShim/WeakShim.c"] {
      #expect(
        report.contains(
          "error: \(file): undefined weak symbol __tsan_acquire (Apple's linker refuses it)"),
        "\(report)")
    }
  }

  @Test(
    "a library that names DEBUG is checked again as a release build compiles it",
    arguments: ["macOS", "iOS"])
  func releaseHalf(platform: String) throws {
    let report = try report(platform)
    #expect(report.contains("ReleaseOnly                  passed"), "\(report)")
    #expect(report.contains("ReleaseOnly (release)        failed"), "\(report)")
    #expect(
      report.contains(
        "Sources/ReleaseOnly/ReleaseOnly.swift:13:41: error: cannot find 'get_nprocs' in scope"),
      "\(report)")
    // A library that does not name DEBUG compiles the same code in release: no second check.
    #expect(!report.contains("Portable (release)"), "\(report)")
  }

  @Test("reports nothing against code that is right, and skips what depends on a failure")
  func noFalseReports() throws {
    for platform in ["macOS", "iOS"] {
      let report = try report(platform)
      #expect(report.contains("Portable                     passed"), "\(report)")
      #expect(report.contains("Dependent                    not checked"), "\(report)")
      let errors = report.split(separator: "\n").filter { $0.contains("error: ") }
      #expect(!errors.contains { $0.contains("Portable") }, "\(errors)")
    }
  }
}
