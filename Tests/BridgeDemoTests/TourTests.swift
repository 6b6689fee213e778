import Foundation
import GitHubReplay
import ObservableTesting
import Testing

/// `bridge-demo tour`, offline with its own replay server, and against a server the test
/// starts.
@Suite("bridge-demo tour", .serialized)
struct TourTests {
  typealias Paths = ReplayScenario.GitHubPaths

  @Test("with no arguments it runs every scenario offline, in both styles")
  func offlineTour() async throws {
    let run = try await runDemo([])
    #expect(run.status == 0, "\(run)")
    // Standard error is not a terminal: the line saying where requests go is left out (on a
    // terminal it is printed; see TerminalOutputTests).
    #expect(run.stderr.isEmpty, "\(run)")
    let titles = [
      "Fetch a repository", "Search with pagination", bridgeTitle, "Chained requests with retry",
      "Search as you type", "Poll events with conditional requests", "Signup form validation",
      "A view model with Observation",
    ]
    for (index, title) in titles.enumerated() {
      #expect(run.stdout.contains("━━ \(index + 1)/8  \(title) ━"), "\(title)\n\(run)")
    }
    let blocks = scenarioBlocks(run.stdout)
    #expect(blocks.count == 8)
    for (index, block) in blocks.enumerated() {
      // Each scenario runs in both styles, each with its code and measurements; the bridge
      // runs in both directions instead.
      let labels =
        titles[index] == bridgeTitle ? ["  Rx → async", "  async → Rx"] : ["  Rx", "  async"]
      for label in labels {
        #expect(block.filter { $0 == label }.count == 1, "\(label): \(block)")
      }
      for field in ["result", "requests", "time", "cancelled"] {
        #expect(block.filter { $0.hasPrefix("    \(field) ") }.count == 2, "\(field): \(block)")
      }
    }
    let text = run.stdout
    #expect(occurrences("result     octokit-fixture-org/hello-world", in: text) == 2)
    // Pagination: three repositories from two pages; the third page is never requested.
    #expect(occurrences("result     3 repositories from 2 pages", in: text) == 1)
    #expect(occurrences("requests   2  GET /search/repositories?q=swift&per_page=2", in: text) == 2)
    #expect(!text.contains("page=3"))
    // The bridge: the task cancelled mid-search disposed its subscription and closed the
    // request for page 2; disposing the Observable cancelled the task reading the stream.
    for line in bridgeCancellations {
      #expect(occurrences(line, in: text) == 1, "\(line)\n\(run)")
    }
    // Chained: the injected 500 is retried in both styles.
    #expect(
      occurrences("retried repository after: server error (HTTP 500: Server Error)", in: text) == 2)
    #expect(occurrences("requests   3  GET /users/sferik", in: text) == 2)
    // Search as you type: what settled and what was searched.
    // Which texts settle depends on real time: "sw" and "swift" always do.
    let typeahead = blocks[titles.firstIndex(of: "Search as you type") ?? 0].joined(separator: "\n")
    #expect(searchedLines(typeahead).count == 2, "\(run)")
    for line in searchedLines(typeahead) {
      #expect(line.contains(#""sw""#) && line.hasSuffix(#""swift""#), "\(line)")
    }
    // Twice in search as you type, once in the bridge, twice in the Observation scenario.
    #expect(occurrences(#"2 repositories for "swift""#, in: text) == 5)
    // Events: a 200, then a 304 from the cache, with the ETag sent back.
    #expect(occurrences("poll 1  200 OK: 30 events, 30 new; 30 kept", in: text) == 2)
    #expect(
      occurrences("poll 2  304 Not Modified, from the cache: 30 events, 0 new; 30 kept", in: text)
        == 2)
    #expect(occurrences("GET /repos/sferik/rails_admin/events  If-None-Match: W/", in: text) == 2)
    // Signup: the same outputs from both view models.
    #expect(occurrences("username  checking… → taken → checking… → available", in: text) == 2)
    #expect(occurrences("repeat    matches → does not match → matches", in: text) == 2)
    #expect(occurrences("sign up   disabled → enabled", in: text) == 2)
    // Observation: the model's query as the pipeline saw it, and the results read back.
    #expect(occurrences(#"query     "" → "sw" → "swift""#, in: text) == 2)
    // Offline, "sw" has no recording and finds nothing, as on GitHub a query without matches.
    #expect(occurrences(#"results   "" (0) → "sw" (0) → "swift" (2)"#, in: text) == 2)
    #expect(
      occurrences(#"2 repositories for "swift", read back from the model"#, in: text) == 2)
    #expect(
      run.stdoutLines.dropLast().last?.hasPrefix("8 scenarios in both styles, ") == true, "\(run)")
    // No colour codes when standard output is not a terminal.
    #expect(!text.contains("\u{1B}["))
  }

  @Test("stale searches are cancelled on the wire in both styles")
  func typingCancelsStaleSearches() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    // The search for "sw" never answers: only cancelling it lets the tour go on.
    server.stub(Paths.searchRepositories, query: ["q": "sw"], .hang)
    let run = try await runDemo(["tour", "--only", "typeahead"] + at(server))
    #expect(run.status == 0, "\(run)")
    #expect(
      occurrences(#"cancelled  search for "sw", in flight when newer text settled"#, in: run.stdout)
        == 2, "\(run)")
    #expect(searchedLines(run.stdout).count == 2, "\(run)")
    for line in searchedLines(run.stdout) {
      #expect(line.contains(#""sw""#) && line.hasSuffix(#""swift""#), "\(line)")
    }
    #expect(occurrences("requests   not counted (remote server)", in: run.stdout) == 2)
    #expect(await server.waitForAbandonedRequests(count: 2, timeout: .seconds(120)))
    // The server's log is in the order its connection threads read the request heads, not the
    // order the demo sent them: each connection has its own thread, and a cancelled "sw"
    // request whose thread a loaded machine schedules late is read from the closed socket
    // (and logged) after the "swift" answered meanwhile. So the wire is checked as a
    // multiset, and the order of each style's searches comes from the demo's "searched"
    // lines above, which end with "swift".
    let queries = server.requests(path: Paths.searchRepositories).compactMap { $0.queryValue("q") }
    #expect(queries.filter { $0 == "sw" }.count == 2, "\(queries)")
    #expect(queries.filter { $0 == "swift" }.count >= 2, "\(queries)")
    // Under load a pause between keystrokes can outlast the debounce, so other prefixes may
    // be searched too; nothing else may.
    #expect(queries.allSatisfy { !$0.isEmpty && "swift".hasPrefix($0) }, "\(queries)")
  }

  @Test("the Observation scenario: the model drives the search and reads the results back")
  func observationScenario() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(["tour", "--only", "observation"] + at(server))
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("━━ 1/1  A view model with Observation ━"), "\(run)")
    #expect(run.stdout.contains("    Observable.observing { model.query }"), "\(run)")
    #expect(run.stdout.contains("    Observable.observations { model.query }"), "\(run)")
    #expect(occurrences(#"query     "" → "sw" → "swift""#, in: run.stdout) == 2, "\(run)")
    #expect(
      occurrences(#"results   "" (0) → "sw" (2) → "swift" (2)"#, in: run.stdout) == 2, "\(run)")
    #expect(
      occurrences(#"2 repositories for "swift", read back from the model"#, in: run.stdout)
        == 2, "\(run)")
    // Each style searched each query once, as it was set on the model.
    let queries = server.requests(path: Paths.searchRepositories).compactMap { $0.queryValue("q") }
    #expect(queries.sorted() == ["sw", "sw", "swift", "swift"], "\(queries)")
  }

  @Test("--only runs the chosen scenarios; against another server no fault is injected")
  func onlyChosen() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bridge-demo-tour-test-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try await runDemo(
      ["--only", "chained,events", "--cache-dir", directory.path] + at(server))
    expectEqual(run.status, 0, "\(run)")
    #expect(run.stdout.contains("━━ 1/2  Chained requests with retry ━"), "\(run)")
    #expect(run.stdout.contains("━━ 2/2  Poll events with conditional requests ━"), "\(run)")
    #expect(!run.stdout.contains("Fetch a repository"))
    #expect(!run.stdout.contains("retried"))
    expectEqual(server.requests(path: Paths.repository).count, 2)
    expectEqual(occurrences("poll 2  304 Not Modified", in: run.stdout), 2)
    // The cache directory given is kept, with an archive per style.
    for style in ["rx", "async"] {
      let archive = directory.appendingPathComponent(
        "events-\(style)/events-sferik-rails_admin.json")
      #expect(FileManager.default.fileExists(atPath: archive.path), "\(archive.path)")
    }
    expectEqual(run.stdoutLines.dropLast().last?.hasPrefix("2 scenarios in both styles, "), true)
  }

  @Test("a failing run is reported in the tour, which goes on and then exits with 1")
  func failure() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    server.stub(Paths.user, .respond(try ReplayFixture.serverError.response()))
    let run = try await runDemo(["--only", "chained,repository"] + at(server))
    expectEqual(run.status, 1, "\(run)")
    expectEqual(
      occurrences("result     failed: server error (HTTP 500: Server Error)", in: run.stdout), 2,
      "\(run)")
    // The scenarios run in the tour's order, whatever the order of --only.
    #expect(run.stdout.contains("━━ 1/2  Fetch a repository"))
    expectEqual(occurrences("result     octokit-fixture-org/hello-world", in: run.stdout), 2)
    expectEqual(run.stderrLines.last, "bridge-demo: 2 of 4 runs failed", "\(run)")
    // Each style tried the user twice: retry(2) and retrying(2).
    expectEqual(server.requests(path: Paths.user).count, 4)
  }

  @Test("--live without a network: every run fails at once with its transport error, all counted")
  func liveWithoutNetwork() async throws {
    // A closed port on 127.0.0.1 stands in for api.github.com, unreachable without a network.
    let closed = try closedPortURL()
    let clock = ContinuousClock()
    let started = clock.now
    let run = try await runDemo(
      ["--live"], environment: ["BRIDGE_DEMO_LIVE_BASE_URL": closed.absoluteString],
      timeout: .seconds(150))
    let elapsed = clock.now - started
    expectEqual(run.status, 1, "\(run)")
    // Each run ends with its first transport error instead of waiting for a deadline: the
    // signup form used to wait 30 s per style, 60 s in all. The bound sits below that, not near
    // the few seconds the run takes, so that a loaded machine does not fail it.
    #expect(elapsed < .seconds(55), "\(elapsed)\n\(run)")
    expectEqual(run.stderrLines, ["bridge-demo: 16 of 16 runs failed"], "\(run)")
    let results = run.stdoutLines.filter { $0.hasPrefix("    result ") }
    expectEqual(results.count, 16, "\(run)")
    for line in results {
      #expect(line.hasPrefix("    result     failed: "), "\(line)")
      #expect(line.contains("cannot reach the server (URLError "), "\(line)")
    }
    #expect(
      // --live types "rx" and "rxswift", which GitHub has results for.
      occurrences(#"failed: search for "rx": cannot reach the server"#, in: run.stdout) == 4,
      "\(run)")
    expectEqual(
      occurrences(
        #"failed: checking username "octocat": cannot reach the server"#,
        in: run.stdout), 2, "\(run)")
    expectEqual(run.stdoutLines.dropLast().last?.hasSuffix("; 16 runs failed."), true, "\(run)")
  }

  @Test(
    "the pagination scenario prints the same lines every time but for times, as in the guide",
    .timeLimit(.minutes(5)))
  func paginationDeterministic() async throws {
    // 20 runs, 4 at a time: each waits 2 s for the replay server's searches.
    try await expectSameLinesAsTheGuide("pagination", title: "Search with pagination", runs: 20)
  }

  @Test(
    "the bridge scenario cancels and disposes, with the same lines every time, as in the guide",
    .timeLimit(.minutes(5)))
  func bridgeDeterministic() async throws {
    // Each run waits 2 s for the replay server's searches. The guide's lines include what
    // was cancelled: the subscription, the request for page 2 and the task reading the stream.
    try await expectSameLinesAsTheGuide("bridge", title: bridgeTitle, runs: 8)
  }

  @Test("--help lists the bridge scenario for --only")
  func helpListsTheBridge() async throws {
    let run = try await runDemo(["--help"])
    expectEqual(run.status, 0, "\(run)")
    #expect(
      run.stdout.contains(
        "run only these: repository, pagination, bridge, chained, typeahead, events,"),
      "\(run)")
  }
}

