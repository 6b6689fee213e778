import AsyncBridge
import Foundation
import GitHubAsync
import GitHubReplay
import ObservableCore
import ObservableTesting
import Testing

// The README's code, compiled and run against the replay server, so the README cannot drift
// from the API. Keep these in step with README.md.
@Suite("README examples", .serialized)
struct ReadmeExamplesTests {
  private func replayClient() throws -> (ReplayServer, GitHubClient) {
    let server = try ReplayServer.start(scenario: ReplayScenario.gitHub())
    let client = GitHubClient(
      configuration: GitHubConfiguration(baseURL: server.baseURL, token: nil))
    return (server, client)
  }

  @Test(
    "Rx inside async: leaving the loop or cancelling the task closes the page request in flight")
  func rxInsideAsync() async throws {
    let (server, client) = try replayClient()
    defer { server.stop() }

    // README: "The bridge, both ways", Rx inside async.
    func firstRepositories(
      _ query: String, count: Int, client: GitHubClient
    ) async throws -> [Repository] {
      var found: [Repository] = []
      for try await page in client.rx.searchRepositories(query).values {
        found += page.items
        if found.count >= count { break }  // disposes the subscription, and a request in flight
      }
      return Array(found.prefix(count))
    }

    // The replay pages hold 2, 2 and 1 repositories: 3 take two pages. The page stream runs
    // ahead of the loop, so page 3 may have been asked for when the loop breaks; it never
    // answers, and leaving the loop closes it.
    let searchPath = ReplayScenario.GitHubPaths.searchRepositories
    server.stub(searchPath, query: ["page": "3"], .hang)
    let three = try await firstRepositories("swift", count: 3, client: client)
    #expect(three.count == 3)
    let pageThreeClosed = await poll {
      server.requests(path: searchPath).filter { $0.queryValue("page") == "3" }.count
        == server.abandonedRequests.count
    }
    #expect(pageThreeClosed, "\(server.requests) \(server.abandonedRequests)")

    // Page 2 never answers: only cancelling the task ends the search, and the request's
    // connection is closed. A late page 3 of the search above may still be logged, asked for
    // and closed, after the logs are cleared; page 2 is this search's alone.
    server.clearLogs()
    server.stub(searchPath, query: ["page": "2"], .hang)
    let search = Task { try await firstRepositories("swift", count: 100, client: client) }
    let asked = await poll {
      server.requests(path: searchPath).contains { $0.queryValue("page") == "2" }
    }
    #expect(asked, "\(server.requests)")
    search.cancel()
    await #expect(throws: CancellationError.self) { try await search.value }
    let closed = await poll {
      server.abandonedRequests.contains { $0.queryValue("page") == "2" }
    }
    #expect(closed, "\(server.abandonedRequests)")
    let closedPages = server.abandonedRequests.map { $0.queryValue("page") }
      .filter { $0 != "3" }
    #expect(closedPages == ["2"])
  }

  @Test("async inside Rx: keystrokes drive the search; disposing cancels the task reading them")
  func asyncInsideRx() async throws {
    let (server, client) = try replayClient()
    defer { server.stop() }
    let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "readme")
    let owners = TestableObserver<String>()
    let termination = _Mutex<AsyncStream<String>.Continuation.Termination?>(nil)

    // The first owner found, octocat, is answered with the recorded user, sferik.
    server.stub("/users/octocat", .respond(try ReplayFixture.user.response()))

    // README: "The bridge, both ways", async inside Rx (with a serial queue in place of
    // MainScheduler.instance, and an observer that records in place of print).
    let (keystrokes, typing) = AsyncStream.makeStream(of: String.self)
    typing.onTermination = { reason in termination.withLock { $0 = reason } }
    let subscription = keystrokes.asObservable()
      .debounce(.milliseconds(50), scheduler: scheduler)
      .distinctUntilChanged()
      .flatMapLatest { query in client.rx.searchRepositoriesPage(query) }
      .compactMap { page in page.items.first?.owner?.login }
      .map { login in try await client.user(login) }
      .map(\.login)
      .subscribe(owners)
    typing.yield("swift")

    #expect(await poll { !owners.events.isEmpty })
    #expect(owners.elements == ["sferik"], "\(owners.events)")
    #expect(termination.withLock { $0 } == nil)
    subscription.dispose()
    #expect(await poll { termination.withLock { $0 } != nil })
    #expect(termination.withLock { $0 }.map { "\($0)" } == "cancelled")
  }

  @Test("traits awaited, async closures in a pipeline, and the client in both styles")
  func bridgeAndClient() async throws {
    let (server, client) = try replayClient()
    defer { server.stop() }
    let owner = "octokit-fixture-org"
    let name = "hello-world"

    // Traits awaited and an Observable iterated, as the README's bridge and the
    // Bridging-both-ways article show them.
    let repository = try await client.rx.repository(owner: owner, name: name).value
    let prices = Observable.of(3, 1, 4)
    let first = try await prices.first().value
    let all = try await prices.toArray().value
    let last = try await prices.takeLast(1).asMaybe().value
    var plotted: [Int] = []
    for try await price in prices.values(bufferingPolicy: .bufferingNewest(1)) {
      plotted.append(price)
    }
    expectEqual(repository.fullName, "\(owner)/\(name)")
    #expect(first == 3 && all == [3, 1, 4] && last == 4 && plotted.last == 4)

    // An AsyncStream through async closures, and an async Completable.
    let ticks = AsyncStream<Int> { continuation in
      for tick in 0..<3 { continuation.yield(tick) }
      continuation.finish()
    }
    let statuses = try await ticks.asObservable()
      .map { tick in
        await Task.yield()
        return tick * 10
      }
      .flatMapLatest { status in
        await Task.yield()
        return "status \(status)"
      }
      .toArray().value
    expectEqual(statuses.last, "status 20")
    let save = Completable.create { try await Task.sleep(for: .milliseconds(1)) }
    try await save.value

    // README: "One GitHub client, two styles".
    let async = try await client.repository(owner: owner, name: name)
    var found: [String] = []
    for try await repo in client.searchRepositories("swift", sort: .stars) {
      found.append(repo.fullName)
      if found.count == 2 { break }
    }
    let rx = try await client.rx.repository(owner: owner, name: name).value
    expectEqual(async.stargazersCount, rx.stargazersCount)
    expectEqual(found.count, 2)
  }
}

/// Polls `condition` every 5 ms until it holds or 30 seconds have passed.
///
/// - Returns: Whether the condition held in time.
private func poll(_ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + .seconds(30)
  while !condition() {
    guard ContinuousClock.now < deadline else { return false }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return true
}
