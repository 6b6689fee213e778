import Foundation
import GitHubAsync
import GitHubReplay
import ObservableCore
import ObservableTesting
import Testing

@Suite("GitHubClient: what goes on the wire")
struct GitHubRequestTests {
  @Test("every request sends Accept, X-GitHub-Api-Version, User-Agent and a Bearer token")
  func standardHeaders() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = GitHubClient(
      configuration: GitHubConfiguration(baseURL: server.baseURL, token: GitHubToken("t0k3n")))

    _ = try await client.repository(owner: "octokit-fixture-org", name: "hello-world")
    _ = try await value(of: client.rx.user("sferik"))

    expectEqual(server.requests.count, 2)
    for request in server.requests {
      expectEqual(request.method, "GET")
      expectEqual(request.header("Accept"), "application/vnd.github+json")
      expectEqual(request.header("X-GitHub-Api-Version"), "2022-11-28")
      expectEqual(request.header("User-Agent"), "ObservableBridge-GitHubAsync")
      expectEqual(request.header("Authorization"), "Bearer t0k3n")
    }
  }

  @Test("the API version and User-Agent are configurable")
  func configuredHeaders() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = GitHubClient(
      configuration: GitHubConfiguration(
        baseURL: server.baseURL, token: nil, apiVersion: "2026-03-10", userAgent: "my-app/1.0"))

    _ = try await client.user("sferik")

    let request = try #require(server.requests.first)
    expectEqual(request.header("X-GitHub-Api-Version"), "2026-03-10")
    expectEqual(request.header("User-Agent"), "my-app/1.0")
    #expect(request.header("Authorization") == nil)
  }

  @Test("GITHUB_TOKEN is read from the environment, ignoring blanks")
  func environmentToken() async throws {
    expectEqual(GitHubToken.fromEnvironment(["GITHUB_TOKEN": "abc"]), GitHubToken("abc"))
    expectEqual(GitHubToken.fromEnvironment(["GITHUB_TOKEN": "  abc\n"]), GitHubToken("abc"))
    #expect(GitHubToken.fromEnvironment(["GITHUB_TOKEN": "  "]) == nil)
    #expect(GitHubToken.fromEnvironment([:]) == nil)

    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = GitHubClient(
      configuration: GitHubConfiguration(
        baseURL: server.baseURL, token: .fromEnvironment(["GITHUB_TOKEN": "from-env"])))
    _ = try await client.user("sferik")
    expectEqual(server.requests.first?.header("Authorization"), "Bearer from-env")
  }

  @Test("a token that cannot go into a header is rejected without a request, and not shown")
  func malformedToken() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = GitHubClient(
      configuration: GitHubConfiguration(
        baseURL: server.baseURL, token: GitHubToken("secret\r\nX-Injected: 1")))

    do {
      _ = try await client.user("sferik")
      Issue.record("expected an error")
    } catch {
      guard case .invalidInput(let input) = error else {
        Issue.record("expected invalidInput, got \(error)")
        return
      }
      expectEqual(input.parameter, "token")
      #expect(!error.description.contains("secret"))
    }
    #expect(server.requests.isEmpty)
  }

  @Test("a base URL with a path (GitHub Enterprise) keeps its path")
  func enterpriseBaseURL() async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub("/api/v3/users/octocat", .respond(try ReplayFixture.user.response()))
    let base = server.baseURL.appendingPathComponent("api/v3/")
    let client = GitHubClient(configuration: GitHubConfiguration(baseURL: base, token: nil))

    let user = try await client.user("octocat")

    expectEqual(user.login, "sferik")
    expectEqual(server.requests.map(\.path), ["/api/v3/users/octocat"])
  }

  @Test("an unusable base URL is invalidInput")
  func badBaseURL() async throws {
    for text in ["ftp://example.com", "file:///tmp", "http://example.com/?q=1"] {
      let url = try #require(URL(string: text))
      let client = GitHubClient(configuration: GitHubConfiguration(baseURL: url, token: nil))
      await #expect {
        _ = try await client.user("octocat")
      } throws: { error in
        guard case .invalidInput(let input) = error as? GitHubError else { return false }
        return input.parameter == "baseURL"
      }
    }
  }

  @Test("a redirect to another origin drops the Authorization header")
  func crossOriginRedirect() async throws {
    let other = try ReplayServer.start()
    defer { other.stop() }
    other.stub("/users/octocat", .respond(try ReplayFixture.user.response()))
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub(
      "/users/octocat",
      .respond(
        .json(
          status: 301, #"{"message":"Moved Permanently"}"#,
          headers: [ReplayHeader("Location", other.baseURL.absoluteString + "/users/octocat")])))
    let client = GitHubClient(
      configuration: GitHubConfiguration(baseURL: server.baseURL, token: GitHubToken("secret")))

    let user = try await client.user("octocat")

    expectEqual(user.login, "sferik")
    expectEqual(server.requests.first?.header("Authorization"), "Bearer secret")
    expectEqual(other.requests.count, 1)
    #expect(other.requests.first?.header("Authorization") == nil)
  }

  @Test("a same-origin redirect keeps the Authorization header")
  func sameOriginRedirect() async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub(
      "/repos/octocat/old", .respond(try ReplayFixture.renamedRepository.response(status: 301)))
    server.stub("/repositories/515436299", .respond(try ReplayFixture.repository.response()))
    let client = GitHubClient(
      configuration: GitHubConfiguration(baseURL: server.baseURL, token: GitHubToken("secret")))

    _ = try await client.repository(owner: "octocat", name: "old")

    #expect(
      server.requests.map { $0.header("Authorization") } == ["Bearer secret", "Bearer secret"])
  }

  @Test("a 3xx that is not followed is a redirect error")
  func unfollowedRedirect() async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub("/users/nowhere", .respond(.json(status: 301, #"{"message":"Moved"}"#)))
    server.stub(
      "/users/elsewhere",
      .respond(
        .json(
          status: 302, "{}", headers: [ReplayHeader("Location", "ftp://example.com/users/x")])))
    let client = GitHubClient(
      configuration: GitHubConfiguration(baseURL: server.baseURL, token: nil))

    await #expect {
      _ = try await client.user("nowhere")
    } throws: { error in
      (error as? GitHubError) == .redirect(status: 301, location: nil)
    }
    await #expect {
      _ = try await client.user("elsewhere")
    } throws: { error in
      (error as? GitHubError) == .redirect(status: 302, location: "ftp://example.com/users/x")
    }
  }

  @Test("the rate limit of the latest response is kept, from lower-case or mixed-case headers")
  func latestRateLimit() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = GitHubClient(
      configuration: GitHubConfiguration(baseURL: server.baseURL, token: nil))
    #expect(client.rateLimit == nil)

    _ = try await client.repository(owner: "octokit-fixture-org", name: "hello-world")
    expectEqual(
      client.rateLimit,
      RateLimit(
        limit: 5000, remaining: 4962, used: 38, reset: Date(timeIntervalSince1970: 1_658_208_999),
        resource: "core"))

    // The events cassette spells the headers `X-Ratelimit-*` and has no `-Used`.
    _ = try await client.repositoryEvents(owner: "sferik", name: "rails_admin")
    expectEqual(
      client.rateLimit,
      RateLimit(
        limit: 5000, remaining: 4710, reset: Date(timeIntervalSince1970: 1_587_512_221)))

    // Even an error response updates it.
    _ = try? await client.repository(owner: "replay", name: "rate-limited")
    expectEqual(client.rateLimit?.remaining, 0)
  }

  @Test("headers are found whatever their case on the wire")
  func headerCase() async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub(
      "/repos/octocat/hello-world/events",
      .respond(
        .json(
          "[]",
          headers: [
            ReplayHeader("etag", #""lower""#), ReplayHeader("x-poll-interval", "90"),
            ReplayHeader("x-ratelimit-limit", "60"), ReplayHeader("X-RATELIMIT-REMAINING", "59"),
          ])))
    let client = GitHubClient(
      configuration: GitHubConfiguration(baseURL: server.baseURL, token: nil))

    let events = try await client.repositoryEvents(owner: "octocat", name: "hello-world")

    expectEqual(events.etag, #""lower""#)
    expectEqual(events.pollInterval, .seconds(90))
    expectEqual(events.rateLimit, RateLimit(limit: 60, remaining: 59))
  }
}

/// Subscribes to a `Single` and waits for its value.
private func value<Element: Sendable>(
  of single: Single<Element>
) async throws -> Element {
  let result = await withCheckedContinuation { continuation in
    _ = single.subscribe { continuation.resume(returning: $0) }
  }
  return try result.get()
}