/// The bridge scenario's title.
private let bridgeTitle = "The bridge: Rx inside async, async inside Rx"

/// The bridge scenario's lines that say what it cancelled, each printed once offline.
private let bridgeCancellations = [
  "GET /search/repositories?q=swift&per_page=2&page=2  cancelled before the answer",
  "cancelled  the search task, after page 1: its Rx subscription was disposed",
  "the request for page 2, in flight: its connection closed before the answer",
  "cancelled  the task iterating the keystrokes, by dispose(): the stream ended",
]

/// Runs `bridge-demo --only scenario` offline `runs` times, 4 at a time, and expects each
/// run's lines to be the guide's, but for times.
private func expectSameLinesAsTheGuide(_ scenario: String, title: String, runs count: Int)
  async throws
{
  let guide = try guideScenario(title)
  let runs = try await withThrowingTaskGroup(of: (Int, DemoRun).self) { group in
    var runs: [(Int, DemoRun)] = []
    for number in 1...count {
      if number > 4, let done = try await group.next() { runs.append(done) }
      group.addTask { (number, try await runDemo(["--only", scenario])) }
    }
    for try await done in group { runs.append(done) }
    return runs.sorted { $0.0 < $1.0 }
  }
  for (number, run) in runs {
    expectEqual(run.status, 0, "run \(number): \(run)")
    let lines = scenarioBody(scenarioBlocks(run.stdout).first ?? [])
    expectEqual(lines, guide, "run \(number): \(run)")
  }
}

