import Foundation
import GitHubReplay
import Testing

/// `bridge-demo api PATH`, run as a process against a replay server the test starts.
@Suite("bridge-demo api", .serialized)
struct ApiCommandTests {
  typealias Paths = ReplayScenario.GitHubPaths

  @Test(
    "api PATH prints the response's JSON, with one request, in each style",
    arguments: ["rx", "async"])
  func single(_ style: String) async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(["api", "users/sferik", "--json", "--style", style] + at(server))
    #expect(run.status == 0, "\(run)")
    let object = try #require(try json(run.stdout) as? [String: Any])
    #expect(object["login"] as? String == "sferik")
    #expect(server.requests.map(\.target) == [Paths.user])
  }

  @Test(
    "api --paginate merges every page into one array, in each style and pagination style",
    arguments: ["rx", "async"],
    [
      (Paths.paginatedIssues + "?per_page=3", 13, 5),
      (Paths.organizations + "?per_page=2", 5, 3),
      (Paths.repositoryActivity + "?per_page=2", 5, 3),
    ])
  func paginate(_ style: String, _ endpoint: (path: String, items: Int, requests: Int))
    async throws
  {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(
      ["api", endpoint.path, "--paginate", "--json", "--style", style] + at(server))
    #expect(run.status == 0, "\(run)")
    let items = try #require(try json(run.stdout) as? [Any], "\(run)")
    #expect(items.count == endpoint.items)
    #expect(server.requests.count == endpoint.requests)
  }

  @Test(
    "api --paginate --limit stops requesting pages once it has enough",
    arguments: ["rx", "async"])
  func limit(_ style: String) async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(
      [
        "api", Paths.organizations + "?per_page=2", "--paginate", "--limit", "3", "--json",
        "--style", style,
      ] + at(server))
    #expect(run.status == 0, "\(run)")
    let items = try #require(try json(run.stdout) as? [[String: Any]], "\(run)")
    #expect(items.map { $0["login"] as? String } == ["octo-org", "mona-org", "hubot-org"])
    #expect(server.requests.count == 2)
  }

  @Test(
    "api --paginate --items KEY merges wrapped lists: search's items, Actions' workflows",
    arguments: ["rx", "async"],
    [
      ("/search/repositories?q=swift&per_page=2", "items", "full_name", 5, 3),
      (Paths.workflows + "?per_page=2", "workflows", "name", 3, 2),
    ])
  func wrappedLists(
    _ style: String,
    _ endpoint: (path: String, key: String, field: String, items: Int, requests: Int)
  ) async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(
      ["api", endpoint.path, "--paginate", "--items", endpoint.key, "--json", "--style", style]
        + at(server))
    #expect(run.status == 0, "\(run)")
    let items = try #require(try json(run.stdout) as? [[String: Any]], "\(run)")
    #expect(items.count == endpoint.items)
    #expect(items.allSatisfy { $0[endpoint.field] is String })
    if endpoint.key == "workflows" {
      #expect(items.map { $0["name"] as? String } == ["CI", "Linter", "Release"])
    }
    #expect(server.requests.count == endpoint.requests)
  }

  @Test(
    "a page without the --items list, or a wrapped list without --items, exits 2 with usage",
    arguments: ["rx", "async"], [["--items", "jobs"], [], ["--items", "total_count"]])
  func wrongItems(_ style: String, _ items: [String]) async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(
      ["api", Paths.workflows + "?per_page=2", "--paginate", "--style", style] + items
        + at(server))
    #expect(run.status == 2, "\(run)")
    #expect(run.stdout.isEmpty)
    let expected =
      items.isEmpty
      ? "name the member that holds the items with --items KEY"
      : #"has no list under "\#(items[1])""#
    #expect(run.stderrLines.first?.contains(expected) == true, "\(run)")
    #expect(run.stderrLines.last?.hasPrefix("usage: bridge-demo api PATH") == true, "\(run)")
    // The first page showed the mistake; no further page was requested.
    #expect(server.requests.count == 1)
  }

  @Test("api --style both --json keys the results by style")
  func both() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(
      ["api", Paths.organizations + "?per_page=2", "--paginate", "--style", "both", "--json"]
        + at(server))
    #expect(run.status == 0, "\(run)")
    let object = try #require(try json(run.stdout) as? [String: [Any]], "\(run)")
    #expect(object["rx"]?.count == 5)
    #expect(object["async"]?.count == 5)
  }

  @Test("api without --json prints indented JSON")
  func pretty() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(["api", Paths.user] + at(server))
    #expect(run.status == 0, "\(run)")
    #expect(run.stdoutLines.first == "{")
    #expect(run.stdout.contains(#"  "login" : "sferik""#))
  }

  @Test("an HTTP error or a path that leaves the API exits 1 with one error line")
  func failures() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    for path in [Paths.missingRepository, "/a/../b"] {
      let run = try await runDemo(["api", path] + at(server))
      #expect(run.status == 1, "\(run)")
      #expect(run.stdout.isEmpty)
      #expect(run.stderrLines.last?.hasPrefix("bridge-demo: GET ") == true, "\(run)")
    }
    #expect(server.requests.map(\.path) == [Paths.missingRepository])
  }

  @Test(
    "usage errors exit 2 before any request",
    arguments: [
      ["api"], ["api", ""], ["api", "/x", "--limit", "3"],
      ["api", "/x", "--paginate", "--limit", "0"], ["api", "/x", "--items", "items"],
      ["api", "/x", "--paginate", "--items", ""],
    ])
  func usage(_ arguments: [String]) async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(arguments + at(server))
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains("usage: bridge-demo api PATH"), "\(run)")
    #expect(server.requests.isEmpty)
  }
}

private func json(_ text: String) throws -> Any {
  try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}
