import GitHubReplay
import ObservableCore
import ObservableTesting
import Testing

@Suite("Sample 002: chained requests with concat and retry(2)", .timeLimit(.minutes(1)))
struct Sample002Tests {
  private static let flakyPath = "/repos/octokit-fixture-org/flaky"

  private func startServer(failures: Int) throws -> ReplayServer {
    let server = try ReplayServer.start(scenario: .gitHub())
    let repository = try ReplayFixture.repository.response()
    let serverError = try ReplayFixture.serverError.response()
    let counter = RequestCounter()
    server.stub(
      Self.flakyPath,
      .handler { _ in counter.next() <= failures ? serverError : repository })
    return server
  }

  @Test("a failing second request re-runs the whole chain once, then succeeds")
  func retriesOnce() async throws {
    let server = try startServer(failures: 1)
    defer { server.stop() }
    let loader = ProfileLoader(api: GitHubAPI(baseURL: server.baseURL))
    let observer = TestableObserver<String>()

    let subscription = loader.load(
      user: "sferik", owner: "octokit-fixture-org", repository: "flaky"
    ).subscribe(observer)
    defer { subscription.dispose() }

    #expect(await observer.waitForTermination())
    // concat starts over after the error, so the user comes twice, as in RxSwift.
    expectEqual(
      observer.elements,
      [
        "user: sferik", "user: sferik", "repository: octokit-fixture-org/hello-world",
      ])
    expectEqual(observer.events.last?.value, .completed)
    expectEqual(loader.attempts, 2)
    expectEqual(
      server.requests.map(\.path),
      [
        "/users/sferik", Self.flakyPath, "/users/sferik", Self.flakyPath,
      ])
  }

  @Test("retry(2) gives up after the second failure and forwards the error")
  func givesUp() async throws {
    let server = try startServer(failures: 5)
    defer { server.stop() }
    let loader = ProfileLoader(api: GitHubAPI(baseURL: server.baseURL))
    let observer = TestableObserver<String>()

    let subscription = loader.load(
      user: "sferik", owner: "octokit-fixture-org", repository: "flaky"
    ).subscribe(observer)
    defer { subscription.dispose() }

    #expect(await observer.waitForTermination())
    expectEqual(observer.elements, ["user: sferik", "user: sferik"])
    expectEqual(observer.events.last?.value.error as? APIError, .badStatus(500))
    expectEqual(loader.attempts, 2)
    expectEqual(server.requests(path: Self.flakyPath).count, 2)
  }
}
