import Foundation
import GitHubReplay
import ObservableCore
import ObservableTesting
import TestProcessSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `bridge-demo typeahead`: in a pseudo-terminal, typing, and one query per line without one.
@Suite("bridge-demo typeahead", .serialized)
struct TypeaheadTests {
  typealias Paths = ReplayScenario.GitHubPaths

  @Test(
    "typing shows results live and the stale search as cancelled; Esc restores the terminal",
    arguments: ["rx", "async"])
  func typing(_ style: String) async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    // The search for "rx" never answers: only cancelling it lets results for "rxswift" show.
    server.stub(Paths.searchRepositories, query: ["q": "rx"], .hang)
    let terminal = try PseudoTerminal()
    let before = try terminal.settings()
    let demo = try terminal.spawn(["typeahead", "--style", style] + at(server))

    try await terminal.waitFor("Esc quits.")
    #expect(try terminal.settings().c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0, "raw mode")
    terminal.type("rx")
    try await terminal.waitFor(#"searching "rx"…"#)
    terminal.type("swift")
    try await terminal.waitFor(#"cancelled "rx""#)
    try await terminal.waitFor(#"2 results for "rxswift""#)
    try await terminal.waitFor("1. octocat/swift-hello-world")
    #expect(await server.waitForAbandonedRequests(count: 1, timeout: .seconds(120)))
    expectEqual(server.abandonedRequests.first?.queryValue("q"), "rx")

    terminal.type("\u{1B}")
    let status = try await demo.wait(timeout: .seconds(120))
    expectEqual(status, 0, "\(terminal.output)")
    let after = try terminal.settings()
    expectEqual(after.c_lflag, before.c_lflag)
    expectEqual(after.c_iflag, before.c_iflag)
    expectEqual(after.c_lflag & tcflag_t(ICANON | ECHO), tcflag_t(ICANON | ECHO))
  }

  @Test("the query can be edited: backspace and Ctrl-U")
  func editing() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let terminal = try PseudoTerminal()
    let demo = try terminal.spawn(["typeahead"] + at(server))
    try await terminal.waitFor("Esc quits.")
    terminal.type("swiftt\u{7F}")
    try await terminal.waitFor(#"2 results for "swift""#)
    let beforeClearing = terminal.mark()
    terminal.type("\u{15}")
    try await terminal.waitFor("type to search", since: beforeClearing)
    // Arrow keys are escape sequences, not Escape.
    terminal.type("\u{1B}[D\u{1B}[C")
    terminal.type("go")
    try await terminal.waitFor(#"2 results for "go""#)
    terminal.type("\u{03}")
    #expect(try await demo.wait(timeout: .seconds(120)) == 0, "\(terminal.output)")
    let queries = server.requests(path: Paths.searchRepositories).compactMap { $0.queryValue("q") }
    // Keys of one read are applied at once, so "swiftt" settles only if the demo stalls for
    // the whole debounce time between two keys; an empty query is never searched.
    #expect(queries.contains("swift") && queries.last == "go", "\(queries)")
    #expect(!queries.contains(""), "\(queries)")
  }

  @Test("Ctrl-C quits with status 0 and restores the terminal", arguments: ["rx", "async"])
  func controlC(_ style: String) async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let terminal = try PseudoTerminal()
    let before = try terminal.settings()
    let demo = try terminal.spawn(["typeahead", "--style", style] + at(server))
    try await terminal.waitFor("Esc quits.")
    terminal.type("\u{03}")
    #expect(try await demo.wait(timeout: .seconds(120)) == 0, "\(terminal.output)")
    #expect(try terminal.settings().c_lflag == before.c_lflag)
  }

  @Test("async style: Ctrl-C with a search in flight ends it before leaving the screen, 20 times")
  func controlCDuringSearch() async throws {
    // Half the runs use the demo's own replay server, whose searches take 0.5 s; half a
    // server of the test's whose search for "rx" never answers.
    let server = try startReplayServer()
    defer { server.stop() }
    server.stub(Paths.searchRepositories, query: ["q": "rx"], .hang)
    for run in 1...20 {
      let ownServer = run.isMultiple(of: 2)
      let terminal = try PseudoTerminal()
      let before = try terminal.settings()
      let demo = try terminal.spawn(
        ["typeahead", "--style", "async"] + (ownServer ? [] : at(server)))
      try await terminal.waitFor("Esc quits.")
      terminal.type("rx")
      try await terminal.waitFor(#"searching "rx"…"#)
      terminal.type("\u{03}")
      let status = try await demo.wait(timeout: .seconds(120))
      let output = terminal.output
      let context =
        "run \(run) (\(ownServer ? "own" : "test's") server):\n\(output.debugDescription)"
      expectEqual(status, 0, "\(context)")
      // The screen was left last: the output ends with the cursor moving below the screen,
      // and no frame was drawn after it.
      #expect(endsLeavingTheScreen(output), "\(context)")
      // The search ended by cancellation, not by a server stopped under it.
      #expect(!output.contains("failed"), "\(context)")
      #expect(try terminal.settings().c_lflag == before.c_lflag, "\(context)")
    }
  }

  @Test("SIGINT restores the terminal and exits with 130")
  func interrupt() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    server.stub(Paths.searchRepositories, query: ["q": "rx"], .hang)
    let terminal = try PseudoTerminal()
    let before = try terminal.settings()
    let demo = try terminal.spawn(["typeahead"] + at(server))
    try await terminal.waitFor("Esc quits.")
    terminal.type("rx")
    try await terminal.waitFor(#"searching "rx"…"#)
    try demo.process.interrupt()
    #expect(try await demo.wait(timeout: .seconds(120)) == 130, "\(terminal.output)")
    #expect(try terminal.settings().c_lflag == before.c_lflag)
  }

  @Test("without a terminal it reads one query per line", arguments: ["rx", "async"])
  func lines(_ style: String) async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(
      ["typeahead", "--style", style] + at(server), input: "swift\n\n  rx  \n")
    #expect(run.status == 0, "\(run)")
    let lines = run.stdoutLines
    #expect(lines.first == #""swift": 2 repositories"#, "\(run)")
    #expect(lines.contains(#""rx": 2 repositories"#), "\(run)")
    #expect(lines.filter { $0.hasPrefix("  1. octocat/swift-hello-world") }.count == 2, "\(run)")
    let queries = server.requests(path: Paths.searchRepositories).compactMap { $0.queryValue("q") }
    #expect(queries == ["swift", "rx"])
  }

  @Test("without a terminal, a failed search is reported and the exit status is 1")
  func linesFailure() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    server.stub(
      Paths.searchRepositories, query: ["q": "broken"],
      .respond(try ReplayFixture.serverError.response()))
    for style in ["rx", "async"] {
      let run = try await runDemo(
        ["typeahead", "--style", style] + at(server), input: "broken\nswift\n")
      expectEqual(run.status, 1, "\(run)")
      expectEqual(run.stdoutLines.first, #""swift": 2 repositories"#, "\(run)")
      // One line for the failed search, and nothing more: the status says the rest.
      expectEqual(run.stderrLines.count, 1, "\(run)")
      expectEqual(
        run.stderrLines.first?.hasPrefix(
          #"bridge-demo: search for "broken" failed: server error (HTTP 500"#), true,
        "\(run)")
    }
  }

  @Test(
    "without a terminal or a network, a failed search is one line on standard error",
    arguments: ["rx", "async"])
  func linesLiveFailure(_ style: String) async throws {
    let closed = try closedPortURL()
    let run = try await runDemo(
      ["typeahead", "--live", "--style", style], input: "swift\n",
      environment: ["BRIDGE_DEMO_LIVE_BASE_URL": closed.absoluteString])
    expectEqual(run.status, 1, "\(run)")
    #expect(run.stdout.isEmpty, "\(run)")
    expectEqual(run.stderrLines.count, 1, "\(run)")
    expectEqual(
      run.stderrLines.first?.hasPrefix(
        #"bridge-demo: search for "swift" failed: cannot reach the server"#), true, "\(run)")
    #expect(!run.stderr.contains("searches failed"), "\(run)")
  }
}

/// Whether the last thing written is the cursor moving below the screen, as
/// `TypeaheadScreen.leave()` does (`ESC [ n B`, then a new line, which the terminal writes as
/// `\r\r\n`): no frame was drawn after it.
private func endsLeavingTheScreen(_ output: String) -> Bool {
  guard let escape = output.range(of: "\u{1B}[", options: .backwards) else { return false }
  let tail = output.unicodeScalars[escape.upperBound...]
  let digits = tail.prefix { ("0"..."9").contains($0) }
  let rest = String(String.UnicodeScalarView(tail.dropFirst(digits.count)))
  return !digits.isEmpty && ["B\r\n", "B\r\r\n"].contains(rest)
}

/// Colour and progress on a terminal, and `NO_COLOR`.
@Suite("bridge-demo on a terminal", .serialized)
struct TerminalOutputTests {
  @Test(
    "multi-page work shows a progress line on a terminal, dim unless NO_COLOR is set",
    arguments: [false, true])
  func progress(_ noColor: Bool) async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let terminal = try PseudoTerminal()
    let demo = try terminal.spawn(
      ["search", "swift", "--limit", "5"] + at(server),
      environment: ["NO_COLOR": noColor ? "1" : ""])
    #expect(try await demo.wait(timeout: .seconds(120)) == 0, "\(terminal.output)")
    try await terminal.waitFor("5. octocat/swift-spoon-knife")
    let output = terminal.output
    #expect(output.contains("searching async: 3 of 5…"), "\(output)")
    // The line is erased before the results.
    #expect(output.contains("\r\u{1B}[K1. octocat/swift-hello-world"), "\(output.debugDescription)")
    #expect(output.contains("\u{1B}[2m") == !noColor, "\(output.debugDescription)")
  }

  @Test("the tour is coloured on a terminal unless NO_COLOR is set", arguments: [false, true])
  func colour(_ noColor: Bool) async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let terminal = try PseudoTerminal()
    let demo = try terminal.spawn(
      ["--only", "repository"] + at(server), environment: ["NO_COLOR": noColor ? "1" : ""])
    #expect(try await demo.wait(timeout: .seconds(120)) == 0, "\(terminal.output)")
    try await terminal.waitFor("1 scenario in both styles")
    #expect(
      terminal.output.contains("\u{1B}[1m") == !noColor, "\(terminal.output.debugDescription)")
  }
}

/// Where requests go: one line on standard error, on a terminal only.
@Suite("bridge-demo announcement", .serialized)
struct AnnouncementTests {
  @Test("on a terminal, one line on standard error says the tour runs offline")
  func offline() async throws {
    let terminal = try PseudoTerminal()
    let demo = try terminal.spawn(["--only", "repository"])
    #expect(try await demo.wait(timeout: .seconds(120)) == 0, "\(terminal.output)")
    try await terminal.waitFor("1 scenario in both styles")
    #expect(
      terminal.output.hasPrefix(
        "bridge-demo: offline: replaying recorded GitHub responses from http://127.0.0.1:"),
      "\(terminal.output)")
  }

  @Test("on a terminal, a failure follows the line that says where requests go")
  func liveFailure() async throws {
    let closed = try closedPortURL()
    let terminal = try PseudoTerminal()
    let demo = try terminal.spawn(
      ["--live", "user", "octocat"],
      environment: ["BRIDGE_DEMO_LIVE_BASE_URL": closed.absoluteString])
    #expect(try await demo.wait(timeout: .seconds(120)) == 1, "\(terminal.output)")
    try await terminal.waitFor("bridge-demo: user octocat: cannot reach the server")
    // The terminal writes each new line as "\r\n", a single Character.
    let lines = terminal.output.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    expectEqual(
      lines.first,
      "bridge-demo: talking to \(closed.absoluteString) with no token (GITHUB_TOKEN is not set)",
      "\(terminal.output)")
    expectEqual(lines.count, 2, "\(terminal.output)")
  }
}

/// A pseudo-terminal: the demo gets the terminal side as its standard input, output and
/// error; the test types into the other side and reads the screen from it.
final class PseudoTerminal: Sendable {
  private let master: Int32
  private let slave: Int32
  private let screen = _Mutex("")

