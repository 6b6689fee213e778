import Foundation
import GitHubReplay
import ObservableTesting
import Testing

@testable import GitHubAsync

@Suite("GitHubError: classification and redaction")
struct GitHubErrorTests {
  private static func header(_ values: [String: String]) -> (String) -> String? {
    { name in values.first { $0.key.lowercased() == name.lowercased() }?.value }
  }

  @Test("403 and 429 are classified by headers and message, not by status")
  func classification() {
    let exhausted = RateLimit(limit: 60, remaining: 0, reset: Date(timeIntervalSince1970: 100))
    let plenty = RateLimit(limit: 5000, remaining: 4000)

    // Retry-After: secondary, with the wait.
    let secondary = GitHubClient.rateLimitExceeded(
      status: 403, message: "whatever", header: Self.header(["Retry-After": "30"]),
      rateLimit: plenty)
    expectEqual(secondary?.kind, .secondary)
    expectEqual(secondary?.retryAfter, .seconds(30))

    // remaining 0: primary until the reset, for 403 and 429 alike.
    for status in [403, 429] {
      let primary = GitHubClient.rateLimitExceeded(
        status: status, message: nil, header: Self.header([:]), rateLimit: exhausted)
      expectEqual(primary?.kind, .primary)
      expectEqual(primary?.resetDate, Date(timeIntervalSince1970: 100))
    }

    // Neither header: the message decides.
    let byMessage = GitHubClient.rateLimitExceeded(
      status: 403, message: "You have exceeded a secondary rate limit.",
      header: Self.header([:]), rateLimit: plenty)
    expectEqual(byMessage?.kind, .secondary)
    expectEqual(byMessage?.retryAfter, .seconds(60))

    // A plain 403: no rate limit.
    let permission = GitHubClient.rateLimitExceeded(
      status: 403, message: "Must have admin rights to Repository.", header: Self.header([:]),
      rateLimit: plenty)
    #expect(permission == nil)
  }

  @Test(
    "the written 403 and 429 fixtures map to forbidden, primary and secondary",
    arguments: [
      (ReplayFixture.forbidden, "forbidden"),
      (ReplayFixture.rateLimitPrimary, "primary"),
      (ReplayFixture.rateLimitPrimary429, "primary"),
      (ReplayFixture.rateLimitSecondary, "secondary"),
      (ReplayFixture.rateLimitSecondary403, "secondary"),
    ])
  func fixtures(fixture: ReplayFixture, expected: String) async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub("/users/octocat", .respond(try fixture.response()))
    let client = GitHubClient(
      configuration: GitHubConfiguration(baseURL: server.baseURL, token: nil))

