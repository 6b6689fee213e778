import Foundation
import GitHubReplay
import ObservableTesting
import Testing

/// The demo's own replay server (no `--base-url`, no `--live`): what it answers, what it says
/// about it, and how its answers are cached across runs.
@Suite("bridge-demo offline", .serialized)
struct OfflineTests {
  @Test(
    "offline, a search the recordings do not cover finds nothing, as GitHub would answer",
    arguments: ["rx", "async"])
  func unrecordedQuery(_ style: String) async throws {
    let json = try await runDemo(["search", "zzzznotthere", "--json", "--style", style])
    expectEqual(json.status, 0, "\(json)")
    #expect(json.stdout == "[\n\n]\n" || json.stdout == "[]\n", "\(json)")
    let text = try await runDemo(["search", "zzzznotthere", "--style", style])
    expectEqual(text.status, 0, "\(text)")
    expectEqual(text.stdoutLines.first, "no repositories found", "\(text)")
    // Standard error is not a terminal: nothing is said there.
    #expect(text.stderr.isEmpty, "\(text)")
  }

  @Test("offline, the recorded search still answers with its recording")
  func recordedQuery() async throws {
    let run = try await runDemo(["search", "swift", "--limit", "3", "--json"])
    #expect(run.status == 0, "\(run)")
    let items = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]], "\(run)")
    #expect(
      items.map { $0["fullName"] as? String } == [
        "octocat/swift-hello-world", "octo-org/swift-async-widgets", "mona/swift-rx-playground",
      ], "\(run)")
  }

  @Test("on a terminal, an offline search says which queries the recordings cover")
  func coveredQueriesOnATerminal() async throws {
    let terminal = try PseudoTerminal()
    let demo = try terminal.spawn(["search", "zzzznotthere"])
    #expect(try await demo.wait(timeout: .seconds(120)) == 0, "\(terminal.output)")
    try await terminal.waitFor("no repositories found")
    #expect(
      terminal.output.contains(#"recordings cover only the search "swift""#), "\(terminal.output)")
  }

  @Test(
    "offline, a second run with the same --cache-dir revalidates and gets 304, with one cache file",
    arguments: ["rx", "async"])
  func cacheAcrossRuns(_ style: String) async throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let arguments = [
      "events", "sferik/rails_admin", "--cache-dir", directory.path, "--style", style,
    ]
    let first = try await runDemo(arguments)
    let second = try await runDemo(arguments)
    #expect(first.status == 0 && second.status == 0, "\(first)\n\(second)")
    #expect(first.stderr.contains("poll 1: 200 OK, 30 events, 30 new"), "\(first)")
    #expect(
      second.stderr.contains("poll 1: 304 Not Modified, events from the cache, 30 events, 0 new"),
      "\(second)")
    let files = try FileManager.default.contentsOfDirectory(
      atPath: directory.appendingPathComponent("http").path)
    expectEqual(files.count, 1, "\(files)")
  }

  @Test("an offline run and a run against another server do not share cache entries")
  func offlineAndOtherServerKeptApart() async throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let arguments = ["events", "sferik/rails_admin", "--cache-dir", directory.path]
    let offline = try await runDemo(arguments)
    expectEqual(offline.status, 0, "\(offline)")
    // --live, with a local server standing in for api.github.com, and --base-url: each starts
    // without a validator, because what the replay server sent is not what they would.
    let server = try startReplayServer()
    defer { server.stop() }
    let live = try await runDemo(
      ["--live"] + arguments,
      environment: ["BRIDGE_DEMO_LIVE_BASE_URL": server.baseURL.absoluteString])
    let other = try await runDemo(arguments + at(server))
    #expect(live.status == 0 && other.status == 0, "\(live)\n\(other)")
    let requests = server.requests(path: ReplayScenario.GitHubPaths.repositoryEvents)
    expectEqual(requests.count, 2)
    #expect(requests.first?.header("If-None-Match") == nil)
    // The offline entry is still there for the next offline run.
    let again = try await runDemo(arguments)
    #expect(again.stderr.contains("poll 1: 304 Not Modified"), "\(again)")
  }

  @Test("--json output of every command prints slashes plainly")
  func slashesNotEscaped() async throws {
    for arguments in [
      ["repo", "octokit-fixture-org/hello-world", "--json"], ["user", "sferik", "--json"],
      ["search", "swift", "--json", "--limit", "1"],
      ["events", "sferik/rails_admin", "--json"],
    ] {
      let run = try await runDemo(arguments)
      expectEqual(run.status, 0, "\(run)")
      // Each has a URL or an OWNER/NAME.
      #expect(
        run.stdout.contains("https://github.com/") || run.stdout.contains("sferik/rails_admin"),
        "\(run)")
      #expect(!run.stdout.contains(#"\/"#), "\(run)")
    }
  }
}

private func makeTemporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "bridge-demo-offline-test-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}
