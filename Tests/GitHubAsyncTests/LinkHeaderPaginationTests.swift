import Foundation
import ObservableTesting
import Testing

@testable import GitHubAsync

@Suite("LinkHeader: pagination styles")
struct LinkHeaderPaginationTests {
  @Test("since: rel=\"first\" as a URI template {?since} leaves next intact")
  func sinceTemplate() {
    let header = LinkHeader(
      #"<https://api.github.com/organizations?since=7>; rel="next", <https://api.github.com/organizations{?since}>; rel="first""#
    )
    #expect(header.target(for: "next") == "https://api.github.com/organizations?since=7")
    #expect(header.target(for: "first") == "https://api.github.com/organizations{?since}")
    // Template first, then next.
    let reversed = LinkHeader(
      #"<https://api.github.com/organizations{?since}>; rel="first", <https://api.github.com/organizations?since=7>; rel="next""#
    )
    #expect(reversed.target(for: "next") == "https://api.github.com/organizations?since=7")
  }

  @Test("cursor: next and prev only, with encoded cursors and commas in targets")
  func cursor() {
    let header = LinkHeader(
      #"<https://api.github.com/repos/o/r/activity?per_page=2&before=Y3Vy%3D%3D>; rel="prev", <https://api.github.com/repos/o/r/activity?per_page=2&cursor=Y3Vy,c29y%3D>; rel="next""#
    )
    expectEqual(
      header.target(for: "next"),
      "https://api.github.com/repos/o/r/activity?per_page=2&cursor=Y3Vy,c29y%3D")
    #expect(header.target(for: "last") == nil)
  }

  @Test("a next URL on another path, as in the recorded issue pages")
  func otherPath() {
    let header = LinkHeader(
      #"<https://api.github.com/repositories/515435940/issues?per_page=3&page=2>; rel="next", <https://api.github.com/repositories/515435940/issues?per_page=3&page=5>; rel="last""#
    )
    expectEqual(
      header.target(for: "next"),
      "https://api.github.com/repositories/515435940/issues?per_page=3&page=2")
  }
}
