import Foundation
import GitHubReplay
import ObservableTesting
import TestProcessSupport
import Testing

@testable import GitHubAsync
@testable import bridge_demo

/// Random and adversarial command lines: none may stop the program, every mistake is one line
/// and the usage, and whatever is accepted is something the client can request.
///
/// The generator is seeded, so a failure names the seed and case that reproduce it.
@Suite("bridge-demo argument fuzzing")
struct ArgumentFuzzTests {
  /// The bases an accepted `api` PATH must form a request URL on.
  static let bases: [URL] =
    [GitHubConfiguration.gitHubAPI] + [URL(string: "https://ghe.example/api/v3")].compactMap { $0 }

  @Test("thousands of random command lines, parsed in the process: no trap, one-line mistakes")
  func parseInProcess() throws {
    var generator = SplitMix64(seed: 0x5EED_0001)
    for index in 0..<4000 {
      let arguments = FuzzArguments.make(using: &generator, forProcess: false)
      try check(arguments, case: index)
    }
  }

  @Test("random api PATHs: what is typed is sent, percent-encoded once, and decodes back")
  func apiPathsRoundTrip() throws {
    var generator = SplitMix64(seed: 0x5EED_0002)
    for index in 0..<3000 {
      let typed = FuzzArguments.plainApiPath(using: &generator)
      let arguments = ["api", "--", typed.text]
      try check(arguments, case: index)
      guard case .run(let invocation) = try? Invocation.parse(arguments),
        case .api(let options) = invocation.command
      else {
        // Only structural mistakes may be refused: empty, '.' or '..' segments, a long path.
        #expect(typed.mayBeRefused, "case \(index): \(arguments.debugDescription) was refused")
        continue
      }
      expectEqual(
        options.path.removingPercentEncoding, typed.path, "case \(index): \(options.path)")
      expectEqual(options.query, typed.query, "case \(index): \(options.query)")
    }
  }

  @Test("the commands of the issue, parsed in the process")
  func reportedCommandLines() throws {
    let lines: [[String]] = [
      ["api", "search/users?q=user:joeyw user:pengwynn&per_page=1", "--paginate"],
      ["user", "a/b"], ["repo", "../x"], ["api", "https://evil.example.com/x"], ["user", " "],
    ]
    for (index, arguments) in lines.enumerated() { try check(arguments, case: index) }
  }

  @Test("random command lines through the real executable: no crash, status 0, 1 or 2")
  func throughTheExecutable() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let closed = try closedPortURL()
    var generator = SplitMix64(seed: 0x5EED_0003)
    let cases = (0..<50).map { _ in FuzzArguments.make(using: &generator, forProcess: true) }
    try await withThrowingTaskGroup(of: (Int, [String], DemoRun).self) { group in
      var next = 0
      func startNext() {
        guard next < cases.count else { return }
        let index = next
        let arguments = ["--base-url", server.baseURL.absoluteString] + cases[index]
        next += 1
        group.addTask {
          let run = try await runDemo(
            arguments,
            environment: ["BRIDGE_DEMO_LIVE_BASE_URL": closed.absoluteString],
            timeout: .seconds(120))
          return (index, arguments, run)
        }
      }
      for _ in 0..<4 { startNext() }
      while let (index, arguments, run) = try await group.next() {
        let context = "case \(index): \(arguments.debugDescription)\n\(run)"
        #expect(run.signal == nil, "\(context)")
        #expect([0, 1, 2].contains(run.status), "\(context)")
        #expect(!run.stderr.contains("Fatal error"), "\(context)")
        switch run.status {
        case 2:
          expectEqual(run.stderrLines.count, 2, "\(context)")
          expectEqual(run.stderrLines.first?.hasPrefix("bridge-demo: "), true, "\(context)")
          expectEqual(run.stderrLines.last?.hasPrefix("usage: bridge-demo"), true, "\(context)")
        case 1:
          expectEqual(run.stderrLines.count, 1, "\(context)")
          expectEqual(run.stderrLines.first?.hasPrefix("bridge-demo: "), true, "\(context)")
        default:
          break
        }
        startNext()
      }
    }
  }

  /// Parses `arguments` and checks the outcome.
  private func check(_ arguments: [String], case index: Int) throws {
    let context = "case \(index): \(arguments.debugDescription)"
    let action: Invocation.Action
    do {
      action = try Invocation.parse(arguments)
    } catch {
      #expect(!error.message.isEmpty, "\(context)")
      // Printed, the message is one line, whatever it quotes.
      let printed = Format.oneLine(error.message)
      #expect(isOneLine(printed), "\(context): \(printed.debugDescription)")
      #expect(error.usage.hasPrefix("usage: bridge-demo"), "\(context)")
      #expect(isOneLine(error.usage), "\(context)")
      return
    }
    guard case .run(let invocation) = action else { return }
    switch invocation.command {
    case .api(let options):
      for base in Self.bases {
        #expect(
          throws: Never.self, "\(context): \(options.path.debugDescription) on \(base)"
        ) {
          _ = try Endpoint.url(baseURL: base, path: options.path, query: options.query)
        }
      }
    case .user(let options):
      #expect(
        !options.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(context)")
      #expect(throws: Never.self, "\(context)") {
        try Validation.pathSegment(options.name, parameter: "username")
      }
    case .repo(let options):
      try checkRepository(options.repository, context)
    case .events(let options):
      try checkRepository(options.repository, context)
    case .search(let options):
      #expect(throws: Never.self, "\(context)") { try Validation.searchQuery(options.query) }
    case .tour, .typeahead:
      break
    }
  }

  private func checkRepository(_ repository: RepositoryName, _ context: String) throws {
    for part in [repository.owner, repository.name] {
      #expect(!part.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(context)")
      #expect(throws: Never.self, "\(context)") {
        try Validation.pathSegment(part, parameter: "name")
      }
    }
  }

  private func isOneLine(_ text: String) -> Bool {
    !text.unicodeScalars.contains {
      $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}"
    }
  }
}

