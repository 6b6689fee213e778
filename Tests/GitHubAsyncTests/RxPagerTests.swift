import Foundation
import GitHubAsync
import GitHubReplay
import ObservableCore
import ObservableTesting
import Testing

/// The one Rx pager behind `rx.searchRepositories` and `rx.paginate`, over real sockets.
@Suite("GitHubClient.rx pager: take, dispose races and release")
struct RxPagerTests {
  typealias Paths = ReplayScenario.GitHubPaths

  @Test("rx.searchRepositories: after take(2) no third request, and the pager is released")
  func searchTakeReleases() async throws {
    try await withLeakChecking {
      let server = try ReplayServer.start(scenario: .gitHub())
      defer { server.stop() }
      let released = try await takeTwo(server) { client in
        client.rx.searchRepositories("swift", perPage: 2).map(\.items.count)
      }
      expectEqual(released.counts, [2, 2])
      #expect(released.clientReleased, "the pager (which holds the client) is still alive")
      #expect(released.observerReleased, "the observer is still referenced")
      expectEqual(
        server.requests.map(\.target),
        [
          "/search/repositories?q=swift&per_page=2",
          "/search/repositories?q=swift&per_page=2&page=2",
        ])
    }
  }

  @Test("rx.paginate: after take(2) no third request, and the pager is released")
  func paginateTakeReleases() async throws {
    try await withLeakChecking {
      let server = try ReplayServer.start(scenario: .gitHub())
      defer { server.stop() }
      let released = try await takeTwo(server) { client in
        client.rx.paginate(JSONValue.self, path: Paths.paginatedIssues, query: ["per_page": "3"])
          .map(\.count)
      }
      expectEqual(released.counts, [3, 3])
      #expect(released.clientReleased, "the pager (which holds the client) is still alive")
      #expect(released.observerReleased, "the observer is still referenced")
      expectEqual(
        server.requests.map(\.target),
        [
          Paths.paginatedIssues + "?per_page=3",
          "/repositories/515435940/issues?per_page=3&page=2",
        ])
    }
  }

  @Test("dispose racing a page completion: nothing after dispose, one terminal at most, released")
  func disposeRacesCompletion() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let rounds = 200
    var disposedBeforeEnd = 0
    for round in 0..<rounds {
      server.clearLogs()
      weak var weakClient: GitHubClient?
      let probe = DisposeProbe()
      // The server logs a request when its connection's thread reads it, so a request the
      // previous round cancelled may be logged in this one: each round's requests carry its
      // own User-Agent.
      let userAgent = "RxPagerTests-round-\(round)"
      do {
        let client = GitHubClient(
          configuration: GitHubConfiguration(
            baseURL: server.baseURL, token: nil, userAgent: userAgent, timeout: .seconds(60)))
        weakClient = client
        let subscription = client.rx
          .paginate(JSONValue.self, path: Paths.organizations, query: ["per_page": "2"])
          .subscribe(probe)
        // Dispose while page 1, 2 or 3 is on its way back, after a varying spin so that the
        // dispose lands before, during and after the completion handler.
        #expect(await server.waitForRequests(count: round % 3 + 1, timeout: .seconds(60)))
        var spin = 0
        for _ in 0..<(round * 97 % 2000) { spin &+= 1 }
        probe.dispose(subscription)
        if !probe.isTerminated { disposedBeforeEnd += 1 }
        _ = spin
      }
      #expect(await poll { weakClient == nil }, "round \(round): the pager is still alive")
      let failures = probe.failures
      #expect(failures.isEmpty, "round \(round): \(failures)")
      // Once the pager is gone nothing can start a request; what reached the server was at
      // most the three pages.
      let requests = server.requests.filter { $0.header("User-Agent") == userAgent }
      #expect(requests.count <= 3, "round \(round): \(requests.map(\.target))")
    }
    // The race was run, not only the completed case.
    #expect(disposedBeforeEnd > 0)
  }
}

/// What a `take(2)` run left behind.
private struct TakeOutcome {
  var counts: [Int]
  var clientReleased: Bool
  var observerReleased: Bool
}

/// Subscribes `take(2)` of `pages` with an observer only the subscription holds, waits for
/// completion, then polls until the client and the observer are released.
private func takeTwo(
  _ server: ReplayServer, _ pages: (GitHubClient) -> Observable<Int>
) async throws -> TakeOutcome {
  weak var weakClient: GitHubClient?
  weak var weakObserver: CountingObserver?
  let done = _Mutex<[Int]?>(nil)
  do {
    let client = GitHubClient(
      configuration: GitHubConfiguration(
        baseURL: server.baseURL, token: nil, timeout: .seconds(60)))
    weakClient = client
    let observer = CountingObserver { counts in done.withLock { $0 = counts } }
    weakObserver = observer
    _ = pages(client).take(2).subscribe(observer)
  }
  #expect(await poll { done.withLock { $0 } != nil }, "take(2) did not complete")
  let clientReleased = await poll { weakClient == nil }
  let observerReleased = await poll { weakObserver == nil }
  return TakeOutcome(
    counts: done.withLock { $0 } ?? [], clientReleased: clientReleased,
    observerReleased: observerReleased)
}

/// Polls `condition` until it holds or the deadline passes, without sleeping for a fixed
/// time before checking.
private func poll(
  timeout: Duration = .seconds(30), _ condition: () -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  while !condition() {
    guard clock.now < deadline else { return false }
    try? await clock.sleep(for: .milliseconds(1))
  }
  return true
}

/// Collects element values; calls `completed` with them on completion.
private final class CountingObserver: ObserverType, Sendable {
  typealias Element = Int

  private let counts = _Mutex<[Int]>([])
  private let completed: @Sendable ([Int]) -> Void

  init(completed: @escaping @Sendable ([Int]) -> Void) {
    self.completed = completed
  }

  func on(_ event: ObservableCore.Event<Int>) {
    switch event {
    case .next(let count): counts.withLock { $0.append(count) }
    case .completed: completed(counts.withLock { $0 })
    case .error(let error): Issue.record("unexpected error \(error)")
    }
  }
}

/// Checks the grammar of one racing subscription, and that at most one event begins after
/// dispose has returned (the one already on its way).
private final class DisposeProbe: ObserverType, Sendable {
  typealias Element = [JSONValue]

  private struct State {
    var inCall = false
    var terminated = false
    var disposeReturned = false
    var eventsAfterDispose = 0
    var failures: [String] = []
  }

  private let state = _Mutex(State())

  func dispose(_ subscription: any Disposable) {
    subscription.dispose()
    subscription.dispose()  // idempotent
    state.withLock { $0.disposeReturned = true }
  }

  var isTerminated: Bool { state.withLock { $0.terminated } }
  var failures: [String] { state.withLock { $0.failures } }

  func on(_ event: ObservableCore.Event<[JSONValue]>) {
    state.withLock { state in
      if state.inCall { state.failures.append("overlapping calls: \(event)") }
      state.inCall = true
      if state.terminated { state.failures.append("\(event) after a terminal event") }
      if state.disposeReturned {
        state.eventsAfterDispose += 1
        if state.eventsAfterDispose > 1 {
          state.failures.append("\(event) is the second event begun after dispose returned")
        }
      }
      if case .error(let error) = event { state.failures.append("error \(error)") }
      if event.isStopEvent { state.terminated = true }
    }
    state.withLock { $0.inCall = false }
  }
}
