import Foundation
import GitHubAsync
import GitHubReplay
import ObservableCore
import ObservableTesting
import Testing

@Suite("GitHubClient: get any endpoint")
struct GitHubAnyEndpointTests {
  @Test("async get decodes any path with the built-in headers and token")
  func asyncGet() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = anyEndpointClient(server, token: "any-endpoint-token")

    let repository = try await client.get(
      Repository.self, path: ReplayScenario.GitHubPaths.repository)

    expectEqual(repository.fullName, "octokit-fixture-org/hello-world")
    let request = try #require(server.requests.first)
    expectEqual(request.target, ReplayScenario.GitHubPaths.repository)
    expectEqual(request.header("Authorization"), "Bearer any-endpoint-token")
    expectEqual(request.header("Accept"), "application/vnd.github+json")
    #expect(request.header("X-GitHub-Api-Version") != nil)
    #expect(client.rateLimit != nil)
  }

  @Test("Rx get sends the same request and decodes JSONValue")
  func rxGet() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = anyEndpointClient(server, token: "any-endpoint-token")

    let value = try await value(
      of: client.rx.get(JSONValue.self, path: "/users/sferik", query: ["a b": "c&d"]))

    expectEqual(value["login"]?.stringValue, "sferik")
    let request = try #require(server.requests.first)
    expectEqual(request.target, "/users/sferik?a%20b=c%26d")
    expectEqual(request.header("Authorization"), "Bearer any-endpoint-token")
  }

  @Test("query items are percent-encoded and sorted; caller escapes in the path are kept")
  func encoding() async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub("/users/dependabot%5Bbot%5D/caf%C3%A9%7B%7D", .respond(.json("{}")))

    _ = try await anyEndpointClient(server).get(
      JSONValue.self, path: "/users/dependabot%5Bbot%5D/café{}",
      query: ["z": "1", "a": "x/y?z"])

    expectEqual(
      server.requests.first?.target, "/users/dependabot%5Bbot%5D/caf%C3%A9%7B%7D?a=x%2Fy%3Fz&z=1")
  }

  @Test(
    "paths that could leave the API, or are not paths, fail with invalidInput and no request",
    arguments: [
      "", "repos/a/b", "//evil.example/x", "https://evil.example/x", "http:/x", "/a/../b",
      "/..", "/a/./b", "/a/%2e%2E/b", "/a//b", "/a/b c", "/a\tb", "/a\nb", "/a\u{7F}",
      "/a?b=c", "/a#frag", "/a%zz", "/a%2", "/" + String(repeating: "a", count: 3000),
    ])
  func rejectedPaths(path: String) async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = anyEndpointClient(server)

    await expectInvalidPath { () async throws(GitHubError) in
      _ = try await client.get(JSONValue.self, path: path)
    }
    let observer = TestableObserver<JSONValue>()
    _ = client.rx.get(JSONValue.self, path: path).asObservable().subscribe(observer)
    #expect(await observer.waitForTermination(timeout: .seconds(60)))
    expectEqual(
      (observer.events.last?.value.error as? GitHubError).map(isInvalidPath), true)
    #expect(server.requests.isEmpty)
  }

  @Test("the root path and a base path such as /api/v3 are kept")
  func basePath() async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub("/api/v3/meta", .respond(.json("{}")))
    server.stub("/api/v3/", .respond(.json("{}")))
    let client = GitHubClient(
      configuration: GitHubConfiguration(
        baseURL: server.baseURL.appendingPathComponent("api/v3"), token: nil))

    _ = try await client.get(JSONValue.self, path: "/meta")
    _ = try await client.get(JSONValue.self, path: "/")

    expectEqual(server.requests.map(\.target), ["/api/v3/meta", "/api/v3/"])
  }

  @Test("errors are typed and redacted as for the built-in calls, in both styles")
  func errors() async throws {
    let secret = "ghp_ANYENDPOINT789"
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    server.stub(
      "/echo",
      .handler { request in
        .json(status: 403, #"{"message": "\#(request.header("Authorization") ?? "")"}"#)
      })
    server.stub(
      "/garbled",
      .handler { request in .json(status: 200, "[\(request.header("Authorization") ?? "")") })
    let client = anyEndpointClient(server, token: secret)

    for path in ["/echo", "/garbled", ReplayScenario.GitHubPaths.rateLimited] {
      var asyncError: GitHubError?
      do {
        _ = try await client.get(JSONValue.self, path: path)
      } catch {
        asyncError = error
      }
      let observer = TestableObserver<JSONValue>()
      _ = client.rx.get(JSONValue.self, path: path).asObservable().subscribe(observer)
      #expect(await observer.waitForTermination(timeout: .seconds(60)))
      let rxError = observer.events.last?.value.error as? GitHubError
      let error = try #require(asyncError)
      #expect(rxError == error)
      var dumped = ""
      dump(error, to: &dumped)
      #expect(!dumped.contains(secret))
      #expect(!error.description.contains(secret))
    }
    let notFound = await #expect(throws: GitHubError.self) {
      _ = try await client.get(JSONValue.self, path: "/repos/pengwynn/octokit")
    }
    #expect(notFound?.status == 404)
    var rateLimited: GitHubError?
    do {
      _ = try await client.get(JSONValue.self, path: ReplayScenario.GitHubPaths.rateLimited)
    } catch {
      rateLimited = error
    }
    guard case .rateLimited(let limit)? = rateLimited else {
      Issue.record("expected a rate limit, got \(String(describing: rateLimited))")
      return
    }
    #expect(limit.kind == .primary)
  }

  @Test("a second get of a cached path revalidates with If-None-Match and reuses the body")
  func conditional() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = anyEndpointClient(server)

    let first = try await client.get(
      [JSONValue].self, path: ReplayScenario.GitHubPaths.repositoryEvents)
    let second = try await value(
      of: client.rx.get([JSONValue].self, path: ReplayScenario.GitHubPaths.repositoryEvents))

    expectEqual(first.count, 30)
    expectEqual(second, first)
    expectEqual(server.requests.count, 2)
    #expect(server.requests[1].header("If-None-Match") != nil)
  }
}

/// A request timeout far beyond any wait of the tests: on a loaded machine (the whole suite in
/// parallel with the stress tests) 60 s passed before a cancellation test disposed of a request
/// that the server holds open, and the observer saw URLError -1001 instead of nothing.
func anyEndpointClient(_ server: ReplayServer, token: String? = nil) -> GitHubClient {
  GitHubClient(
    configuration: GitHubConfiguration(
      baseURL: server.baseURL, token: token.map { GitHubToken($0) }, timeout: .seconds(600)))
}

private func isInvalidPath(_ error: GitHubError) -> Bool {
  if case .invalidInput(let input) = error { return input.parameter == "path" }
  return false
}

private func expectInvalidPath(
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws(GitHubError) -> Void
) async {
  do {
    try await body()
    Issue.record("expected invalidInput(path)", sourceLocation: sourceLocation)
  } catch {
    #expect(isInvalidPath(error), "\(error)", sourceLocation: sourceLocation)
  }
}

/// Subscribes to a `Single` and waits for its value.
private func value<Element: Sendable>(of single: Single<Element>) async throws -> Element {
  let observer = TestableObserver<Element>()
  let subscription = single.asObservable().subscribe(observer)
  defer { subscription.dispose() }
  #expect(await observer.waitForTermination(timeout: .seconds(60)))
  if let error = observer.events.last?.value.error { throw error }
  return try #require(observer.elements.first)
}
