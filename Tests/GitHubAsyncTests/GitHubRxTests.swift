import Foundation
import GitHubAsync
import GitHubReplay
import ObservableCore
import ObservableTesting
import Testing

@Suite("GitHubClient.rx: the classic Observable.create style")
struct GitHubRxTests {
  @Test("nothing is requested until subscription, and each subscription requests again")
  func coldSingle() async throws {
    try await withLeakChecking {
      let server = try ReplayServer.start(scenario: .gitHub())
      defer { server.stop() }
      let client = rxClient(server)

      let single = client.rx.user("sferik")
      #expect(server.requests.isEmpty)
      for _ in 0..<2 {
        let observer = TestableObserver<User>()
        _ = single.asObservable().subscribe(observer)
        #expect(await observer.waitForTermination(timeout: .seconds(60)))
        expectEqual(observer.elements.map(\.login), ["sferik"])
        expectEqual(observer.events.last?.value.isCompleted, true)
      }
      expectEqual(server.requests.count, 2)
    }
  }

  @Test("disposing before the response delivers nothing and releases the subscription")
  func disposeBeforeResponse() async throws {
    try await withLeakChecking {
      let server = try ReplayServer.start()
      defer { server.stop() }
      server.stub("/users/octocat", .hang)
      let observer = TestableObserver<User>()
      // A request timeout far beyond the test's own: on a loaded machine (CI building other
      // products meanwhile) the default 30 s passed before the dispose, and the observer saw
      // URLError -1001 instead of nothing.
      let client = GitHubClient(
        configuration: GitHubConfiguration(
          baseURL: server.baseURL, token: nil, timeout: .seconds(600)))

      let subscription = client.rx.user("octocat").asObservable().subscribe(observer)
      #expect(await server.waitForRequests())
      subscription.dispose()
      subscription.dispose()

      #expect(await server.waitForAbandonedRequests())
      #expect(observer.events.isEmpty)
    }
  }

  @Test("a subscription that fails is released too")
  func failureReleases() async throws {
    try await withLeakChecking {
      let server = try ReplayServer.start(scenario: .gitHub())
      defer { server.stop() }
      let observer = TestableObserver<Repository>()

      _ = rxClient(server).rx.repository(owner: "pengwynn", name: "octokit").asObservable()
        .subscribe(observer)

      #expect(await observer.waitForTermination(timeout: .seconds(60)))
      guard case .notFound = observer.events.last?.value.error as? GitHubError else {
        Issue.record("expected notFound")
        return
      }
    }
  }

  @Test("the client stays alive while a request it started is in flight")
  func clientLifetime() async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub("/users/octocat", .delay(.milliseconds(200), try ReplayFixture.user.response()))
    let observer = TestableObserver<User>()
    weak var weakClient: GitHubClient?

    do {
      let client = rxClient(server)
      weakClient = client
      _ = client.rx.user("octocat").asObservable().subscribe(observer)
    }

    #expect(await observer.waitForTermination(timeout: .seconds(60)))
    expectEqual(observer.elements.count, 1)
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(5))
    while weakClient != nil, clock.now < deadline { try await clock.sleep(for: .milliseconds(1)) }
    #expect(weakClient == nil)
  }

  @Test("many concurrent subscriptions each get their own answer")
  func concurrentSubscriptions() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = rxClient(server)
    let observers = (0..<20).map { _ in TestableObserver<Bool>() }

    for (index, observer) in observers.enumerated() {
      _ = client.rx.isUsernameAvailable(index.isMultiple(of: 2) ? "sferik" : "free-\(index)")
        .asObservable().subscribe(observer)
    }

    for (index, observer) in observers.enumerated() {
      #expect(await observer.waitForTermination(timeout: .seconds(60)))
      expectEqual(observer.elements, [!index.isMultiple(of: 2)])
      #expect(observer.grammarViolations.isEmpty)
    }
    expectEqual(server.requests.count, 20)
  }
}

private func rxClient(_ server: ReplayServer) -> GitHubClient {
  GitHubClient(configuration: GitHubConfiguration(baseURL: server.baseURL, token: nil))
}
