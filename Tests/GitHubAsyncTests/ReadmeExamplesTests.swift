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

  @Test("the short example: search as you type with debounce and flatMapLatest")
  func shortExample() async throws {
    let (server, client) = try replayClient()
    defer { server.stop() }
    let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "readme")
    let received = TestableObserver<[String]>()

    // README: "A short example" (with a test scheduler in place of MainScheduler.instance).
    let disposeBag = DisposeBag()
    let query = PublishSubject<String>()
    query
      .filter { !$0.isEmpty }
      .debounce(.milliseconds(50), scheduler: scheduler)
      .distinctUntilChanged()
      .flatMapLatest { text in client.rx.searchRepositories(text).asObservable() }
      .map { page in page.items.map(\.fullName) }
      .subscribe(received)
      .disposed(by: disposeBag)

    query.onNext("swift")
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(30))
    while received.elements.isEmpty, clock.now < deadline {
      try await clock.sleep(for: .milliseconds(5))
    }
    #expect(received.elements.first?.isEmpty == false)
  }

  @Test("the bridge and the client, in both styles")
  func bridgeAndClient() async throws {
    let (server, client) = try replayClient()
    defer { server.stop() }
    let owner = "octokit-fixture-org"
    let name = "hello-world"

    // README: "The bridge, both ways" (Rx → async).
    let repository = try await client.rx.repository(owner: owner, name: name).value
    let prices = Observable.of(3, 1, 4)
    let first = try await prices.first().value
    let all = try await prices.toArray().value
    let last = try await prices.takeLast(1).asMaybe().value
    var plotted: [Int] = []
    for try await price in prices.values(bufferingPolicy: .bufferingNewest(1)) {
      plotted.append(price)
    }
    #expect(repository.fullName == "\(owner)/\(name)")
    #expect(first == 3 && all == [3, 1, 4] && last == 4 && plotted.last == 4)

    // README: "The bridge, both ways" (async → Rx).
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
    #expect(statuses.last == "status 20")
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
    #expect(async.stargazersCount == rx.stargazersCount)
    #expect(found.count == 2)
  }
}
