import Foundation
import GitHubReplay
import ObservableTesting
import Testing

/// The token reaches the server and nothing else: not standard output, not standard error,
/// not the one-line error reports, even when the server echoes it back.
@Suite("bridge-demo never prints the token", .serialized)
struct TokenRedactionTests {
  static let secret = "ghp_DemoSecret0123456789abcdef"

  /// Commands whose failing responses echo the `Authorization` header wherever an error can
  /// quote the response: the message, field errors, documentation URLs, a body that does not
  /// decode, a `Location` header.
  static let commands: [[String]] = [
    ["user", "octocat", "--style", "both"],
    ["user", "octocat", "--json"],
    ["repo", "octo/echo", "--style", "both"],
    ["repo", "octo/invalid", "--style", "both"],
    ["repo", "octo/broken", "--style", "both"],
    ["repo", "octo/moved", "--style", "both"],
  ]

  @Test("the token is sent but never printed", arguments: commands)
  func neverPrinted(_ arguments: [String]) async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    stubEchoes(on: server)

    let run = try await runDemo(
      arguments + ["--base-url", server.baseURL.absoluteString],
      environment: ["GITHUB_TOKEN": Self.secret])

    #expect(!run.stdout.contains(Self.secret), "\(run)")
    #expect(!run.stderr.contains(Self.secret), "\(run)")
    #expect(!run.stderr.contains("Fatal error"))
    // The token really was in play: the server received it on every request.
    #expect(!server.requests.isEmpty)
    for request in server.requests {
      expectEqual(request.header("Authorization"), "Bearer \(Self.secret)")
    }
  }

  private func stubEchoes(on server: ReplayServer) {
    server.stub(
      "/users/octocat",
      .handler { request in
        .json(
          status: 401,
          #"{"message": "Bad credentials: \#(echoed(request))", "#
            + #""documentation_url": "https://docs.github.com/\#(echoed(request))"}"#)
      })
    server.stub(
      "/repos/octo/echo",
      .handler { request in
        .json(status: 404, #"{"message": "Not Found \#(echoed(request))"}"#)
      })
    server.stub(
      "/repos/octo/invalid",
      .handler { request in
        let token = echoed(request)
        return .json(
          status: 422,
          #"{"message": "Validation Failed \#(token)", "documentation_url": "\#(token)", "#
            + #""errors": [{"resource": "\#(token)", "field": "\#(token)", "code": "\#(token)", "#
            + #""message": "\#(token)"}, "\#(token)"]}"#)
      })
    server.stub(
      "/repos/octo/broken",
      .handler { request in
        .json(status: 200, #"{"id": "\#(echoed(request))", "#)
      })
    server.stub(
      "/repos/octo/moved",
      .handler { request in
        ReplayResponse(
          status: 300,
          headers: [ReplayHeader("Location", "https://example.com/\(echoed(request))")])
      })
  }
}

/// The `Authorization` header a request carried, to echo back.
private func echoed(_ request: RecordedRequest) -> String {
  request.header("Authorization") ?? ""
}
