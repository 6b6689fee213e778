import Foundation
import GitHubAsync
import GitHubReplay
import ObservableCore
import ObservableTesting
import Testing

@Suite("GitHubClient: conditional requests and the cache")
struct GitHubConditionalRequestTests {
  private static let eventsPath = "/repos/sferik/rails_admin/events"
  private static let etag = #"W/"db5b83d1750484226c14c91898573546""#

  @Test("a conditional round trip sends If-None-Match, gets a 304, and returns the cached events")
  func roundTrip() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = conditionalClient(server)

    let first = try await client.repositoryEvents(owner: "sferik", name: "rails_admin")
    let second = try await client.repositoryEvents(owner: "sferik", name: "rails_admin")

    expectEqual(first.events.count, 30)
    #expect(!first.isNotModified)
    expectEqual(first.etag, Self.etag)
    #expect(second.isNotModified)
    expectEqual(second.events, first.events)
    let requests = server.requests(path: Self.eventsPath)
    expectEqual(requests.count, 2)
    #expect(requests[0].header("If-None-Match") == nil)
    expectEqual(requests[1].header("If-None-Match"), Self.etag)
    expectEqual(requests[1].header("If-Modified-Since"), "Tue, 21 Apr 2020 09:31:21 GMT")
  }

  @Test("X-Poll-Interval is exposed, on the 200 and on the 304")
  func pollInterval() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = conditionalClient(server)

    let first = try await client.repositoryEvents(owner: "sferik", name: "rails_admin")
    let second = try await client.repositoryEvents(owner: "sferik", name: "rails_admin")

    expectEqual(first.pollInterval, .seconds(60))
    expectEqual(second.pollInterval, .seconds(60))
  }

  @Test("a 304 carries the same rate limit: it did not count")
  func notModifiedDoesNotCount() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = conditionalClient(server)

    let first = try await client.repositoryEvents(owner: "sferik", name: "rails_admin")
    let second = try await client.repositoryEvents(owner: "sferik", name: "rails_admin")

    expectEqual(first.rateLimit?.remaining, 4710)
    expectEqual(second.rateLimit?.remaining, 4710)
    expectEqual(client.rateLimit?.remaining, 4710)
  }

  @Test("Rx: the same round trip through client.rx")
  func rxRoundTrip() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = conditionalClient(server)

    let first = try await value(
      of: client.rx.repositoryEvents(owner: "sferik", name: "rails_admin"))
    let second = try await value(
      of: client.rx.repositoryEvents(owner: "sferik", name: "rails_admin"))

    #expect(!first.isNotModified)
    #expect(second.isNotModified)
    expectEqual(second.events.count, 30)
    expectEqual(server.requests(path: Self.eventsPath).last?.header("If-None-Match"), Self.etag)
  }

  @Test("styles share the cache: async fills it, Rx revalidates")
  func mixedStyles() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = conditionalClient(server)

    _ = try await client.repositoryEvents(owner: "sferik", name: "rails_admin")
    let second = try await value(
      of: client.rx.repositoryEvents(owner: "sferik", name: "rails_admin"))

    #expect(second.isNotModified)
  }

  @Test("the file cache makes a new client revalidate what an earlier one fetched")
  func fileCache() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("github-cache-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }

    let before = conditionalClient(server, cache: FileResponseCache(directory: directory))
    _ = try await before.repositoryEvents(owner: "sferik", name: "rails_admin")
    let after = conditionalClient(server, cache: FileResponseCache(directory: directory))
    let events = try await after.repositoryEvents(owner: "sferik", name: "rails_admin")

    #expect(events.isNotModified)
    expectEqual(events.events.count, 30)
    expectEqual(server.requests.last?.header("If-None-Match"), Self.etag)
  }

  @Test("a corrupt cache file reads as a miss")
  func corruptFileCache() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("github-cache-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let cache = FileResponseCache(directory: directory)
    cache.store(CachedResponse(etag: "\"a\"", lastModified: nil, body: Data("[]".utf8)), for: "k")
    expectEqual(cache.cachedResponse(for: "k")?.etag, "\"a\"")

    for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
      try Data("garbage".utf8).write(to: directory.appendingPathComponent(file))
    }

    #expect(cache.cachedResponse(for: "k") == nil)
    #expect(cache.cachedResponse(for: "other") == nil)
  }

  @Test("the in-memory cache drops the oldest entry beyond its capacity")
  func memoryCapacity() {
    let cache = InMemoryResponseCache(capacity: 2)
    for key in ["a", "b", "c"] {
      cache.store(CachedResponse(etag: key, lastModified: nil, body: Data()), for: key)
    }
    expectEqual(cache.count, 2)
    #expect(cache.cachedResponse(for: "a") == nil)
    expectEqual(cache.cachedResponse(for: "c")?.etag, "c")
  }

  @Test("other responses with an ETag are revalidated too; without validators nothing is sent")
  func otherCalls() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = conditionalClient(server)

    _ = try await client.repository(owner: "octokit-fixture-org", name: "hello-world")
    _ = try await client.repository(owner: "octokit-fixture-org", name: "hello-world")
    _ = try await client.searchRepositoriesPage("swift")
    _ = try await client.searchRepositoriesPage("swift")

    let repositoryRequests = server.requests(path: "/repos/octokit-fixture-org/hello-world")
    #expect(
      repositoryRequests.last?.header("If-None-Match")
        == #""b6bf76818c02a332828422c6fa78009ad1f08f302c18524af715ed641f004227""#)
    let searchRequests = server.requests(path: "/search/repositories")
    #expect(searchRequests.allSatisfy { $0.header("If-None-Match") == nil })
  }

  @Test("a 304 with nothing cached is unexpectedStatus")
  func notModifiedWithoutCache() async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub(
      "/repos/octocat/hello-world/events",
      .respond(try ReplayFixture.eventsNotModified.response()))

    await #expect {
      _ = try await conditionalClient(server).repositoryEvents(
        owner: "octocat", name: "hello-world")
    } throws: { error in
      (error as? GitHubError)?.status == 304
    }
  }

  @Test("the session's URLCache is off: without our cache, no validators are sent")
  func noHiddenCache() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = conditionalClient(server, cache: NoCache())

    _ = try await client.repositoryEvents(owner: "sferik", name: "rails_admin")
    let second = try await client.repositoryEvents(owner: "sferik", name: "rails_admin")

    #expect(!second.isNotModified)
    #expect(server.requests.allSatisfy { $0.header("If-None-Match") == nil })
  }
}

/// A cache that never keeps anything.
private struct NoCache: ResponseCache {
  func cachedResponse(for key: String) -> CachedResponse? { nil }
  func store(_ response: CachedResponse, for key: String) {}
}

private func conditionalClient(
  _ server: ReplayServer, cache: any ResponseCache = InMemoryResponseCache()
) -> GitHubClient {
  GitHubClient(
    configuration: GitHubConfiguration(
      baseURL: server.baseURL, token: nil, timeout: .seconds(60), cache: cache))
}

/// Subscribes to a `Single` and waits for its value.
private func value<Element: Sendable>(of single: Single<Element>) async throws -> Element {
  let observer = TestableObserver<Element>()
  let subscription = single.asObservable().subscribe(observer)
  defer { subscription.dispose() }
  #expect(await observer.waitForTermination(timeout: .seconds(60)))
  if let error = observer.events.last?.value.error { throw error }
  return try #require(observer.elements.first)
}
