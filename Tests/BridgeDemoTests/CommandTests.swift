import Foundation
import GitHubReplay
import ObservableTesting
import Testing

/// `repo`, `user`, `search` and `events`, run as processes against a replay server the test
/// starts.
@Suite("bridge-demo commands", .serialized)
struct CommandTests {
  typealias Paths = ReplayScenario.GitHubPaths

  // MARK: repo

  @Test("repo prints the repository, with one request, in each style", arguments: ["rx", "async"])
  func repo(_ style: String) async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(
      ["repo", "octokit-fixture-org/hello-world", "--style", style] + at(server))
    expectEqual(run.status, 0, "\(run)")
    expectEqual(run.stdoutLines.first, "octokit-fixture-org/hello-world", "\(run)")
    #expect(run.stdout.contains("url        https://github.com/octokit-fixture-org/hello-world"))
    expectEqual(server.requests.map(\.path), [Paths.repository])
    // Where requests go is said only on a terminal (see TerminalOutputTests).
    #expect(run.stderr.isEmpty, "\(run)")
  }

  @Test("repo --style both labels each style and sends a request for each")
  func repoBoth() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(
      ["repo", "octokit-fixture-org/hello-world", "--style", "both"] + at(server))
    #expect(run.status == 0, "\(run)")
    #expect(run.stdoutLines.first == "Rx:", "\(run)")
    #expect(run.stdoutLines.contains("async:"), "\(run)")
    #expect(run.stdoutLines.filter { $0 == "  octokit-fixture-org/hello-world" }.count == 2)
    #expect(server.requests.count == 2)
  }

  @Test("repo --json prints one JSON object, and nothing else on standard output")
  func repoJSON() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(["repo", "octokit-fixture-org/hello-world", "--json"] + at(server))
    expectEqual(run.status, 0, "\(run)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    expectEqual(object["fullName"] as? String, "octokit-fixture-org/hello-world")
    expectEqual(object["defaultBranch"] as? String, "master")
  }

  @Test("repo --json --style both keys the results by style")
  func repoJSONBoth() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(
      ["repo", "octokit-fixture-org/hello-world", "--json", "--style", "both"] + at(server))
    expectEqual(run.status, 0, "\(run)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: [String: Any]])
    expectEqual(Set(object.keys), ["rx", "async"])
    expectEqual(object["rx"]?["fullName"] as? String, object["async"]?["fullName"] as? String)
  }

  @Test("a missing repository fails with status 1 and one clear line", arguments: ["rx", "async"])
  func repoNotFound(_ style: String) async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(["repo", "pengwynn/octokit", "--style", style] + at(server))
    expectEqual(run.status, 1, "\(run)")
    #expect(run.stdout.isEmpty, "\(run)")
    expectEqual(
      run.stderrLines.last,
      "bridge-demo: repository pengwynn/octokit: not found (HTTP 404: Not Found)", "\(run)")
  }

  @Test("a rate limit fails with status 1 and says what to do")
  func rateLimited() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(["repo", "replay/rate-limited"] + at(server))
    expectEqual(run.status, 1, "\(run)")
    #expect(run.stdout.isEmpty)
    let last = try #require(run.stderrLines.last)
    #expect(
      last.hasPrefix("bridge-demo: repository replay/rate-limited: GitHub's rate limit was reached")
    )
    #expect(last.contains("GITHUB_TOKEN"))
    #expect(!run.stderr.contains("Fatal error"))
  }

  @Test("a server that is not there fails with status 1 and no stack trace")
  func unreachable() async throws {
    let server = try startReplayServer()
    let url = server.baseURL.absoluteString
    server.stop()
    let run = try await runDemo(["user", "sferik", "--base-url", url])
    expectEqual(run.status, 1, "\(run)")
    #expect(run.stdout.isEmpty)
    expectEqual(
      run.stderrLines.last?.hasPrefix("bridge-demo: user sferik: cannot reach the server"), true,
      "\(run)")
    expectEqual(run.stderrLines.count, 1, "\(run)")
  }

  @Test(
    "--live without a network fails with status 1 and exactly one line on standard error",
    arguments: ["rx", "async"])
  func liveWithoutNetwork(_ style: String) async throws {
    // A closed port on 127.0.0.1 stands in for api.github.com, unreachable without a network.
    let closed = try closedPortURL()
    let run = try await runDemo(
      ["--live", "repo", "apple/swift", "--style", style],
      environment: ["BRIDGE_DEMO_LIVE_BASE_URL": closed.absoluteString])
    expectEqual(run.status, 1, "\(run)")
    #expect(run.stdout.isEmpty, "\(run)")
    expectEqual(run.stderrLines.count, 1, "\(run)")
    expectEqual(
      run.stderrLines.first?.hasPrefix(
        "bridge-demo: repository apple/swift: cannot reach the server (URLError "), true,
      "\(run)")
  }

  @Test("a BRIDGE_DEMO_LIVE_BASE_URL that is not an http URL fails with status 1")
  func liveBaseURLInvalid() async throws {
    let run = try await runDemo(
      ["--live", "user", "octocat"], environment: ["BRIDGE_DEMO_LIVE_BASE_URL": "ftp://x"])
    expectEqual(run.status, 1, "\(run)")
    expectEqual(
      run.stderrLines,
      [
        "bridge-demo: BRIDGE_DEMO_LIVE_BASE_URL must be an http or https URL, not 'ftp://x'"
      ], "\(run)")
  }

  // MARK: user

  @Test("user prints the user in each style", arguments: ["rx", "async", "both"])
  func user(_ style: String) async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(["user", "sferik", "--style", style] + at(server))
    expectEqual(run.status, 0, "\(run)")
    #expect(run.stdout.contains("sferik (Erik Michaels-Ober)"), "\(run)")
    #expect(run.stdout.contains("location   San Francisco, CA"), "\(run)")
    expectEqual(server.requests.count, (style == "both" ? 2 : 1))
  }

  @Test("user --json prints the user as JSON")
  func userJSON() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(["user", "sferik", "--json", "--style", "rx"] + at(server))
    expectEqual(run.status, 0, "\(run)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    expectEqual(object["login"] as? String, "sferik")
    expectEqual(object["followers"] as? Int, 688)
  }

  // MARK: search

  @Test(
    "search follows the pages up to the limit and asks for no more", arguments: ["rx", "async"])
  func search(_ style: String) async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(
      ["search", "swift", "--limit", "3", "--sort", "stars", "--style", style] + at(server))
    expectEqual(run.status, 0, "\(run)")
    let lines = run.stdoutLines.filter { !$0.isEmpty }
    expectEqual(lines.count, 3, "\(run)")
    expectEqual(lines.first?.hasPrefix("1. octocat/swift-hello-world"), true, "\(run)")
    expectEqual(lines.last?.hasPrefix("3. mona/swift-rx-playground"), true, "\(run)")
    // Two pages of two hold the first three; the third page is never requested.
    let requests = server.requests(path: Paths.searchRepositories)
    expectEqual(requests.count, 2, "\(requests)")
    expectEqual(requests.first?.queryValue("q"), "swift")
    expectEqual(requests.first?.queryValue("sort"), "stars")
    expectEqual(requests.first?.queryValue("per_page"), "3")
    // Progress, like where requests go, goes to standard error only on a terminal.
    #expect(run.stderr.isEmpty, "\(run)")
  }

  @Test("search stops at the last page when the limit is higher")
  func searchAllPages() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(["search", "swift", "--limit", "50", "--json"] + at(server))
    expectEqual(run.status, 0, "\(run)")
    let items = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    expectEqual(items.count, 5)
    expectEqual(items.last?["fullName"] as? String, "octocat/swift-spoon-knife")
    expectEqual(server.requests(path: Paths.searchRepositories).count, 3)
  }

  @Test("a failing search page fails the command with status 1")
  func searchFails() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    server.stub(
      Paths.searchRepositories, query: ["page": "2"],
      .respond(try ReplayFixture.serverError.response()))
    let run = try await runDemo(["search", "swift", "--limit", "5", "--style", "rx"] + at(server))
    expectEqual(run.status, 1, "\(run)")
    #expect(run.stdout.isEmpty, "\(run)")
    expectEqual(
      run.stderrLines.last,
      "bridge-demo: search for \"swift\": server error (HTTP 500: Server Error)", "\(run)")
  }

  // MARK: events

  @Test("events prints the events newest first and archives them", arguments: ["rx", "async"])
  func events(_ style: String) async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try await runDemo(
      ["events", "sferik/rails_admin", "--cache-dir", directory.path, "--style", style]
        + at(server))
    expectEqual(run.status, 0, "\(run)")
    let lines = run.stdoutLines.filter { !$0.isEmpty }
    expectEqual(lines.count, 30, "\(run)")
    expectEqual(lines.first, "2020-04-21 09:31  WatchEvent                sarslanoglu", "\(run)")
    #expect(run.stderr.contains("poll 1: 200 OK, 30 events, 30 new; 30 kept in"), "\(run)")
    let archive = try archivedEvents(directory)
    expectEqual(archive.count, 30)
  }

  @Test(
    "a second run revalidates with the ETag, gets 304 and serves the cache",
    arguments: ["rx", "async"])
  func eventsAcrossRuns(_ style: String) async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let arguments =
      ["events", "sferik/rails_admin", "--cache-dir", directory.path, "--style", style] + at(server)
    let first = try await runDemo(arguments)
    let second = try await runDemo(arguments)
    #expect(first.status == 0 && second.status == 0, "\(first)\n\(second)")
    #expect(
      second.stderr.contains("poll 1: 304 Not Modified, events from the cache, 30 events, 0 new"),
      "\(second)")
    expectEqual(second.stdout, first.stdout)
    let requests = server.requests(path: Paths.repositoryEvents)
    expectEqual(requests.count, 2)
    #expect(requests.first?.header("If-None-Match") == nil)
    #expect(requests.last?.header("If-None-Match") != nil)
  }

  @Test("--poll polls again, with a conditional request, and prints only what is new")
  func poll() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    for style in ["rx", "async"] {
      server.clearLogs()
      let run = try await runDemo(
        [
          "events", "sferik/rails_admin", "--poll", "--polls", "3", "--interval", "0", "--style",
          style,
        ]
          + at(server), environment: instantWaits)
      #expect(run.status == 0, "\(run)")
      #expect(run.stdoutLines.filter { !$0.isEmpty }.count == 30, "\(run)")
      #expect(run.stderr.contains("poll 2: 304 Not Modified"), "\(run)")
      #expect(run.stderr.contains("poll 3: 304 Not Modified"), "\(run)")
      let requests = server.requests(path: Paths.repositoryEvents)
      #expect(requests.count == 3)
      #expect(requests.dropFirst().allSatisfy { $0.header("If-None-Match") != nil })
    }
  }

  @Test("--poll --json prints one line per poll")
  func pollJSON() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(
      ["events", "sferik/rails_admin", "--poll", "--polls", "2", "--interval", "0", "--json"]
        + at(server), environment: instantWaits)
    expectEqual(run.status, 0, "\(run)")
    let lines = run.stdoutLines.filter { !$0.isEmpty }
    expectEqual(lines.count, 2, "\(run)")
    let first = try #require(
      try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    let second = try #require(
      try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
    expectEqual(first["status"] as? Int, 200)
    expectEqual((first["newEvents"] as? [Any])?.count, 30)
    expectEqual(second["status"] as? Int, 304)
    expectEqual((second["newEvents"] as? [Any])?.count, 0)
  }

  @Test("the archive keeps only the newest 50 events across polls")
  func archiveKeepsNewestFifty() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // 40 events from an earlier poll, all older than the recorded ones, and 5 newer.
    var earlier: [[String: Any]] = (0..<40).map { index in
      [
        "id": "old-\(index)", "type": "PushEvent", "actor": "earlier",
        "repository": "sferik/rails_admin",
        "createdAt": "2019-01-\(String(format: "%02d", index % 28 + 1))T00:00:00Z",
      ]
    }
    earlier += (0..<5).map { index in
      [
        "id": "new-\(index)", "type": "ForkEvent", "actor": "later",
        "repository": "sferik/rails_admin",
        "createdAt": "2021-01-0\(index + 1)T00:00:00Z",
      ]
    }
    let file = directory.appendingPathComponent("events-sferik-rails_admin.json")
    try JSONSerialization.data(withJSONObject: earlier).write(to: file)

    let run = try await runDemo(
      ["events", "sferik/rails_admin", "--cache-dir", directory.path] + at(server))
    #expect(run.status == 0, "\(run)")
    let archive = try archivedEvents(directory)
    #expect(archive.count == 50)
    let ids = archive.compactMap { $0["id"] as? String }
    // Newest first: the 5 newer ones, the 30 polled, then the 15 newest of the 40 older ones.
    #expect(ids.prefix(5).allSatisfy { $0.hasPrefix("new-") }, "\(ids)")
    #expect(
      ids.dropFirst(5).prefix(30).allSatisfy { !$0.hasPrefix("new-") && !$0.hasPrefix("old-") })
    #expect(ids.suffix(15).allSatisfy { $0.hasPrefix("old-") })
    #expect(run.stderr.contains("30 events, 30 new; 50 kept"), "\(run)")
    #expect(run.stdoutLines.filter { !$0.isEmpty }.count == 50)
  }

  @Test("an unreadable archive fails with status 1")
  func brokenArchive() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("not json".utf8).write(
      to: directory.appendingPathComponent("events-sferik-rails_admin.json"))
    let run = try await runDemo(
      ["events", "sferik/rails_admin", "--cache-dir", directory.path] + at(server))
    expectEqual(run.status, 1, "\(run)")
    expectEqual(
      run.stderrLines.last?.hasPrefix("bridge-demo: cannot read the events archive"), true,
      "\(run)")
  }

  @Test("without --cache-dir, the temporary directory is removed at exit")
  func temporaryCacheRemoved() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(["events", "sferik/rails_admin"] + at(server))
    #expect(run.status == 0, "\(run)")
    let line = try #require(run.stderrLines.first { $0.contains(" kept in ") })
    let path = try #require(line.components(separatedBy: " kept in ").last)
    #expect(path.contains("bridge-demo-"))
    #expect(!FileManager.default.fileExists(atPath: path))
  }
}

private func temporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "bridge-demo-cache-test-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

private func archivedEvents(_ directory: URL) throws -> [[String: Any]] {
  let data = try Data(
    contentsOf: directory.appendingPathComponent("events-sferik-rails_admin.json"))
  return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
}
