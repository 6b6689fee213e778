import Foundation
import GitHubReplay
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
    #expect(json.status == 0, "\(json)")
    #expect(json.stdout == "[\n\n]\n" || json.stdout == "[]\n", "\(json)")
    let text = try await runDemo(["search", "zzzznotthere", "--style", style])
    #expect(text.status == 0, "\(text)")
    #expect(text.stdoutLines.first == "no repositories found", "\(text)")
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
}
