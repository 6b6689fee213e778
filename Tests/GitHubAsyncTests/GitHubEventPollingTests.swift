import AsyncBridge
import Foundation
import GitHubAsync
import GitHubReplay
import ObservableCore
import ObservableTesting
import Testing

// Polling over real sockets against the replay server, with a manual clock: every wait of a
// minute passes when the test advances the clock, and `clock.sleeps` shows what was asked.
@Suite("GitHubClient: polling events in both styles")
struct GitHubEventPollingTests {
  // MARK: async

  @Test("async: new events come once, oldest first, with conditional polls an interval apart")
  func asyncNewEventsOnce() async throws {
    let (server, feed, clock, client) = try setUp(published: 20, pollInterval: "90")
    defer { server.stop() }
    let received = Received<String>()
    let task = Task {
      for try await event in client.repositoryEventUpdates(owner: "sferik", name: "rails_admin") {
        received.append(event.id)
      }
    }
    defer { task.cancel() }

    #expect(await received.wait(for: 20))
    expectEqual(received.values, feed.publishedIDsOldestFirst(20))
    #expect(await clock.waitForSleepers(within: patience))
    expectEqual(clock.sleeps, [.seconds(90)])

    // Nothing changed: a 304, nothing new, another wait.
    clock.advance(by: .seconds(90))
    #expect(await server.waitForRequests(count: 2, timeout: patience))
    #expect(await clock.waitForSleepers(within: patience))
    expectEqual(clock.sleeps, [.seconds(90), .seconds(90)])
    expectEqual(received.values.count, 20)

    feed.publish(25)
    clock.advance(by: .seconds(89))
    expectEqual(clock.sleeperCount, 1)  // not a second early
    clock.advance(by: .seconds(1))
    #expect(await received.wait(for: 25))
    expectEqual(received.values, feed.publishedIDsOldestFirst(25))
    let requests = server.requests(path: EventFeed.path)
    expectEqual(requests.count, 3)
    #expect(requests[0].header("If-None-Match") == nil)
    expectEqual(requests[1].header("If-None-Match"), #"W/"feed-20""#)
    expectEqual(requests[2].header("If-None-Match"), #"W/"feed-20""#)
  }

  @Test("async: one element per poll, with the new events and the next wait")
  func asyncPolls() async throws {
    let (server, feed, clock, client) = try setUp(published: 28, pollInterval: nil)
    defer { server.stop() }
    let task = Task {
      var iterator = client.repositoryEventPolls(
        owner: "sferik", name: "rails_admin", minimumInterval: .seconds(120)
      ).makeAsyncIterator()
      var polls: [RepositoryEventPoll] = []
      for _ in 0..<2 {
        if let poll = try await iterator.next() { polls.append(poll) }
      }
      return polls
    }

    #expect(await clock.waitForSleepers(within: patience))
    feed.publish(30)
    clock.advance(by: .seconds(120))
    let polls = try await task.value
    expectEqual(polls.count, 2)
    expectEqual(polls.first?.newEvents.map(\.id), feed.publishedIDsOldestFirst(28))
    expectEqual(polls.first?.nextPollDelay, .seconds(120))
    expectEqual(polls.last?.response.isNotModified, false)
    expectEqual(polls.last?.newEvents.map(\.id), Array(feed.publishedIDsOldestFirst(30).suffix(2)))
    expectEqual(clock.sleeps, [.seconds(120)])
  }

  @Test("async: after a 500 the wait is longer, then polling recovers")
  func asyncErrorThenRecovery() async throws {
    let (server, feed, clock, client) = try setUp(published: 20)
    defer { server.stop() }
    feed.script(try ReplayFixture.serverError.response())
    let received = Received<String>()
    let task = Task {
      for try await event in client.repositoryEventUpdates(owner: "sferik", name: "rails_admin") {
        received.append(event.id)
      }
    }
    defer { task.cancel() }

    // The first poll fails: twice the interval before the next.
    #expect(await clock.waitForSleepers(within: patience))
    expectEqual(clock.sleeps, [.seconds(120)])
    #expect(received.values.isEmpty)
    clock.advance(by: .seconds(120))
    #expect(await received.wait(for: 20))
    #expect(await clock.waitForSleepers(within: patience))
    expectEqual(clock.sleeps, [.seconds(120), .seconds(60)])
    expectEqual(server.requests(path: EventFeed.path).count, 2)
  }

  @Test("async: a secondary rate limit waits its Retry-After")
  func asyncRateLimit() async throws {
    let (server, feed, clock, client) = try setUp(published: 20)
    defer { server.stop() }
    let limited = try ReplayFixture.rateLimitSecondary.response()
    feed.script(limited)
    let task = Task {
      for try await _ in client.repositoryEventUpdates(owner: "sferik", name: "rails_admin") {}
    }
    defer { task.cancel() }

    #expect(await clock.waitForSleepers(within: patience))
    let retryAfter = try #require(limited.header("Retry-After").flatMap { Int64($0) })
    #expect(clock.sleeps == [.seconds(max(retryAfter, 60))])
  }

  @Test("async: a permanent error ends the sequence without another request")
  func asyncPermanentError() async throws {
    let (server, _, clock, client) = try setUp(published: 20)
    defer { server.stop() }
    var iterator = client.repositoryEventUpdates(owner: "pengwynn", name: "octokit")
      .makeAsyncIterator()

    do {
      _ = try await iterator.next()
      Issue.record("expected notFound")
    } catch {
      guard case .notFound = error else {
        Issue.record("expected notFound, got \(error)")
        return
      }
    }
    #expect(try await iterator.next() == nil)
    #expect(clock.sleeps.isEmpty)
    expectEqual(server.requests.count, 1)
  }

  @Test("async: an invalid name fails the first poll without a request")
  func asyncInvalidInput() async throws {
    let (server, _, _, client) = try setUp(published: 20)
    defer { server.stop() }
    var iterator = client.repositoryEventUpdates(owner: "..", name: "x").makeAsyncIterator()
    do {
      _ = try await iterator.next()
      Issue.record("expected invalidInput")
    } catch {
      guard case .invalidInput = error else {
        Issue.record("expected invalidInput, got \(error)")
        return
      }
    }
    #expect(server.requests.isEmpty)
  }

  @Test("async: cancelling mid-wait stops at once; no request follows; all is released")
  func asyncCancelMidWait() async throws {
    let (server, _, clock, _) = try setUp(published: 20)
    defer { server.stop() }
    weak var weakClient: GitHubClient?
    let task: Task<Void, any Error>
    do {
      let client = makeClient(server, clock)
      weakClient = client
      task = Task {
        for try await _ in client.repositoryEventUpdates(owner: "sferik", name: "rails_admin") {}
      }
    }

    #expect(await clock.waitForSleepers(within: patience))
    task.cancel()
    await #expect(throws: GitHubError.cancelled) { try await task.value }
    #expect(clock.sleeperCount == 0)
    clock.advance(by: .seconds(3600))
    #expect(server.requests.count == 1)
    #expect(await released { weakClient == nil })
  }

  @Test("async: cancelling mid-request abandons it on the wire; no request follows")
  func asyncCancelMidRequest() async throws {
    let (server, _, clock, _) = try setUp(published: 20)
    defer { server.stop() }
    weak var weakClient: GitHubClient?
    let task: Task<Void, any Error>
    do {
      let client = makeClient(server, clock)
      weakClient = client
      task = Task {
        for try await _ in client.repositoryEventUpdates(owner: "sferik", name: "rails_admin") {}
      }
    }

    #expect(await clock.waitForSleepers(within: patience))
    server.stub(EventFeed.path, .hang)
    clock.advance(by: .seconds(60))
    #expect(await server.waitForRequests(count: 2, timeout: patience))
    task.cancel()
    await #expect(throws: GitHubError.cancelled) { try await task.value }
    #expect(await server.waitForAbandonedRequests(timeout: patience))
    clock.advance(by: .seconds(3600))
    #expect(clock.sleeperCount == 0)
    #expect(server.requests.count == 2)
    #expect(await released { weakClient == nil })
  }

  // MARK: Rx

  @Test("Rx: new events come once, oldest first, with conditional polls an interval apart")
  func rxNewEventsOnce() async throws {
    try await withLeakChecking {
      let (server, feed, clock, client) = try setUp(published: 20, pollInterval: "90")
      defer { server.stop() }
      let observer = TestableObserver<RepositoryEvent>()
      let subscription = client.rx.repositoryEventUpdates(owner: "sferik", name: "rails_admin")
        .subscribe(observer)
      defer { subscription.dispose() }

      #expect(await clock.waitForSleepers(within: patience))
      #expect(observer.elements.map(\.id) == feed.publishedIDsOldestFirst(20))
      clock.advance(by: .seconds(90))
      #expect(await server.waitForRequests(count: 2, timeout: patience))
      #expect(await clock.waitForSleepers(within: patience))
      feed.publish(23)
      clock.advance(by: .seconds(90))
      #expect(await server.waitForRequests(count: 3, timeout: patience))
      #expect(await clock.waitForSleepers(within: patience))
      #expect(observer.elements.map(\.id) == feed.publishedIDsOldestFirst(23))
      #expect(clock.sleeps == [.seconds(90), .seconds(90), .seconds(90)])
      #expect(server.requests.dropFirst().allSatisfy { $0.header("If-None-Match") != nil })
      #expect(observer.grammarViolations.isEmpty)
      #expect(!observer.isTerminated)
    }
  }

  @Test("Rx: after a 500 the wait is longer, then polling recovers")
  func rxErrorThenRecovery() async throws {
    try await withLeakChecking {
      let (server, feed, clock, client) = try setUp(published: 20)
      defer { server.stop() }
      feed.script(try ReplayFixture.serverError.response())
      let observer = TestableObserver<RepositoryEvent>()
      let subscription = client.rx.repositoryEventUpdates(owner: "sferik", name: "rails_admin")
        .subscribe(observer)
      defer { subscription.dispose() }

      #expect(await clock.waitForSleepers(within: patience))
      expectEqual(clock.sleeps, [.seconds(120)])
      #expect(observer.events.isEmpty)
      clock.advance(by: .seconds(120))
      #expect(await server.waitForRequests(count: 2, timeout: patience))
      #expect(await clock.waitForSleepers(within: patience))
      expectEqual(observer.elements.count, 20)
      expectEqual(clock.sleeps, [.seconds(120), .seconds(60)])
    }
  }

  @Test("Rx: a permanent error is the error event, after which nothing is sent")
  func rxPermanentError() async throws {
    try await withLeakChecking {
      let (server, _, clock, client) = try setUp(published: 20)
      defer { server.stop() }
      let observer = TestableObserver<RepositoryEventPoll>()
      _ = client.rx.repositoryEventPolls(owner: "pengwynn", name: "octokit").subscribe(observer)

      #expect(await observer.waitForTermination(timeout: patience))
      guard case .notFound = observer.events.last?.value.error as? GitHubError else {
        Issue.record("expected notFound, got \(observer.events)")
        return
      }
      #expect(observer.elements.isEmpty)
      #expect(clock.sleeps.isEmpty)
      expectEqual(server.requests.count, 1)
    }
  }

  @Test("Rx: disposing mid-wait stops at once; no request and no event follow")
  func rxDisposeMidWait() async throws {
    try await withLeakChecking {
      let (server, _, clock, _) = try setUp(published: 20)
      defer { server.stop() }
      weak var weakClient: GitHubClient?
      let observer = TestableObserver<RepositoryEvent>()
      let subscription: any Disposable
      do {
        let client = makeClient(server, clock)
        weakClient = client
        subscription = client.rx.repositoryEventUpdates(owner: "sferik", name: "rails_admin")
          .subscribe(observer)
      }

      #expect(await clock.waitForSleepers(within: patience))
      subscription.dispose()
      subscription.dispose()
      #expect(await released { clock.sleeperCount == 0 })
      clock.advance(by: .seconds(3600))
      #expect(server.requests.count == 1)
      #expect(observer.elements.count == 20)
      #expect(!observer.isTerminated)
      #expect(await released { weakClient == nil })
    }
  }

  @Test("Rx: disposing mid-request abandons it on the wire; no request and no event follow")
  func rxDisposeMidRequest() async throws {
    try await withLeakChecking {
      let (server, _, clock, _) = try setUp(published: 20)
      defer { server.stop() }
      weak var weakClient: GitHubClient?
      let observer = TestableObserver<RepositoryEventPoll>()
      let subscription: any Disposable
      do {
        let client = makeClient(server, clock)
        weakClient = client
        subscription = client.rx.repositoryEventPolls(owner: "sferik", name: "rails_admin")
          .subscribe(observer)
      }

      #expect(await clock.waitForSleepers(within: patience))
      server.stub(EventFeed.path, .hang)
      clock.advance(by: .seconds(60))
      #expect(await server.waitForRequests(count: 2, timeout: patience))
      subscription.dispose()
      #expect(await server.waitForAbandonedRequests(timeout: patience))
      clock.advance(by: .seconds(3600))
      #expect(await released { weakClient == nil })
      #expect(clock.sleeperCount == 0)
      #expect(server.requests.count == 2)
      #expect(observer.elements.count == 1)
      #expect(!observer.isTerminated)
    }
  }

  // MARK: The article's example

  @Test("PaginationAndPolling.md: the polling example compiles and runs in both styles")
  func articleExample() async throws {
    let (server, _, clock, client) = try setUp(published: 20)
    defer { server.stop() }
    let shown = Received<String>()
    @Sendable func show(_ event: RepositoryEvent) { shown.append(event.id) }
    @Sendable func show(error: any Error) { shown.append("error") }
    let bag = DisposeBag()

    // Article: "Polling events".
    // async/await: every new event once, oldest first; ends only with a permanent error
    let polling = Task {
      for try await event in client.repositoryEventUpdates(owner: "apple", name: "swift") {
        show(event)
      }
    }
    // Rx: the same, while subscribed
    client.rx.repositoryEventUpdates(owner: "apple", name: "swift")
      .subscribe(onNext: { show($0) }, onError: { show(error: $0) })
      .disposed(by: bag)
    // Article end.

    // apple/swift is not in the replay scenario: both end with 404, without waiting.
    await #expect(throws: GitHubError.self) { try await polling.value }
    #expect(await shown.wait(for: 1))
    #expect(clock.sleeps.isEmpty)
  }

  // MARK: Helpers

  private func setUp(
    published: Int, pollInterval: String? = "60"
  ) throws -> (ReplayServer, EventFeed, TestClock, GitHubClient) {
    let server = try ReplayServer.start(scenario: .gitHub())
    let feed = try EventFeed(published: published, pollInterval: pollInterval)
    feed.serve(on: server)
    let clock = TestClock()
    return (server, feed, clock, makeClient(server, clock))
  }

  private func makeClient(_ server: ReplayServer, _ clock: TestClock) -> GitHubClient {
    GitHubClient(
      configuration: GitHubConfiguration(
        baseURL: server.baseURL, token: nil, timeout: .seconds(600), clock: clock))
  }
}

/// How long a test waits for an effect before failing: long, because a loaded machine running
/// every suite at once can take many seconds to serve one request; a passing test never waits
/// this long.
private let patience = Duration.seconds(120)

/// Values a task appends, read by the test.
private final class Received<Value: Sendable>: Sendable {
  private let state = _Mutex<[Value]>([])

  var values: [Value] { state.withLock { $0 } }

  func append(_ value: Value) {
    state.withLock { $0.append(value) }
  }

  /// Polls, with a real-time deadline, until `count` values arrived.
  func wait(for count: Int, within limit: Duration = patience) async -> Bool {
    await released(within: limit) { self.values.count >= count }
  }
}

/// Polls `condition`, with a real-time deadline, until it holds.
private func released(
  within limit: Duration = patience, _ condition: () -> Bool
) async -> Bool {
  let deadline = ContinuousClock.now.advanced(by: limit)
  while !condition() {
    guard ContinuousClock.now < deadline else { return false }
    try? await Task.sleep(for: .milliseconds(2))
  }
  return true
}
