import GitHubReplay
import ObservableCore
import ObservableTesting
import Testing

@Suite("Sample 000: a request wrapped in Observable.create", .timeLimit(.minutes(1)))
@MainActor
struct Sample000Tests {
  @Test("the view controller shows a repository fetched over real HTTP")
  func loadsRepository() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let viewController = RepositoryViewController(api: GitHubAPI(baseURL: server.baseURL))

    viewController.load(owner: "octokit-fixture-org", name: "hello-world")
    #expect(viewController.spinner.isAnimating)
    #expect(await waitUntil { !viewController.spinner.isAnimating })

    #expect(viewController.repository?.fullName == "octokit-fixture-org/hello-world")
    #expect(viewController.nameLabel.text == "octokit-fixture-org/hello-world")
    #expect(viewController.starsLabel.text?.hasPrefix("★ ") == true)
    #expect(viewController.loadCount == 1)
    #expect(server.requests.map(\.path) == ["/repos/octokit-fixture-org/hello-world"])
  }

  @Test("a failed request shows the error and stops the spinner")
  func showsFailure() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let viewController = RepositoryViewController(api: GitHubAPI(baseURL: server.baseURL))

    viewController.load(owner: "pengwynn", name: "octokit")
    #expect(await waitUntil { !viewController.spinner.isAnimating })

    #expect(viewController.repository == nil)
    #expect(viewController.nameLabel.text == "Failed: \(APIError.badStatus(404))")
  }

  @Test("nothing is sent before subscription, and disposing cancels the request in flight")
  func disposeCancels() async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub("/repos/slow/repository", .hang)
    let api = GitHubAPI(baseURL: server.baseURL)

    _ = api.repository(owner: "slow", name: "repository")
    expectEqual(api.requestCount, 0)

    let viewController = RepositoryViewController(api: api)
    viewController.load(owner: "slow", name: "repository")
    #expect(await server.waitForRequests(count: 1))

    viewController.cancel()
    #expect(!viewController.spinner.isAnimating)
    #expect(await server.waitForAbandonedRequests(count: 1))
    #expect(viewController.repository == nil)
  }
}