    do {
      _ = try await client.user("octocat")
      Issue.record("expected an error")
    } catch {
      switch error {
      case .forbidden(let message):
        expectEqual(expected, "forbidden")
        expectEqual(message.message, "Resource not accessible by personal access token")
      case .rateLimited(let limit):
        expectEqual(expected, (limit.kind == .primary ? "primary" : "secondary"))
      default:
        Issue.record("unexpected \(error)")
      }
    }
  }

  @Test("the token never appears in descriptions, debug descriptions or dumps")
  func tokenRedaction() async throws {
    let secret = "ghp_SECRET123"
    let token = GitHubToken(secret)
    var dumped = ""
    dump(token, to: &dumped)
    let configuration = GitHubConfiguration(token: token)
    var dumpedConfiguration = ""
    dump(configuration, to: &dumpedConfiguration)

    for text in [
      token.description, token.debugDescription, String(reflecting: token), "\(token)", dumped,
      configuration.description, String(reflecting: configuration), dumpedConfiguration,
    ] {
      #expect(!text.contains(secret), "leaked in: \(text)")
    }
  }

  @Test("a server echoing the token in its body does not leak it into the error")
  func echoedToken() async throws {
    let secret = "ghp_ECHOED456"
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub(
      "/users/octocat",
      .handler { request in
        .json(
          status: 200,
          #"{"echo": "\#(request.header("Authorization") ?? "")"#)
      })
    server.stub(
      "/users/mona",
      .handler { request in
        .json(status: 403, #"{"message": "\#(request.header("Authorization") ?? "")"}"#)
      })
    server.stub(
      "/users/hubot",
      .handler { request in
        let echoed = request.header("Authorization") ?? ""
        return .json(
          status: 422,
          #"{"message": "Validation Failed", "documentation_url": "\#(echoed)", "errors": [{"resource": "\#(echoed)", "field": "\#(echoed)", "code": "\#(echoed)", "message": "\#(echoed)"}, "\#(echoed)"]}"#
        )
      })
    server.stub(
      "/users/monalisa",
      .handler { request in
        ReplayResponse(
          status: 300,
          headers: [
            ReplayHeader("Location", "https://example.com/\(request.header("Authorization") ?? "")")
          ])
      })
    let client = GitHubClient(
      configuration: GitHubConfiguration(baseURL: server.baseURL, token: GitHubToken(secret)))

    for name in ["octocat", "mona", "hubot", "monalisa"] {
      do {
        _ = try await client.user(name)
        Issue.record("expected an error")
      } catch {
        #expect(!error.description.contains(secret))
        #expect(!error.debugDescription.contains(secret))
        #expect(!String(reflecting: error).contains(secret))
        var dumped = ""
        dump(error, to: &dumped)
        #expect(!dumped.contains(secret))
      }
    }
    expectEqual(server.requests.first?.header("Authorization"), "Bearer \(secret)")
    #expect(!server.requests[0].description.contains(secret))
  }

  @Test("descriptions say what happened")
  func descriptions() {
    expectEqual(GitHubError.cancelled.description, "cancelled")
    expectEqual(
      GitHubError.notFound(GitHubMessage(status: 404, message: "Not Found")).description,
      "not found (HTTP 404: Not Found)")
    expectEqual(
      GitHubError.validationFailed(
        ValidationFailure(
          message: "Validation Failed",
          errors: [.init(resource: "Label", field: "color", code: "invalid")])
      ).description, "validation failed (Validation Failed; Label.color: invalid)")
    #expect(GitHubError.transport(URLError(.timedOut)).description.contains("-1001"))
    #expect(GitHubError.transport(URLError(.timedOut)).status == nil)
    expectEqual(GitHubError.redirect(status: 301, location: nil).status, 301)
  }

  @Test("URLSession errors map to transport, cancellation to cancelled")
  func errorMapping() {
    expectEqual(GitHubClient.map(URLError(.cancelled)), .cancelled)
    expectEqual(GitHubClient.map(CancellationError()), .cancelled)
    expectEqual(GitHubClient.map(URLError(.timedOut)), .transport(URLError(.timedOut)))
    let bridged = NSError(domain: NSURLErrorDomain, code: URLError.Code.cancelled.rawValue)
    expectEqual(GitHubClient.map(bridged), .cancelled)
    let other = NSError(domain: "elsewhere", code: 1)
    guard case .transport(let error) = GitHubClient.map(other) else {
      Issue.record("expected transport")
      return
    }
    expectEqual(error.code, .unknown)
  }

  @Test("RateLimit reads epoch seconds, and milliseconds as in normalized fixtures")
  func rateLimitParsing() {
    let seconds = RateLimit(
      header: Self.header([
        "x-ratelimit-limit": "60", "x-ratelimit-remaining": "1", "x-ratelimit-used": "59",
        "x-ratelimit-reset": "1658208999", "x-ratelimit-resource": "core",
      ]))
    expectEqual(
      seconds,
      RateLimit(
        limit: 60, remaining: 1, used: 59, reset: Date(timeIntervalSince1970: 1_658_208_999),
        resource: "core"))
    let milliseconds = RateLimit(
      header: Self.header([
        "X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "1",
        "X-RateLimit-Reset": "1507651200000",
      ]))
    expectEqual(milliseconds?.reset, Date(timeIntervalSince1970: 1_507_651_200))
    #expect(RateLimit(header: Self.header(["X-RateLimit-Limit": "60"])) == nil)
    #expect(
      RateLimit(header: Self.header(["X-RateLimit-Limit": "x", "X-RateLimit-Remaining": "1"]))
        == nil)
  }
}
