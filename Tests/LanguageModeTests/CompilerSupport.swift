import Foundation
import TestProcessSupport

/// The result of type-checking one source file with `swiftc`.
struct Compilation {
  var status: Int32
  var output: String

  /// The compiler's diagnostics of one severity, first line only (`file:line:col: error: ...`).
  func diagnostics(_ severity: String) -> [String] {
    output.split(separator: "\n").map(String.init).filter { $0.contains(": \(severity): ") }
  }
}

/// Why a compilation could not be attempted.
struct CompilerUnavailable: Error, CustomStringConvertible {
  var description: String
}

/// Type-checks client code against the modules `swift build` produced for this test run, in a
/// given language mode, the way a package depending on ObservableBridge would see them.
enum ClientCompiler {
  /// The build folder holding `Modules/ObservableCore.swiftmodule`, found next to the test
  /// bundle.
  static func buildFolder() throws -> URL {
    guard let folder = BuildProducts.directory(),
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("Modules/ObservableCore.swiftmodule").path)
    else {
      throw CompilerUnavailable(
        description: "no Modules/ObservableCore.swiftmodule next to the tests")
    }
    return folder
  }

  /// Type-checks `source` in Swift `languageMode` ("5" or "6") and returns what the compiler
  /// said.
  ///
  /// - Parameters:
  ///   - source: The code.
  ///   - languageMode: "5" or "6".
  ///   - fileName: The file's name: `main.swift` allows top-level statements, as in a script
  ///     or an executable's entry point; any other name makes it a library file.
  ///   - extraFlags: More `swiftc` flags, for example ``mainActorDefaultFlags``.
  /// - Returns: The compiler's exit status and output.
  /// - Throws: ``CompilerUnavailable`` if the built modules cannot be found, or an error if the
  ///   compiler cannot be started.
  static func typecheck(
    _ source: String, languageMode: String, fileName: String = "Client.swift",
    extraFlags: [String] = []
  ) throws -> Compilation {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("language-mode-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent(fileName)
    try source.write(to: file, atomically: true, encoding: .utf8)
    return try typecheck(files: [file], languageMode: languageMode, extraFlags: extraFlags)
  }

  /// The settings of a new Swift 6.2+ app target, which defaults to the main actor:
  /// SwiftPM's `.defaultIsolation(MainActor.self)` and the upcoming features
  /// `NonisolatedNonsendingByDefault` and `InferIsolatedConformances`, as `swiftc` flags.
  static let mainActorDefaultFlags = [
    "-default-isolation", "MainActor",
    "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
    "-enable-upcoming-feature", "InferIsolatedConformances",
  ]

  /// Type-checks `files` as one module in Swift `languageMode` with `extraFlags`, and returns
  /// what the compiler said.
  ///
  /// - Parameters:
  ///   - files: The module's source files.
  ///   - languageMode: "5" or "6".
  ///   - extraFlags: More `swiftc` flags, for example ``mainActorDefaultFlags``.
  /// - Returns: The compiler's exit status and output.
  /// - Throws: ``CompilerUnavailable`` if the built modules cannot be found, or an error if the
  ///   compiler cannot be started.
  static func typecheck(
    files: [URL], languageMode: String, extraFlags: [String] = []
  ) throws -> Compilation {
    let build = try buildFolder()
    // The SIL goes to a file of our own, never `/dev/null`: the driver deletes the outputs of a
    // job that fails (Scripts/check-apple-platforms.swift did that to `/dev/null`, run as root).
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("language-mode-\(UUID().uuidString).sil")
    defer { try? FileManager.default.removeItem(at: output) }
    let run = try SpawnedProcess.run(
      executable: "/usr/bin/env",
      arguments: [
        // `-emit-sil` rather than `-typecheck`: region-based isolation (sending non-`Sendable`
        // values between isolation domains) is diagnosed on SIL, after type checking.
        "swiftc", "-emit-sil", "-wmo", "-o", output.path, "-swift-version", languageMode,
        "-I", build.appendingPathComponent("Modules").path,
        // ObservableCore imports a small C module of ThreadSanitizer annotations.
        "-Xcc",
        "-fmodule-map-file="
          + build.appendingPathComponent("ObservableCoreShims.build/module.modulemap").path,
        "-module-name", "Client",
      ] + extraFlags + files.map(\.path))
    return Compilation(status: run.termination.status, output: run.output)
  }
}
