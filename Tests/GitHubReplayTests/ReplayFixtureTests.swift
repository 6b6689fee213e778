import Foundation
import ObservableTesting
import Testing

@testable import GitHubReplay

@Suite("ReplayFixture and the fixture loader")
struct ReplayFixtureTests {
  @Test("every bundled fixture loads", arguments: ReplayFixture.allCases)
  func loads(fixture: ReplayFixture) throws {
    let interactions = try fixture.interactions()
    #expect(!interactions.isEmpty)
    for interaction in interactions {
      #expect(interaction.target.hasPrefix("/"))
      #expect(interaction.response.header("Content-Length") == nil)
      if interaction.response.status != 204, interaction.response.status != 304 {
        #expect(
          (try? JSONSerialization.jsonObject(with: interaction.response.body)) != nil,
          "\(fixture) \(interaction.target) body is not JSON")
      }
    }
  }

  @Test("recordings and written files are told apart, and license notices ship alongside")
  func provenance() throws {
    #expect(ReplayFixture.repository.isRecording)
    #expect(ReplayFixture.repositoryEvents.isRecording)
    #expect(!ReplayFixture.searchRepositories.isRecording)
    #expect(!ReplayFixture.eventsNotModified.isRecording)
    for path in [
      "README.md", "recorded/octokit/LICENSE.md", "recorded/octokit-rb/LICENSE.md",
      "written/LICENSE.md",
    ] {
      let url = ReplayFixture.directory.appendingPathComponent(path)
      #expect(FileManager.default.fileExists(atPath: url.path), "missing \(path)")
    }
  }

  @Test("nock: recorder set-up calls are skipped; raw header lists keep repeats")
  func nock() throws {
    let renamed = try ReplayFixture.renamedRepository.interactions()
    expectEqual(renamed.map(\.response.status), [200, 301, 200, 307, 200])
    let repository = try ReplayFixture.repository.response()
    expectEqual(repository.headers.values(named: "Vary").count, 2)
    #expect(repository.header("etag") != nil)
  }

  @Test("VCR: line-wrapped base64 bodies decode, arrays of values become separate lines")
  func vcr() throws {
    let events = try ReplayFixture.repositoryEvents.interactions()
    expectEqual(events.count, 1)
    expectEqual(events[0].method, "GET")
    expectEqual(events[0].target, "/repos/sferik/rails_admin/events")
    let body = try #require(
      try JSONSerialization.jsonObject(with: events[0].response.body) as? [[String: Any]])
    expectEqual(body.count, 30)
    expectEqual(events[0].response.headers.values(named: "Vary").count, 2)
    expectEqual(events[0].response.header("X-Poll-Interval"), "60")
    expectEqual(events[0].response.header("Transfer-Encoding"), "chunked")  // dropped on the wire
  }

  @Test("the recorded bot user keeps its percent-encoded path, and the scenario serves it")
  func botUser() throws {
    let interaction = try #require(try ReplayFixture.botUser.interactions().first)
    #expect(ReplayFixture.botUser.isRecording)
    #expect(interaction.target == "/users/shipit%5Bbot%5D")
    #expect(interaction.route().path == ReplayScenario.GitHubPaths.botUser)
    let body = try #require(
      try JSONSerialization.jsonObject(with: interaction.response.body) as? [String: Any])
    #expect(body["login"] as? String == "shipit[bot]")
    #expect(body["type"] as? String == "Bot")
    let scenario = try ReplayScenario.gitHub()
    #expect(scenario.routes.contains { $0.path == ReplayScenario.GitHubPaths.botUser })
  }

  @Test("the written 304 carries its If-None-Match, which its route requires")
  func conditionalRoute() throws {
    let interaction = try #require(try ReplayFixture.eventsNotModified.interactions().first)
    let route = interaction.route()
    expectEqual(route.headers, ["if-none-match": #"W/"db5b83d1750484226c14c91898573546""#])
    expectEqual(route.path, "/repos/sferik/rails_admin/events")
    let moved = interaction.route(at: "/elsewhere")
    expectEqual(moved.path, "/elsewhere")
  }

  @Test("missing and malformed files are typed errors")
  func errors() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("fixtures-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    let missing = directory.appendingPathComponent("missing.json")
    #expect(throws: ReplayServerError.fixtureNotFound(missing.path)) {
      try ReplayInteraction.load(contentsOf: missing)
    }
    for (name, text) in [
      ("a.json", "not json"), ("b.json", #"{"other": 1}"#), ("c.json", #"[{"method": "get"}]"#),
      ("d.json", #"[{"method":"get","path":"/","status":200,"rawHeaders":["odd"]}]"#),
      ("e.json", #"{"http_interactions":[{"request":{}}]}"#),
      (
        "f.json",
        #"{"http_interactions":[{"request":{"method":"get","uri":"https://x/y"},"response":{"status":{"code":200},"body":{"base64_string":"%%%"}}}]}"#
      ),
    ] {
      let url = directory.appendingPathComponent(name)
      try Data(text.utf8).write(to: url)
      #expect(throws: ReplayServerError.self) { try ReplayInteraction.load(contentsOf: url) }
    }
  }

  @Test("a VCR body given as plain text loads")
  func vcrPlainString() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID()).json")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(
      #"{"http_interactions":[{"request":{"method":"get","uri":"https://api.github.com/a?b=1"},"response":{"status":{"code":201},"headers":{"X":["1","2"]},"body":{"string":"{}"}}}]}"#
        .utf8
    ).write(to: url)

    let interaction = try #require(try ReplayInteraction.load(contentsOf: url).first)

    #expect(interaction.target == "/a?b=1")
    #expect(interaction.path == "/a")
    #expect(interaction.response.status == 201)
    #expect(interaction.response.headers == [ReplayHeader("X", "1"), ReplayHeader("X", "2")])
    #expect(interaction.response.bodyText == "{}")
  }
}

