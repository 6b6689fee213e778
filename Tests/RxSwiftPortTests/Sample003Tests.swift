import GitHubReplay
import ObservableCore
import Testing

@Suite("Sample 003: repository events with conditional requests", .timeLimit(.minutes(1)))
@MainActor
struct Sample003Tests {
  private static let eventsPath = "/repos/sferik/rails_admin/events"

  @Test("two views share one request, and the next fetch is a conditional 304")
  func sharedAndConditional() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let service = EventsService(baseURL: server.baseURL)

    let first = ActivityViewController()
    first.bind(events: service.events(repository: "sferik/rails_admin"))
    #expect(await waitUntil { first.renders == 2 })

    // share(replay: 1): both views were served by a single request.
    #expect(server.requests(path: Self.eventsPath).count == 1)
    #expect(server.requests(path: Self.eventsPath).first?.header("If-None-Match") == nil)
    let stargazers = try #require(first.stargazersLabel.text)
    #expect(!stargazers.isEmpty)
    #expect(first.countLabel.text?.hasSuffix(" new stars") == true)

    // Refreshing sends the ETag; the server answers 304 and the cached events are shown.
    let second = ActivityViewController()
    second.bind(events: service.events(repository: "sferik/rails_admin"))
    #expect(await waitUntil { second.renders == 2 })
    let requests = server.requests(path: Self.eventsPath)
    #expect(requests.count == 2)
    #expect(requests.last?.header("If-None-Match") != nil)
    #expect(service.notModifiedCount == 1)
    #expect(second.stargazersLabel.text == stargazers)
    #expect(second.countLabel.text == first.countLabel.text)
  }
}