  init() throws {
    var master: Int32 = 0
    var slave: Int32 = 0
    var size = winsize(ws_row: 30, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0 else {
      throw DemoTestError("openpty failed: errno \(errno)")
    }
    // Other tests' demos do not inherit this terminal: SpawnedProcess closes every descriptor
    // in its children but their standard ones, which are the slave side for the demo here.
    self.master = master
    self.slave = slave
  }

  deinit {
    close(master)
    close(slave)
  }

  /// Starts the demo on the terminal.
  func spawn(_ arguments: [String], environment: [String: String] = [:]) throws -> RunningDemo {
    let process = try SpawnedProcess(
      executable: demoExecutable().path, arguments: arguments,
      environment: demoEnvironment(environment), standardInput: slave, standardOutput: slave,
      standardError: slave)
    return RunningDemo(process: process, terminal: self)
  }

  /// Sends keys.
  func type(_ text: String) {
    let bytes = Array(text.utf8)
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      _ = write(master, base, buffer.count)
    }
  }

  /// Everything the demo has written so far.
  var output: String { screen.withLock { $0 } }

  /// The position in the output reached so far, for ``waitFor(_:since:timeout:)``.
  func mark() -> Int {
    readAvailable()
    return output.utf8.count
  }

  /// Reads the demo's output until it contains `text`, after `since` if given.
  ///
  /// - Throws: ``DemoTestError`` if it does not appear within `timeout`.
  func waitFor(
    _ text: String, since: Int = 0, timeout: Duration = .seconds(120)
  ) async throws {
    let deadline = ContinuousClock.now + timeout
    while true {
      // Read before looking at the clock: a test that was not scheduled for a while still
      // sees what arrived meanwhile.
      readAvailable()
      if String(decoding: output.utf8.dropFirst(since), as: UTF8.self).contains(text) { return }
      guard ContinuousClock.now < deadline else {
        throw DemoTestError("\(text) did not appear; the screen:\n\(output)")
      }
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  /// The terminal's current settings.
  func settings() throws -> termios {
    var settings = termios()
    guard tcgetattr(slave, &settings) == 0 else {
      throw DemoTestError("tcgetattr failed: errno \(errno)")
    }
    return settings
  }

  /// Reads whatever the demo has written.
  func readAvailable() {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while poll(&descriptor, 1, 0) > 0, descriptor.revents & Int16(POLLIN) != 0 {
      let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      guard count > 0 else { return }
      let text = String(decoding: buffer[0..<count], as: UTF8.self)
      screen.withLock { $0 += text }
    }
  }
}

/// A demo running on a pseudo-terminal.
struct RunningDemo: Sendable {
  let process: SpawnedProcess
  let terminal: PseudoTerminal

  /// The exit status, or `nil` if it did not exit within `timeout` (it is killed then).
  ///
  /// The terminal is read meanwhile, so that the demo never waits for room to write.
  ///
  /// - Throws: `SpawnError` if waiting for the demo or signalling it fails.
  func wait(timeout: Duration) async throws -> Int32? {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      terminal.readAvailable()
      if let termination = try await process.wait(timeout: .milliseconds(5)) {
        terminal.readAvailable()
        return termination.status
      }
    }
    try process.terminate()
    return nil
  }
}