/// Builds random argument lists.
enum FuzzArguments {
  static let commands = [
    "api", "user", "repo", "search", "events", "tour", "typeahead", "nope", "",
  ]
  /// The commands the executable runs: quick, and none that polls, reads a terminal or tours.
  static let processCommands = ["api", "user", "repo", "search"]
  static let options = [
    "--json", "--style", "--limit", "--sort", "--poll", "--polls", "--interval", "--cache-dir",
    "--only", "--paginate", "--items", "-h", "--", "--json=1", "--style=", "--limit=abc",
    "--frobnicate", "-", "--=", "--style=both", "--limit=3", "--items=items",
  ]
  /// Options that would leave the machine or run for long, left out of process runs.
  static let inProcessOnlyOptions = ["--live", "--base-url", "--help"]
  static let values = [
    "rx", "async", "both", "0", "-1", "3", "1000", "1e9", "stars", "", " ", "   ", "%", "%%",
    "%2", "%zz", "%20", "%E9", "%FF", "%C3%A9", "%2e%2e", "?", "??", "#", "//", "..", ".",
    "/..", "../", "a/b", "a//b", "/a/./b", "https://evil.example.com/x",
    "https://api.github.com/users/sferik", "http://127.0.0.1:1/x", "\"", "'", "\\", "\n",
    "\r\n", "\t", "é", "ü", "日本語", "🦀", "\u{202E}", "\u{2028}", "\u{85}", "\u{FEFF}",
    "a=b&c", "&&==", "q=user:x user:y", "users/sferik", "repos/o/r?per_page=2",
    "search/users?q=user:joeyw user:pengwynn&per_page=1", "sferik",
    "octokit-fixture-org/hello-world",
    "dependabot[bot]", "x?y#z", "/", "?q=", "a b/c d?e f=g h&i", "[]{}|^`<>",
  ]

  /// A random argument list: a command (or none), then options, values and random text in
  /// any order.
  static func make(using generator: inout SplitMix64, forProcess: Bool) -> [String] {
    var arguments: [String] = []
    let pool = forProcess ? processCommands : commands
    if forProcess || Int.random(in: 0..<10, using: &generator) > 0 {
      arguments.append(pool.randomElement(using: &generator) ?? "api")
    }
    let allOptions = forProcess ? options : options + inProcessOnlyOptions
    for _ in 0..<Int.random(in: 0...6, using: &generator) {
      switch Int.random(in: 0..<10, using: &generator) {
      case 0..<3: arguments.append(allOptions.randomElement(using: &generator) ?? "--json")
      case 3..<6: arguments.append(values.randomElement(using: &generator) ?? "")
      case 6..<8: arguments.append(apiPath(using: &generator, forProcess: forProcess))
      default: arguments.append(text(using: &generator, forProcess: forProcess))
      }
    }
    // Now and then, an argument at the front, before the command.
    if Int.random(in: 0..<8, using: &generator) == 0 {
      arguments.insert(allOptions.randomElement(using: &generator) ?? "--json", at: 0)
    }
    return arguments
  }

