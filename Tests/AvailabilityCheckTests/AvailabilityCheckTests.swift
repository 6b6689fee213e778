import Foundation
import TestProcessSupport
import Testing

/// The repository's root, three folders above this file.
private let repository = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Scripts/check-availability.swift, run on the fixture package beside this file: Planted.swift
/// uses two APIs newer than the fixture's floor without a guard, Guarded.swift uses them behind
/// each kind of guard the script accepts.
@Suite("Scripts/check-availability.swift on a package with planted violations")
struct AvailabilityCheckTests {
  /// What one run of the script printed, and how it ended.
  static let run = SpawnedProcess.runSwiftScript(
    repository.appendingPathComponent("Scripts/check-availability.swift"),
    arguments: [
      "--report", "--package",
      repository.appendingPathComponent("Tests/AvailabilityCheckTests/Fixture").path,
    ])

  /// The script's output, or a recorded failure if it could not be run.
  func output() throws -> (status: Int32, output: String) {
    try Self.run.get()
  }

  @Test("fails, naming the unguarded use of a toolchain API and the floor")
  func plantedToolchainAPI() throws {
    let (status, output) = try output()
    #expect(status == 1, "\(output)")
    #expect(
      output.contains(
        "Sources/Fixture/Planted.swift:5: error: Mutex (Synchronization; needs macOS 15.0, iOS"
          + " 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0) is used unguarded; it needs macOS 15.0"
          + " (floor 13.0), iOS 18.0 (floor 16.0)"),
      "\(output)")
  }

  @Test("fails on an unguarded use of the package's own @available API")
  func plantedOwnAPI() throws {
    let (_, output) = try output()
    #expect(
      output.contains(
        "Sources/Fixture/Planted.swift:9: error: LatestFeature (Sources/Fixture/Guarded.swift;"
          + " needs macOS 14.0, iOS 17.0"),
      "\(output)")
    #expect(output.contains("2 unguarded use(s) of APIs newer than the floor"), "\(output)")
  }

  @Test("reports nothing that the floor allows, and nothing that a guard covers")
  func noFalseReports() throws {
    let (_, output) = try output()
    let errors = output.split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(errors.count == 2, "\(errors)")
    #expect(!errors.contains { $0.contains("Guarded.swift:") }, "\(errors)")
    #expect(!errors.contains { $0.contains("ContinuousClock") }, "\(errors)")
  }

  @Test(
    "--report lists each guarded use with its guard",
    arguments: [
      "Guarded.swift:14: Mutex (Synchronization; needs macOS 15.0, iOS 18.0, tvOS 18.0, watchOS"
        + " 11.0, visionOS 2.0): @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0,"
        + " visionOS 2.0) (line 12)",
      "Guarded.swift:20: Mutex (Synchronization; needs macOS 15.0, iOS 18.0, tvOS 18.0, watchOS"
        + " 11.0, visionOS 2.0): if #available(",
      "Guarded.swift:28: LatestFeature (Sources/Fixture/Guarded.swift; needs macOS 14.0, iOS"
        + " 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0): guard #available(",
      "Guarded.swift:33: Mutex (Synchronization; needs macOS 15.0, iOS 18.0, tvOS 18.0, watchOS"
        + " 11.0, visionOS 2.0): not compiled (#if os(Linux), line 31)",
      "Guarded.swift:38: Mutex (Synchronization; needs macOS 15.0, iOS 18.0, tvOS 18.0, watchOS"
        + " 11.0, visionOS 2.0): not compiled (#if canImport(Glibc), line 36)",
      "Guarded.swift:46: @Observable (Observation; needs macOS 14.0, iOS 17.0",
    ])
  func reportsGuardedUses(line: String) throws {
    let (_, output) = try output()
    #expect(output.contains("  Sources/Fixture/" + line), "\(output)")
  }

  @Test("--report lists the package's own declarations that need newer systems")
  func reportsOwnDeclarations() throws {
    let (_, output) = try output()
    #expect(
      output.contains(
        "The package's declarations that need a newer system than the floor (3):\n"
          + "  Sources/Fixture/Guarded.swift:6: LatestFeature — macOS 14.0, iOS 17.0, tvOS 17.0,"
          + " watchOS 10.0, visionOS 1.0\n"),
      "\(output)")
  }
}