@Suite("HTTPRequestHead")
struct HTTPRequestHeadTests {
  private func parse(_ text: String) throws(HTTPRequestHead.Failure) -> HTTPRequestHead {
    try HTTPRequestHead.parse(ArraySlice(text.utf8))
  }

  @Test("parses the request line and headers, trimming values")
  func parses() throws {
    let head = try parse("GET /a?b=c HTTP/1.1\r\nHost: x\r\nX-Two:  spaced \t\r\n\r\n")
    expectEqual(head.method, "GET")
    expectEqual(head.target, "/a?b=c")
    expectEqual(head.version, "HTTP/1.1")
    expectEqual(head.headers, [ReplayHeader("Host", "x"), ReplayHeader("X-Two", "spaced")])
    #expect(try head.bodyLength() == 0)
  }

  @Test("absolute-form targets are reduced to origin form")
  func absoluteForm() throws {
    #expect(try parse("GET http://h:1/p?q HTTP/1.1\r\n\r\n").target == "/p?q")
    #expect(try parse("GET https://h HTTP/1.1\r\n\r\n").target == "/")
  }

  @Test("finds the end of the head only when it has arrived")
  func endOfHead() {
    #expect(HTTPRequestHead.endOfHead(in: Array("GET / HTTP/1.1\r\n".utf8)) == nil)
    expectEqual(HTTPRequestHead.endOfHead(in: Array("GET / HTTP/1.1\r\n\r\nbody".utf8)), 18)
    #expect(HTTPRequestHead.endOfHead(in: []) == nil)
  }

  @Test("reports the body length and rejects bad ones")
  func bodyLength() throws {
    #expect(try parse("POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\n").bodyLength() == 5)
    #expect(throws: HTTPRequestHead.Failure.self) {
      try parse("POST / HTTP/1.1\r\nContent-Length: five\r\n\r\n").bodyLength()
    }
  }
}