  /// Random text: printable ASCII mostly, with spaces, controls, escapes and other scripts.
  static func text(using generator: inout SplitMix64, forProcess: Bool) -> String {
    let length: Int
    switch Int.random(in: 0..<20, using: &generator) {
    case 0: length = 0
    case 1: length = Int.random(in: 300...5000, using: &generator)
    default: length = Int.random(in: 1...24, using: &generator)
    }
    var scalars = String.UnicodeScalarView()
    for _ in 0..<length {
      scalars.append(scalar(using: &generator, forProcess: forProcess))
    }
    return String(scalars)
  }

  /// A path-like argument: segments, separators, a query, escapes and odd characters.
  static func apiPath(using generator: inout SplitMix64, forProcess: Bool) -> String {
    let pieces = [
      "/", "/", "/", "?", "&", "=", "=", "%", "%2F", "%25", "%2e", "#", "+", " ", "..", ".",
      "repos", "users", "search", "q", "per_page", "é", "\"", "'",
    ]
    var path = Int.random(in: 0..<2, using: &generator) == 0 ? "/" : ""
    for _ in 0..<Int.random(in: 0...12, using: &generator) {
      if Int.random(in: 0..<3, using: &generator) == 0 {
        path += text(using: &generator, forProcess: forProcess).prefix(8)
      } else {
        path += pieces.randomElement(using: &generator) ?? "/"
      }
    }
    return path
  }

  /// A typed PATH with no `%` or `+`, whose path and query items are known, for round trips.
  static func plainApiPath(
    using generator: inout SplitMix64
  ) -> (text: String, path: String, query: [String: String], mayBeRefused: Bool) {
    func word() -> String {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...6, using: &generator) {
        var next = scalar(using: &generator, forProcess: true)
        while "%+&=?/".unicodeScalars.contains(next) {
          next = scalar(using: &generator, forProcess: true)
        }
        scalars.append(next)
      }
      return String(scalars)
    }
    // The first segment is never empty: `/x` and `x` are the same PATH.
    let segments =
      ["s" + word()] + (0..<Int.random(in: 0...4, using: &generator)).map { _ in word() }
    let raw = segments.joined(separator: "/")
    var path = "/" + raw
    while path.unicodeScalars.count > 1 && path.unicodeScalars.last == "/" {
      path.unicodeScalars.removeLast()
    }
    // Segments as the URL has them: split on scalars, as a combining mark after `/` joins it
    // in one Character.
    let kept = path.unicodeScalars.dropFirst().split(
      separator: "/", omittingEmptySubsequences: false
    ).map { String(String.UnicodeScalarView($0)) }
    let mayBeRefused = kept.contains { $0.isEmpty || $0 == "." || $0 == ".." }
    var query: [String: String] = [:]
    var items: [String] = []
    for _ in 0..<Int.random(in: 0...3, using: &generator) {
      let name = word()
      let value = word()
      guard !name.isEmpty, query[name] == nil else { continue }
      query[name] = value
      items.append(name + "=" + value)
    }
    let text = raw + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
    return (text, path, query, mayBeRefused)
  }

  /// One random Unicode scalar, NUL only in the process (a process argument cannot hold one).
  static func scalar(using generator: inout SplitMix64, forProcess: Bool) -> Unicode.Scalar {
    let ranges: [ClosedRange<UInt32>] = [
      0x20...0x7E, 0x20...0x7E, 0x20...0x7E, 0x20...0x7E, forProcess ? 0x01...0x1F : 0x00...0x1F,
      0x7F...0x9F, 0xA0...0x2FF, 0x300...0x36F, 0x2028...0x202E, 0x3040...0x30FF, 0x4E00...0x4E80,
      0xFEFF...0xFEFF, 0xFFFD...0xFFFD, 0x1F600...0x1F64F, 0x10FFF0...0x10FFFD,
    ]
    let range = ranges.randomElement(using: &generator) ?? 0x20...0x7E
    let value = UInt32.random(in: range, using: &generator)
    return Unicode.Scalar(value) ?? "?"
  }
}
