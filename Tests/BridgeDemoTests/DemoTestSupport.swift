import Foundation
import GitHubReplay
import ObservableCore
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
  var candidates: [URL] = []
  if let first = CommandLine.arguments.first {
    candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent())
  }
  candidates.append(
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent())
  candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
  for directory in candidates {
    var current = directory
    // The test bundle may sit inside a `.xctest` directory on some platforms.
    for _ in 0..<3 {
      let url = current.appendingPathComponent("bridge-demo")
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
      current = current.deletingLastPathComponent()
    }
  }
  throw DemoTestError("bridge-demo was not built next to the tests")
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
  var status: Int32

  var stdoutLines: [String] {
    stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
  var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }

  var description: String {
    "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)"
  }
}

/// The environment the demo runs in: no token, no colour, and a known terminal type.
func demoEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
  var environment = ProcessInfo.processInfo.environment
  environment["GITHUB_TOKEN"] = nil
  environment["NO_COLOR"] = "1"
  environment["TERM"] = "xterm"
  environment.merge(extra) { _, new in new }
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
/// - Throws: ``DemoTestError`` if the demo does not exit within `timeout`, or an error if it
///   cannot be started.
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

  let process = Process()
  process.executableURL = try demoExecutable()
  process.arguments = arguments
  process.environment = demoEnvironment(environment)
  process.standardOutput = stdoutHandle
  process.standardError = stderrHandle
  let inputPipe = Pipe()
  // Demos that other tests start meanwhile must not inherit the pipe: a copy of its writing
  // end would keep this demo's standard input from ending.
  closeOnExec(inputPipe.fileHandleForReading.fileDescriptor)
  closeOnExec(inputPipe.fileHandleForWriting.fileDescriptor)
  if input != nil {
    process.standardInput = inputPipe
  } else {
    process.standardInput = FileHandle.nullDevice
  }
  let exited = ProcessExit()
  process.terminationHandler = { exited.signal($0.terminationStatus) }
  try process.run()
  if let input {
    inputPipe.fileHandleForWriting.write(Data(input.utf8))
    try inputPipe.fileHandleForWriting.close()
  }
  guard let status = await exited.wait(timeout: timeout) else {
    process.terminate()
    _ = await exited.wait(timeout: .seconds(10))
    throw DemoTestError(
      "bridge-demo \(arguments.joined(separator: " ")) did not exit within \(timeout)")
  }
  return DemoRun(
    stdout: String(decoding: try Data(contentsOf: stdoutURL), as: UTF8.self),
    stderr: String(decoding: try Data(contentsOf: stderrURL), as: UTF8.self),
    status: status)
}

/// The exit status of a process, delivered from its termination handler.
final class ProcessExit: Sendable {
  private let status = _Mutex<Int32?>(nil)

  func signal(_ value: Int32) { status.withLock { $0 = value } }

  /// Polls for the exit status until `timeout` passes.
  func wait(timeout: Duration) async -> Int32? {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if let value = status.withLock({ $0 }) { return value }
      try? await Task.sleep(for: .milliseconds(5))
    }
    return status.withLock { $0 }
  }
}

/// Marks a file descriptor to be closed in processes started later.
func closeOnExec(_ descriptor: Int32) {
  _ = fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC)
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
