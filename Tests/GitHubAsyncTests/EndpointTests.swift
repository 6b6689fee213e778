import Foundation
import ObservableTesting
import Testing

@testable import GitHubAsync

@Suite("Endpoint: URL building")
struct EndpointTests {
  @Test("only unreserved characters stay as they are")
  func percentEncoding() {
    expectEqual(Endpoint.percentEncode("AZaz09-._~"), "AZaz09-._~")
    expectEqual(Endpoint.percentEncode("a/b?c#d%e+f&g=h i"), "a%2Fb%3Fc%23d%25e%2Bf%26g%3Dh%20i")
    expectEqual(Endpoint.percentEncode("é😀\n"), "%C3%A9%F0%9F%98%80%0A")
    expectEqual(Endpoint.percentEncode(""), "")
  }

  @Test("segments and query items are appended to the base URL's path")
  func building() throws {
    let base = try #require(URL(string: "https://ghe.example/api/v3/"))
    let url = try Endpoint.url(
      baseURL: base, segments: ["search", "a b"], query: [("q", "x+y"), ("n", "1")])
    expectEqual(url.absoluteString, "https://ghe.example/api/v3/search/a%20b?q=x%2By&n=1")
    let plain = try Endpoint.url(baseURL: GitHubConfiguration.gitHubAPI, segments: ["users", "x"])
    expectEqual(plain.absoluteString, "https://api.github.com/users/x")
  }

  @Test("Linux timeouts are rounded up to whole seconds")
  func timeoutRounding() {
    #if canImport(FoundationNetworking)
      expectEqual(GitHubClient.sessionTimeout(.milliseconds(500)), 1)
      expectEqual(GitHubClient.sessionTimeout(.milliseconds(1500)), 2)
      expectEqual(GitHubClient.sessionTimeout(.zero), 1)
    #endif
    expectEqual(GitHubClient.sessionTimeout(.seconds(30)), 30)
  }
}
