import Foundation
import GitHubReplay
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("ReplayServer")
struct ReplayServerTests {
  @Test("serves the recorded repository")
  func servesRepository() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let url = server.baseURL.appendingPathComponent("repos/octokit-fixture-org/hello-world")
    let (data, response) = try await URLSession.shared.data(from: url)
    let http = try #require(response as? HTTPURLResponse)
    #expect(http.statusCode == 200)
    print(http.allHeaderFields)
    print(String(decoding: data.prefix(300), as: UTF8.self))
    #expect(server.requests.count == 1)
    print(server.requests[0])
  }
}
