import Foundation
import GitHubReplay
import ObservableTesting
import Testing

@testable import GitHubAsync

@Suite("LinkHeader")
struct LinkHeaderTests {
  @Test("pagination relations from a recorded header")
  func pagination() {
    let header = LinkHeader(
      #"<https://api.github.com/repositories/810796/events?page=2>; rel="next", <https://api.github.com/repositories/810796/events?page=8>; rel="last""#
    )
    expectEqual(
      header.target(for: "next"), "https://api.github.com/repositories/810796/events?page=2")
    expectEqual(
      header.target(for: "last"), "https://api.github.com/repositories/810796/events?page=8")
    #expect(header.target(for: "prev") == nil)
  }

  @Test("other relations with extra parameters, as in the recorded deprecation header")
  func deprecation() throws {
    // The header is on a recorder set-up call, which replays skip; read the file directly.
    let data = try Data(contentsOf: ReplayFixture.branchProtection.url)
    let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    let raw = entries.compactMap { $0["rawHeaders"] as? [String] }.flatMap { headers in
      stride(from: 0, to: headers.count - 1, by: 2).filter { headers[$0] == "Link" }.map {
        headers[$0 + 1]
      }
    }
    let value = try #require(raw.first { $0.contains("deprecation") })
    let header = LinkHeader(value)
    let deprecation = try #require(header.links.first { $0.relations.contains("deprecation") })
    #expect(deprecation.parameters["type"] == "text/html")
    #expect(
      deprecation.target
        == "https://developer.github.com/changes/2020-01-21-moving-the-team-api-endpoints/")
    #expect(header.target(for: "alternate") != nil)
    #expect(header.target(for: "next") == nil)
  }

  @Test("every recorded and written Link header parses into <url> entries with a rel")
  func allFixtures() throws {
    for fixture in ReplayFixture.allCases {
      for interaction in try fixture.interactions() {
        for value in interaction.response.headers.values(named: "Link") {
          let header = LinkHeader(value)
          #expect(!header.links.isEmpty, "\(fixture): \(value)")
          #expect(
            header.links.allSatisfy { $0.target.hasPrefix("https://") && !$0.relations.isEmpty })
        }
      }
    }
  }

  @Test("commas and semicolons inside targets and quoted values, several rels, odd spacing")
  func edgeCases() {
    let header = LinkHeader(
      #"<https://x.test/s?q=a,b;c>;rel="next last" ; title="a, \"b\"; c",<https://x.test/p>; REL=prev"#
    )
    expectEqual(header.links.count, 2)
    expectEqual(header.target(for: "next"), "https://x.test/s?q=a,b;c")
    expectEqual(header.target(for: "last"), "https://x.test/s?q=a,b;c")
    expectEqual(header.links[0].parameters["title"], #"a, "b"; c"#)
    expectEqual(header.target(for: "prev"), "https://x.test/p")
  }

  @Test("garbage never crashes and yields what can be salvaged")
  func garbage() {
    #expect(LinkHeader("").links.isEmpty)
    #expect(LinkHeader("garbage").links.isEmpty)
    #expect(LinkHeader("<unterminated; rel=next").links.isEmpty)
    expectEqual(
      LinkHeader(#"junk, <https://x.test/2>; rel="next""#).target(for: "next"), "https://x.test/2")
    #expect(LinkHeader(#"<https://x.test/2>; rel="next"#).target(for: "next") == "https://x.test/2")
    #expect(LinkHeader(",,, ;;").links.isEmpty)
  }
}
