import Foundation
import GitHubReplay
import ObservableCore
import TestProcessSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `bridge-demo` executable, built next to the test bundle.
func demoExecutable() throws -> URL {
  guard let executable = BuildProducts.executable(named: "bridge-demo") else {
    throw DemoTestError("bridge-demo was not built next to the tests")
  }
  return executable
}

/// A failure of the test harness itself.
struct DemoTestError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// What a run of the demo printed, and how it ended.
struct DemoRun: CustomStringConvertible {
  var stdout: String
  var stderr: String
  /// The exit status, or the number of the signal that ended the demo.
  var status: Int32
  /// The signal that ended the demo, such as `SIGILL` for a trap; `nil` if it exited.
  var signal: Int32?

  var stdoutLines: [String] {
    stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
  var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }

  var description: String {
    (signal.map { "signal \($0)" } ?? "exit \(status)")
      + "\n--- stdout\n\(stdout)--- stderr\n\(stderr)"
  }
}

/// The environment the demo runs in, as changes to the test process's: no token, no colour,
/// and a known terminal type (a `nil` value removes the variable).
func demoEnvironment(_ extra: [String: String] = [:]) -> [String: String?] {
  var environment: [String: String?] = ["GITHUB_TOKEN": nil, "NO_COLOR": "1", "TERM": "xterm"]
  for (name, value) in extra { environment[name] = value }
  return environment
}

/// Runs the demo to its end with standard output and standard error captured separately.
///
/// - Parameters:
///   - arguments: The arguments.
///   - input: What standard input reads; nothing when `nil`.
///   - environment: Extra environment variables.
///   - timeout: How long the run may take before it is killed and the test fails.
/// - Returns: The output and the exit status.
/// - Throws: ``DemoTestError`` if the demo does not exit within `timeout`, or a `SpawnError` if
///   it cannot be started or waited for.
func runDemo(
  _ arguments: [String], input: String? = nil, environment: [String: String] = [:],
  timeout: Duration = .seconds(120)
) async throws -> DemoRun {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "bridge-demo-test-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let stdoutURL = directory.appendingPathComponent("stdout")
  let stderrURL = directory.appendingPathComponent("stderr")
  _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
  _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
  let stdoutHandle = try FileHandle(forWritingTo: stdoutURL)
  let stderrHandle = try FileHandle(forWritingTo: stderrURL)
  defer {
    try? stdoutHandle.close()
    try? stderrHandle.close()
  }

  // Standard input: a pipe the input is written to, or /dev/null. Demos that other tests start
  // meanwhile do not inherit the pipe (a copy of its writing end would keep this demo's input
  // from ending): SpawnedProcess closes every other descriptor in its children.
  let inputPipe = input == nil ? nil : try FileDescriptors.makePipe()
  let childInput = try inputPipe?.readEnd ?? FileDescriptors.openNullDevice()
  let spawned = Result {
    try SpawnedProcess(
      executable: try demoExecutable().path, arguments: arguments,
      environment: demoEnvironment(environment), standardInput: childInput,
      standardOutput: stdoutHandle.fileDescriptor, standardError: stderrHandle.fileDescriptor)
  }
  close(childInput)
  if let inputPipe {
    defer { close(inputPipe.writeEnd) }
    if let input, case .success = spawned {
      try FileDescriptors.write(Array(input.utf8), to: inputPipe.writeEnd)
    }
  }
  let process = try spawned.get()
  guard let termination = try await process.wait(timeout: timeout) else {
    try process.terminate()
    _ = try await process.wait(timeout: .seconds(10))
    throw DemoTestError(
      "bridge-demo \(arguments.joined(separator: " ")) did not exit within \(timeout)")
  }
  var signal: Int32?
  if case .signaled(let number) = termination { signal = number }
  return DemoRun(
    stdout: String(decoding: try Data(contentsOf: stdoutURL), as: UTF8.self),
    stderr: String(decoding: try Data(contentsOf: stderrURL), as: UTF8.self),
    status: termination.status, signal: signal)
}

/// A replay server with the GitHub scenario, for a test to point the demo at.
func startReplayServer() throws -> ReplayServer {
  try ReplayServer.start(scenario: .gitHub())
}

/// The arguments that point the demo at a server.
func at(_ server: ReplayServer) -> [String] {
  ["--base-url", server.baseURL.absoluteString]
}

/// The URL of a port on 127.0.0.1 that nothing listens on: a replay server's, stopped.
///
/// Requests to it fail at once with a transport error, as they do without a network.
func closedPortURL() throws -> URL {
  let server = try startReplayServer()
  let url = server.baseURL
  server.stop()
  return url
}
