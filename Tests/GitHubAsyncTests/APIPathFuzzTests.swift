import Foundation
import GitHubReplay
import ObservableTesting
import TestProcessSupport
import Testing

@testable import GitHubAsync

/// Caller paths and query items through the URL building of `get` and `paginate`: whatever
/// they hold, the client refuses them with a typed error or builds a URL, and never stops the
/// program.
@Suite("GitHubClient: API paths, fuzzed")
struct APIPathFuzzTests {
  @Test("random paths and query items: a typed error or a URL, the same as validatePath says")
  func randomPaths() throws {
    var generator = SplitMix64(seed: 0xA11_0001)
    let bases = [
      GitHubConfiguration.gitHubAPI, try #require(URL(string: "https://ghe.example/api/v3/")),
    ]
    let pieces = [
      "/", "/", "/", "a", "repos", "%", "%2F", "%2e", "%zz", "[", "]", "{", "}", "|", "\"", "<",
      ">", "\\", "^", "`", " ", "?", "#", "é", "😀", "\u{7F}", "\t", ".", "..", "@", ":", "+",
      "!", "$", "&", "'", "(", ")", "*", ",", ";", "=", "~",
    ]
    for index in 0..<5000 {
      var path = generator.next() % 4 == 0 ? "" : "/"
      for _ in 0..<(generator.next() % 10) {
        path += pieces[Int(generator.next() % UInt64(pieces.count))]
      }
      let query = [
        pieces[Int(generator.next() % UInt64(pieces.count))]:
          pieces[Int(generator.next() % UInt64(pieces.count))]
      ]
      let valid = (try? GitHubClient.validatePath(path)) != nil
      for base in bases {
        do {
          let url = try Endpoint.url(baseURL: base, path: path, query: query)
          #expect(valid, "case \(index): \(path.debugDescription) gave \(url)")
          #expect(Endpoint.isOnAPI(url, baseURL: base), "case \(index): \(url)")
        } catch {
          #expect(!valid, "case \(index): \(path.debugDescription): \(error)")
          guard case .invalidInput(let input) = error else {
            Issue.record("case \(index): \(error)")
            continue
          }
          expectEqual(input.parameter, "path")
        }
      }
    }
  }

  @Test("characters a path cannot carry raw are encoded, such as a bot's brackets")
  func bracketsAreEncoded() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let user = try await anyEndpointClient(server).get(
      User.self, path: "/users/shipit[bot]")
    expectEqual(user.login, "shipit[bot]")
    expectEqual(server.requests.map(\.target), [ReplayScenario.GitHubPaths.botUser])
  }

  @Test("validateName and validatePath refuse what the calls refuse, before any request")
  func validators() {
    for name in ["dependabot[bot]", "a b", "...", "zoë", "x?y#z%"] {
      #expect(throws: Never.self) { try GitHubClient.validateName(name, parameter: "owner") }
    }
    for name in ["", ".", "..", "a/b", "a\nb", String(repeating: "é", count: 200)] {
      #expect(throws: GitHubError.self) {
        try GitHubClient.validateName(name, parameter: "owner")
      }
    }
    #expect(throws: Never.self) { try GitHubClient.validatePath("/users/dependabot[bot]") }
    for path in ["users/x", "/a//b", "/a/../b", "/a b", "/a?b", "/a%zz"] {
      #expect(throws: GitHubError.self) { try GitHubClient.validatePath(path) }
    }
  }
}
