import Foundation
import GitHubReplay
import ObservableTesting
import Testing

@testable import GitHubAsync

@Suite("Models: decoding real GitHub JSON")
struct GitHubModelDecodingTests {
  private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try GitHubJSON.decoder().decode(type, from: Data(json.utf8))
  }

  private func decode<T: Decodable>(_ type: T.Type, fixture: ReplayFixture, status: Int = 200)
    throws -> T
  {
    try GitHubJSON.decoder().decode(type, from: fixture.response(status: status).body)
  }

  @Test("the recorded repository decodes with its dates, owner and counts")
  func recordedRepository() throws {
    let repository = try decode(Repository.self, fixture: .repository)
    expectEqual(repository.fullName, "octokit-fixture-org/hello-world")
    expectEqual(repository.owner?.login, "octokit-fixture-org")
    expectEqual(repository.owner?.type, "Organization")
    expectEqual(repository.createdAt, Date(timeIntervalSince1970: 1_505_511_788))
    expectEqual(repository.isPrivate, false)
    expectEqual(repository.defaultBranch, "master")
    expectEqual(
      repository.htmlURL?.absoluteString, "https://github.com/octokit-fixture-org/hello-world")
    #expect(repository.score == nil)
  }

  @Test("every written search page decodes, with a null license and scores")
  func searchPages() throws {
    for interaction in try ReplayFixture.searchRepositories.interactions() {
      let body = try GitHubJSON.decoder().decode(
        SearchEnvelope.self, from: interaction.response.body)
      #expect(body.totalCount == 5)
      #expect(!body.incompleteResults)
      #expect(body.items.allSatisfy { $0.score == 1 && $0.topics == ["swift", "example"] })
    }
    let second = try ReplayFixture.searchRepositories.interactions()[1].response.body
    let items = try GitHubJSON.decoder().decode(SearchEnvelope.self, from: second).items
    #expect(items[1].license == nil)
    #expect(items[0].license?.spdxID == "MIT")
  }

  @Test("the recorded events decode; the counts by type match the cassette")
  func events() throws {
    let events = try decode([Event].self, fixture: .repositoryEvents)
    expectEqual(events.count, 30)
    var counts: [String: Int] = [:]
    for event in events { counts[event.type.rawValue, default: 0] += 1 }
    expectEqual(
      counts,
      [
        "WatchEvent": 23, "ForkEvent": 3, "IssuesEvent": 2, "IssueCommentEvent": 1,
        "PullRequestEvent": 1,
      ])
    let first = try #require(events.first)
    expectEqual(first.id, "12109900542")
    expectEqual(first.type, .watch)
    expectEqual(first.actor.displayLogin, "sarslanoglu")
    expectEqual(first.repo.name, "sferik/rails_admin")
    expectEqual(first.payload["action"]?.stringValue, "started")
    expectEqual(first.createdAt, Date(timeIntervalSince1970: 1_587_461_481))
  }

  @Test("an unknown event type decodes as unknown, not as a failure")
  func unknownEventType() throws {
    let event = try decode(
      Event.self,
      #"{"id":"1","type":"BrandNewEvent","actor":{"id":1,"login":"a"},"repo":{"id":2,"name":"a/b"},"payload":{"x":[1,2.5,null,true]},"public":true,"created_at":"2024-01-01T00:00:00Z"}"#
    )
    expectEqual(event.type, .unknown("BrandNewEvent"))
    expectEqual(event.type.rawValue, "BrandNewEvent")
    expectEqual(event.payload, .object(["x": .array([.int(1), .double(2.5), .null, .bool(true)])]))
    expectEqual(EventType(rawValue: "PushEvent"), .push)
  }

  @Test("the 2013 user decodes without site_admin or node_id")
  func oldUser() throws {
    let user = try decode(User.self, fixture: .user)
    expectEqual(user.login, "sferik")
    expectEqual(user.id, 10308)
    #expect(!user.isSiteAdmin)
    #expect(user.nodeID == nil)
    #expect(user.publicRepos != nil)
  }

  @Test("nulls, missing optional fields and unknown fields are tolerated")
  func tolerance() throws {
    let repository = try decode(
      Repository.self,
      #"{"id":1,"name":"r","full_name":"o/r","owner":null,"description":null,"stargazers_count":null,"license":null,"brand_new_field":{"nested":true},"topics":null,"created_at":null,"html_url":"not a url {x}"}"#
    )
    #expect(repository.owner == nil)
    expectEqual(repository.stargazersCount, 0)
    expectEqual(repository.topics, [])
    #expect(repository.createdAt == nil)
    #expect(repository.htmlURL == nil)
    let user = try decode(
      User.self, #"{"id":1,"login":"a","name":null,"created_at":"2020-01-01T00:00:00.123Z"}"#)
    #expect(user.name == nil)
    let created = try #require(user.createdAt)
    #expect(abs(created.timeIntervalSince1970 - 1_577_836_800.123) < 0.0001)
  }

  @Test("ISO-8601 dates with fractions and offsets")
  func dates() {
    expectEqual(
      GitHubJSON.parseDate("2020-04-21T09:31:21Z"), Date(timeIntervalSince1970: 1_587_461_481))
    expectEqual(
      GitHubJSON.parseDate("2020-04-21T11:31:21+02:00"), Date(timeIntervalSince1970: 1_587_461_481))
    expectEqual(
      GitHubJSON.parseDate("2020-04-21T09:31:21.5Z"), Date(timeIntervalSince1970: 1_587_461_481.5))
    #expect(GitHubJSON.parseDate("yesterday") == nil)
  }

  @Test("required fields missing or a bad date fail with a useful reason")
  func failures() async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub("/users/a", .respond(.json(#"{"login":"a"}"#)))
    server.stub("/users/b", .respond(.json(#"{"id":1,"login":"b","created_at":"soon"}"#)))
    server.stub("/users/c", .respond(.json("")))
    let client = GitHubClient(
      configuration: GitHubConfiguration(baseURL: server.baseURL, token: nil))

    for (name, reason) in [
      ("a", "missing key 'id' at the top level"), ("b", "invalid value at created_at"),
      ("c", "invalid JSON"),
    ] {
      do {
        _ = try await client.user(name)
        Issue.record("expected an error")
      } catch {
        guard case .decodingFailed(let failure) = error else {
          Issue.record("expected decodingFailed, got \(error)")
          continue
        }
        expectEqual(failure.reason, reason)
      }
    }
  }
}
