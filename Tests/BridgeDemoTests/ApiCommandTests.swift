import Foundation
import GitHubReplay
import ObservableTesting
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
    expectEqual(run.status, 0, "\(run)")
    let object = try #require(try json(run.stdout) as? [String: Any])
    expectEqual(object["login"] as? String, "sferik")
    expectEqual(server.requests.map(\.target), [Paths.user])
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
    expectEqual(run.status, 0, "\(run)")
    let items = try #require(try json(run.stdout) as? [Any], "\(run)")
    expectEqual(items.count, endpoint.items)
    expectEqual(server.requests.count, endpoint.requests)
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
    "a page without the --items list exits 2 with usage", arguments: ["rx", "async"],
    [["--items", "jobs"], ["--items", "total_count"]])
  func wrongItems(_ style: String, _ items: [String]) async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(
      ["api", Paths.workflows + "?per_page=2", "--paginate", "--style", style] + items
        + at(server))
    expectEqual(run.status, 2, "\(run)")
    #expect(run.stdout.isEmpty)
    expectEqual(
      run.stderrLines.first?.contains(#"has no list under "\#(items[1])""#), true, "\(run)")
    expectEqual(run.stderrLines.last?.hasPrefix("usage: bridge-demo api PATH"), true, "\(run)")
    expectEqual(run.stderrLines.count, 2, "\(run)")
    // The first page showed the mistake; no further page was requested.
    expectEqual(server.requests.count, 1)
  }

  @Test(
    "api --paginate without --items merges a wrapped list whose object has one array member",
    arguments: ["rx", "async"])
  func wrappedListWithoutItems(_ style: String) async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    // {"total_count": 3, "workflows": [...]}, two pages.
    let run = try await runDemo(
      ["api", Paths.workflows + "?per_page=2", "--paginate", "--json", "--style", style]
        + at(server))
    #expect(run.status == 0, "\(run)")
    let items = try #require(try json(run.stdout) as? [[String: Any]], "\(run)")
    #expect(items.map { $0["name"] as? String } == ["CI", "Linter", "Release"], "\(run)")
    #expect(server.requests.count == 2)
  }

  @Test(
    "api --paginate on objects with no array member or several still asks for --items",
    arguments: ["rx", "async"], [#"{"total_count": 1, "id": 7}"#, #"{"runs": [1], "jobs": [2]}"#])
  func ambiguousPages(_ style: String, _ body: String) async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub("/things", .respond(.json(status: 200, body)))
    let run = try await runDemo(
      ["api", "/things", "--paginate", "--style", style] + at(server))
    expectEqual(run.status, 2, "\(run)")
    #expect(run.stdout.isEmpty)
    expectEqual(run.stderrLines.count, 2, "\(run)")
    expectEqual(run.stderrLines.first?.contains("--items KEY"), true, "\(run)")
    expectEqual(run.stderrLines.last?.hasPrefix("usage: bridge-demo api PATH"), true, "\(run)")
    expectEqual(server.requests.count, 1)
  }

  @Test(
    "what a user types in PATH is percent-encoded as gh api does, never double-encoded",
    arguments: [
      (
        "search/users?q=user:joeyw user:pengwynn&per_page=1",
        "/search/users?per_page=1&q=user%3Ajoeyw%20user%3Apengwynn"
      ),
      ("search/users?q=a%20b&per_page=1", "/search/users?per_page=1&q=a%20b"),
      ("search/users?q=tetris+language:assembly", "/search/users?q=tetris%20language%3Aassembly"),
      ("search/users?q=50%+\"C#\"", "/search/users?q=50%25%20%22C%23%22"),
      ("users/dependabot[bot]", "/users/dependabot%5Bbot%5D"),
      ("users/shipit%5Bbot%5D", "/users/shipit%5Bbot%5D"),
      ("repos/o/r/contents/a b/ü \"q\".md", "/repos/o/r/contents/a%20b/%C3%BC%20%22q%22.md"),
      ("repos/o/r/branches/fix#1", "/repos/o/r/branches/fix%231"),
      ("repos/o/r/contents/100%", "/repos/o/r/contents/100%25"),
      ("users/sferik/", "/users/sferik"),
    ])
  func encoding(_ path: String, _ target: String) async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.setFallback(.respond(.json(status: 200, #"{"ok": true}"#)))
    let run = try await runDemo(["api", path, "--json"] + at(server))
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout == "{\"ok\":true}\n", "\(run)")
    #expect(server.requests.map(\.target) == [target], "\(run)")
  }

  @Test(
    "--paginate with a query a user typed with spaces requests every page",
    arguments: ["rx", "async"])
  func paginateTypedQuery(_ style: String) async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.setFallback(
      .respond(.json(status: 200, #"{"total_count": 1, "items": [{"login": "joeyw"}]}"#)))
    let run = try await runDemo(
      [
        "api", "search/users?q=user:joeyw user:pengwynn&per_page=1", "--paginate", "--json",
        "--style", style,
      ] + at(server))
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout == #"[{"login":"joeyw"}]"# + "\n", "\(run)")
    #expect(server.requests.first?.queryValue("q") == "user:joeyw user:pengwynn")
  }

  @Test("a full URL on the configured API is taken as its path; any other is a usage error")
  func fullURL() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let onAPI = try await runDemo(
      ["api", server.baseURL.absoluteString + "/users/sferik?per_page=1", "--json"] + at(server))
    expectEqual(onAPI.status, 0, "\(onAPI)")
    expectEqual(server.requests.map(\.target), [Paths.user + "?per_page=1"])
    for url in [
      "https://evil.example.com/x", "http://evil.example.com/users/sferik",
      "https://api.github.com/users/sferik",
    ] {
      let run = try await runDemo(["api", url] + at(server))
      expectEqual(run.status, 2, "\(run)")
      expectEqual(run.stderrLines.count, 2, "\(run)")
      expectEqual(run.stderrLines.first?.contains("a full URL, not a path"), true, "\(run)")
      #expect(!run.stderr.contains("'//'"), "\(run)")
      expectEqual(run.stderrLines.last?.hasPrefix("usage: bridge-demo api PATH"), true, "\(run)")
    }
    expectEqual(server.requests.count, 1)
  }

  @Test("--json prints slashes plainly, without escaping them")
  func slashesNotEscaped() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(["api", Paths.repository, "--json"] + at(server))
    expectEqual(run.status, 0, "\(run)")
    #expect(run.stdout.contains(#""full_name":"octokit-fixture-org/hello-world""#), "\(run)")
    #expect(!run.stdout.contains(#"\/"#), "\(run)")
  }

  @Test("api --style both --json keys the results by style")
  func both() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(
      ["api", Paths.organizations + "?per_page=2", "--paginate", "--style", "both", "--json"]
        + at(server))
    expectEqual(run.status, 0, "\(run)")
    let object = try #require(try json(run.stdout) as? [String: [Any]], "\(run)")
    expectEqual(object["rx"]?.count, 5)
    expectEqual(object["async"]?.count, 5)
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

  @Test("an HTTP error exits 1 with one error line")
  func failures() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(["api", Paths.missingRepository] + at(server))
    expectEqual(run.status, 1, "\(run)")
    #expect(run.stdout.isEmpty)
    expectEqual(run.stderrLines.count, 1, "\(run)")
    expectEqual(run.stderrLines.last?.hasPrefix("bridge-demo: GET "), true, "\(run)")
    expectEqual(server.requests.map(\.path), [Paths.missingRepository])
  }

  @Test(
    "usage errors exit 2 with one line and the usage, before any request",
    arguments: [
      ["api"], ["api", ""], ["api", "/x", "--limit", "3"],
      ["api", "/x", "--paginate", "--limit", "0"], ["api", "/x", "--items", "items"],
      ["api", "/x", "--paginate", "--items", ""], ["api", "/a/../b"], ["api", "a//b"],
      ["api", "/a/%2e%2E/b"], ["api", "//evil.example.com/x"],
      ["api", String(repeating: "a/", count: 3000)],
    ])
  func usage(_ arguments: [String]) async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(arguments + at(server))
    expectEqual(run.status, 2, "\(run)")
    expectEqual(run.stderrLines.count, 2, "\(run)")
    expectEqual(run.stderrLines.first?.hasPrefix("bridge-demo: "), true, "\(run)")
    expectEqual(run.stderrLines.last?.hasPrefix("usage: bridge-demo api PATH"), true, "\(run)")
    #expect(server.requests.isEmpty)
  }
}

private func json(_ text: String) throws -> Any {
  try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}