/// The lines of a scenario in the tour output of the demo's guide, Docs/bridge-demo.md,
/// "exactly as printed".
private func guideScenario(_ title: String) throws -> [String] {
  let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Docs/bridge-demo.md")
  let text = try String(contentsOf: guide, encoding: .utf8)
  let blocks = scenarioBlocks(text)
  let titles = text.split(separator: "\n").filter { $0.hasPrefix("━━ ") }
  guard let index = titles.firstIndex(where: { $0.contains("  \(title) ") }), index < blocks.count
  else {
    throw DemoTestError("Docs/bridge-demo.md shows no scenario \(title)")
  }
  return scenarioBody(blocks[index])
}

/// The lines of a scenario's block up to the tour's conclusion, with measured times replaced
/// and without trailing empty lines.
private func scenarioBody(_ block: [String]) -> [String] {
  var lines = block
  // The last scenario runs on to the end of the output.
  if let end = lines.firstIndex(where: { $0.hasPrefix("```") || $0.contains(" in both styles") }) {
    lines = Array(lines[..<end])
  }
  lines = lines.map { $0.hasPrefix("    time       ") ? "    time       …" : $0 }
  while lines.last?.isEmpty == true { lines.removeLast() }
  return lines
}

/// How often `text` occurs in `string`.
private func occurrences(_ text: String, in string: String) -> Int {
  string.components(separatedBy: text).count - 1
}

/// The `searched` lines of the search-as-you-type scenario, without their label.
private func searchedLines(_ output: String) -> [String] {
  output.split(separator: "\n").compactMap { line in
    let text = line.trimmingCharacters(in: .whitespaces)
    return text.hasPrefix("searched  ") ? String(text.dropFirst("searched  ".count)) : nil
  }
}

/// The lines of each scenario of a tour's output.
private func scenarioBlocks(_ output: String) -> [[String]] {
  var blocks: [[String]] = []
  for line in output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
    if line.hasPrefix("━━ ") {
      blocks.append([])
    } else if !blocks.isEmpty {
      blocks[blocks.count - 1].append(line)
    }
  }
  return blocks
}
