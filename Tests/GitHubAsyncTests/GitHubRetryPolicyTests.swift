import Foundation
import GitHubAsync
import GitHubReplay
import ObservableCore
import ObservableTesting
import TestProcessSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// MARK: - The decision

@Suite("GitHubRetryPolicy: the delay decision")
struct GitHubRetryPolicyDecisionTests {
  @Test("5xx: the wait doubles from the base delay and stops at the maximum")
  func backoffGrowsAndCaps() {
    let policy = GitHubRetryPolicy(
      maxRetries: 8, baseDelay: .seconds(1), maxDelay: .seconds(30), jitter: 0)
    let waits = (1...8).map { policy.delay(after: serverError(502), attempt: $0) }
    #expect(waits == [1, 2, 4, 8, 16, 30, 30, 30].map { Duration.seconds($0) })
  }

  @Test("at most maxRetries retries: attempt 0, and attempts beyond the limit, do not retry")
  func retriesAreCounted() {
    let policy = GitHubRetryPolicy(maxRetries: 2, jitter: 0)
    let limit = RateLimitExceeded(kind: .secondary, status: 429, retryAfter: .seconds(5))
    #expect(policy.delay(after: serverError(500), attempt: 0) == nil)
    expectEqual(policy.delay(after: serverError(500), attempt: 2), .seconds(2))
    #expect(policy.delay(after: serverError(500), attempt: 3) == nil)
    #expect(policy.delay(after: .rateLimited(limit), attempt: 3) == nil)
    #expect(GitHubRetryPolicy(maxRetries: 0).delay(after: serverError(500), attempt: 1) == nil)
    #expect(GitHubRetryPolicy(maxRetries: -4).delay(after: serverError(500), attempt: 1) == nil)
  }

  @Test("jitter takes off at most its share of each wait, and spreads the waits")
  func jitterBounds() {
    let policy = GitHubRetryPolicy(
      maxRetries: 5, baseDelay: .seconds(4), maxDelay: .seconds(100), jitter: 0.25)
    var generator = SplitMix64(seed: 15)
    let now = Date(timeIntervalSince1970: 0)
    for attempt in 1...5 {
      let full = Duration.seconds(4 << (attempt - 1))
      var seen: Set<Duration> = []
      for _ in 0..<200 {
        guard
          let wait = policy.delay(
            after: serverError(503), attempt: attempt, now: now, using: &generator)
        else {
          Issue.record("no wait for attempt \(attempt)")
          return
        }
        #expect(wait <= full && wait >= full * 0.75, "attempt \(attempt): \(wait)")
        seen.insert(wait)
      }
      #expect(seen.count > 100, "jitter must spread the waits")
    }
  }

  @Test("the same seed gives the same waits; jitter outside 0...1 is clamped")
  func jitterIsRepeatableAndClamped() {
    let policy = GitHubRetryPolicy(baseDelay: .seconds(8), maxDelay: .seconds(8), jitter: 0.5)
    let now = Date(timeIntervalSince1970: 0)
    func waits(_ policy: GitHubRetryPolicy, seed: UInt64) -> [Duration?] {
      var generator = SplitMix64(seed: seed)
      return (0..<20).map { _ in
        policy.delay(after: serverError(500), attempt: 1, now: now, using: &generator)
      }
    }
    #expect(waits(policy, seed: 7) == waits(policy, seed: 7))
    #expect(waits(policy, seed: 7) != waits(policy, seed: 8))

    var none = policy
    none.jitter = -3
    #expect(waits(none, seed: 7).allSatisfy { $0 == .seconds(8) })
    var full = policy
    full.jitter = 9
    #expect(waits(full, seed: 7).allSatisfy { $0.map { $0 >= .zero && $0 <= .seconds(8) } == true })
    #expect(waits(full, seed: 7).contains { $0.map { $0 < .seconds(4) } == true })
  }

  @Test("rate limits: Retry-After, one minute without it, the primary reset, and the bound")
  func rateLimitWaits() {
    var policy = GitHubRetryPolicy(jitter: 0, maxRateLimitWait: .seconds(120))
    policy.currentDate = { fixedNow }
    func wait(_ limit: RateLimitExceeded) -> Duration? {
      policy.delay(after: .rateLimited(limit), attempt: 1)
    }
    expectEqual(
      wait(RateLimitExceeded(kind: .secondary, status: 403, retryAfter: .seconds(7))), .seconds(7))
    expectEqual(wait(RateLimitExceeded(kind: .secondary, status: 429)), .seconds(60))
    #expect(
      wait(RateLimitExceeded(kind: .secondary, status: 429, retryAfter: .seconds(121))) == nil)
    let reset = { (seconds: Double) in
      RateLimitExceeded(
        kind: .primary, status: 403, resetDate: fixedNow.addingTimeInterval(seconds))
    }
    expectEqual(wait(reset(30)), .seconds(30))
    expectEqual(wait(reset(120)), .seconds(120))
    #expect(wait(reset(121)) == nil)
    expectEqual(wait(reset(-5)), .zero)
    #expect(wait(reset(1e300)) == nil)
    #expect(wait(RateLimitExceeded(kind: .primary, status: 403)) == nil)
  }

  @Test("nothing but rate limits, 5xx and transport errors that may heal is retried")
  func notRetried() {
    let policy = GitHubRetryPolicy(jitter: 0)
    let message = GitHubMessage(status: 404)
    let never: [GitHubError] = [
      .notFound(message), .unauthorized(GitHubMessage(status: 401)),
      .forbidden(GitHubMessage(status: 403)), .validationFailed(ValidationFailure(message: nil)),
      .redirect(status: 302, location: nil),
      .decodingFailed(DecodingFailure(status: 200, bodyPrefix: "", reason: "invalid JSON")),
      .invalidInput(InvalidInput(parameter: "owner", reason: "empty")), .cancelled,
      .unexpectedStatus(GitHubMessage(status: 410)), .transport(URLError(.badURL)),
      .transport(URLError(.serverCertificateUntrusted)),
    ]
    for error in never {
      #expect(policy.delay(after: error, attempt: 1) == nil, "\(error)")
    }
    for code in [URLError.Code.timedOut, .networkConnectionLost, .cannotConnectToHost] {
      expectEqual(policy.delay(after: .transport(URLError(code)), attempt: 1), .seconds(1))
    }
  }

  @Test("the configuration has no policy by default and shows the policy it has")
  func configuration() {
    #expect(GitHubConfiguration(token: nil).retryPolicy == nil)
    #expect(GitHubConfiguration(token: nil).description.contains("retryPolicy: nil"))
    let configured = GitHubConfiguration(
      token: nil, retryPolicy: GitHubRetryPolicy(maxRetries: 5, jitter: 0))
    expectEqual(configured.retryPolicy?.maxRetries, 5)
    #expect(configured.description.contains("retryPolicy: GitHubRetryPolicy(maxRetries: 5,"))
  }
}

// MARK: - Both styles, over the wire

/// The two ways of calling the client.
enum CallStyle: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case async, rx
  var testDescription: String { rawValue }
}

@Suite("GitHubRetryPolicy: retries over the wire, in both styles")
struct GitHubRetryTests {
  @Test(
    "off by default: a 502 fails at once, with one request and no wait",
    arguments: CallStyle.allCases)
  func offByDefault(style: CallStyle) async throws {
    let harness = try Harness(policy: nil, answers: [status(502), .respond(try user())])
    defer { harness.server.stop() }

    let result = await harness.fetchUser(style)

    expectEqual(result.failure?.status, 502)
    expectEqual(harness.requestCount, 1)
    #expect(harness.clock.sleeps.isEmpty)
  }

  @Test("5xx: retried with exponential backoff until it succeeds", arguments: CallStyle.allCases)
  func serverErrors(style: CallStyle) async throws {
    let harness = try Harness(answers: [status(502), status(503), .respond(try user())])
    defer { harness.server.stop() }

    let result = await harness.fetchUser(style)

    expectEqual(result.success?.login, "sferik")
    expectEqual(harness.requestCount, 3)
    expectEqual(harness.clock.sleeps, [.seconds(1), .seconds(2)])
  }

  @Test("transport errors: a dropped connection is retried", arguments: CallStyle.allCases)
  func transportErrors(style: CallStyle) async throws {
    let harness = try Harness(answers: [.dropConnection, .respond(try user())])
    defer { harness.server.stop() }

    let result = await harness.fetchUser(style)

    expectEqual(result.success?.login, "sferik")
    expectEqual(harness.requestCount, 2)
    expectEqual(harness.clock.sleeps, [.seconds(1)])
  }

  @Test("N retries used up: the last error, after N + 1 requests", arguments: CallStyle.allCases)
  func exhausted(style: CallStyle) async throws {
    let harness = try Harness(
      policy: policy(maxRetries: 2),
      answers: [status(500), status(502), status(503), .respond(try user())])
    defer { harness.server.stop() }

    let result = await harness.fetchUser(style)

    expectEqual(result.failure?.status, 503)
    expectEqual(harness.requestCount, 3)
    expectEqual(harness.clock.sleeps, [.seconds(1), .seconds(2)])
  }

  @Test("secondary limit: waits Retry-After", arguments: CallStyle.allCases)
  func secondaryRetryAfter(style: CallStyle) async throws {
    let limited = ReplayResponse.json(
      status: 403,
      #"{"message":"You have exceeded a secondary rate limit. Please wait a few minutes."}"#,
      headers: [ReplayHeader("Retry-After", "7")])
    let harness = try Harness(answers: [.respond(limited), .respond(try user())])
    defer { harness.server.stop() }

    let result = await harness.fetchUser(style)

    expectEqual(result.success?.login, "sferik")
    expectEqual(harness.requestCount, 2)
    expectEqual(harness.clock.sleeps, [.seconds(7)])
  }

  @Test(
    "secondary limit: a 429 without Retry-After waits one minute", arguments: CallStyle.allCases)
  func secondaryWithoutRetryAfter(style: CallStyle) async throws {
    let harness = try Harness(
      answers: [
        .respond(.json(status: 429, #"{"message":"Too Many Requests"}"#)), .respond(try user()),
      ])
    defer { harness.server.stop() }

    let result = await harness.fetchUser(style)

    expectEqual(result.success?.login, "sferik")
    expectEqual(harness.requestCount, 2)
    expectEqual(harness.clock.sleeps, [.seconds(60)])
  }

  @Test(
    "primary limit: waits until X-RateLimit-Reset when within the bound",
    arguments: CallStyle.allCases)
  func primaryWithinBound(style: CallStyle) async throws {
    let harness = try Harness(answers: [.respond(primaryLimit(resetIn: 30)), .respond(try user())])
    defer { harness.server.stop() }

    let result = await harness.fetchUser(style)

    expectEqual(result.success?.login, "sferik")
    expectEqual(harness.requestCount, 2)
    expectEqual(harness.clock.sleeps, [.seconds(30)])
  }

  @Test("primary limit: a reset beyond the bound fails at once", arguments: CallStyle.allCases)
  func primaryBeyondBound(style: CallStyle) async throws {
    let harness = try Harness(
      answers: [.respond(primaryLimit(resetIn: 3600)), .respond(try user())])
    defer { harness.server.stop() }

    let result = await harness.fetchUser(style)

    guard case .rateLimited(let limit) = result.failure else {
      Issue.record("expected rateLimited, got \(result)")
      return
    }
    expectEqual(limit.kind, .primary)
    expectEqual(harness.requestCount, 1)
    #expect(harness.clock.sleeps.isEmpty)
  }

  @Test(
    "4xx other than rate limits, and undecodable bodies, are never retried",
    arguments: CallStyle.allCases, [401, 403, 404, 422, 200])
  func neverRetried(style: CallStyle, code: Int) async throws {
    let body =
      code == 200 ? "not json" : #"{"message":"No","documentation_url":"https://docs.github.com"}"#
    let harness = try Harness(answers: [.respond(.json(status: code, body)), .respond(try user())])
    defer { harness.server.stop() }

    let result = await harness.fetchUser(style)

    expectEqual(result.failure?.status, code)
    expectEqual(harness.requestCount, 1)
    #expect(harness.clock.sleeps.isEmpty)
  }

  @Test("invalid input fails without a request and without a wait", arguments: CallStyle.allCases)
  func invalidInput(style: CallStyle) async throws {
    let harness = try Harness(answers: [status(502)])
    defer { harness.server.stop() }

    let result = await harness.fetchUser(style, name: "..")

    guard case .invalidInput = result.failure else {
      Issue.record("expected invalidInput, got \(result)")
      return
    }
    #expect(harness.server.requests.isEmpty)
    #expect(harness.clock.sleeps.isEmpty)
  }

  @Test("async: cancelling during a wait throws cancelled at once, with no further request")
  func cancelDuringWait() async throws {
    let harness = try Harness(answers: [status(502), .respond(try user())])
    defer { harness.server.stop() }
    let client = harness.client

    let task = Task { await callUser(client, "octocat") }
    #expect(await harness.clock.waitForSleepers(within: patience))
    task.cancel()
    let result = await task.value

    guard case .failure(.cancelled) = result else {
      Issue.record("expected cancelled, got \(result)")
      return
    }
    harness.clock.advance(by: .seconds(10))
    expectEqual(harness.clock.sleeperCount, 0)
    expectEqual(harness.requestCount, 1)
  }

  @Test("Rx: disposing during a wait cancels the timer, with no further request and no event")
  func disposeDuringWait() async throws {
    let harness = try Harness(answers: [status(502), .respond(try user())])
    defer { harness.server.stop() }
    let observer = TestableObserver<User>()

    let subscription = harness.client.rx.user("octocat").asObservable().subscribe(observer)
    #expect(await harness.clock.waitForSleepers(within: patience))
    subscription.dispose()

    #expect(await poll { harness.clock.sleeperCount == 0 })
    harness.clock.advance(by: .seconds(10))
    #expect(harness.requestCount == 1)
    #expect(observer.events.isEmpty)
    #expect(harness.clock.sleeps == [.seconds(1)])
  }

  @Test("Rx: the same decision as an operator, retry(when:) with a timer on a ClockScheduler")
  func retryWhenPipeline() async throws {
    let harness = try Harness(
      policy: nil,
      answers: [status(502), .respond(primaryLimit(resetIn: 30)), .respond(try user())])
    defer { harness.server.stop() }
    let policy = policy(maxRetries: 3)
    let scheduler = ClockScheduler(clock: harness.clock)
    let observer = TestableObserver<User>()

    let user = harness.client.rx.user("octocat")
      .retry(when: { (errors: Observable<GitHubError>) in
        errors.enumerated().flatMap { index, error -> Observable<Int> in
          guard let delay = policy.delay(after: error, attempt: index + 1) else {
            return .error(error)
          }
          return .timer(delay, scheduler: scheduler)
        }
      })
    let subscription = user.asObservable().subscribe(observer)
    defer { subscription.dispose() }
    await harness.advanceUntil { observer.events.last?.value.isStopEvent == true }

    expectEqual(observer.elements.map(\.login), ["sferik"])
    expectEqual(harness.requestCount, 3)
    expectEqual(harness.clock.sleeps, [.seconds(1), .seconds(30)])
  }
}

// MARK: - Helpers

/// The wall-clock date the tests' policies use as now.
private let fixedNow = Date(timeIntervalSince1970: 1_700_000_000)

private let userPath = "/users/octocat"

/// A policy without jitter, so that the waits are exact, and with `fixedNow` as now.
private func policy(maxRetries: Int = 3) -> GitHubRetryPolicy {
  var policy = GitHubRetryPolicy(
    maxRetries: maxRetries, baseDelay: .seconds(1), maxDelay: .seconds(30), jitter: 0,
    maxRateLimitWait: .seconds(120))
  policy.currentDate = { fixedNow }
  return policy
}

private func serverError(_ status: Int) -> GitHubError {
  .serverError(GitHubMessage(status: status))
}

private func status(_ code: Int) -> ReplayAction {
  .respond(.json(status: code, #"{"message":"HTTP \#(code)"}"#))
}

private func user() throws -> ReplayResponse {
  try ReplayFixture.user.response()
}

/// A primary rate limit: `x-ratelimit-remaining: 0`, resetting `seconds` after `fixedNow`.
private func primaryLimit(resetIn seconds: Int) -> ReplayResponse {
  .json(
    status: 403,
    #"{"message":"API rate limit exceeded for 127.0.0.1.","documentation_url":"https://docs.github.com/rest"}"#,
    headers: [
      ReplayHeader("X-RateLimit-Limit", "60"), ReplayHeader("X-RateLimit-Remaining", "0"),
      ReplayHeader("X-RateLimit-Used", "60"),
      ReplayHeader("X-RateLimit-Reset", "\(Int(fixedNow.timeIntervalSince1970) + seconds)"),
      ReplayHeader("X-RateLimit-Resource", "core"),
    ])
}

/// The async call, its typed error kept.
private func callUser(_ client: GitHubClient, _ name: String) async -> Result<User, GitHubError> {
  do {
    return .success(try await client.user(name))
  } catch {
    return .failure(error)
  }
}

/// How long, in real time, a check waits for the client before it gives up.
///
/// It bounds only a failing run: in the whole suite on two cores, with every test started at once, a loopback
/// request has waited over a minute before it was served.
private let patience: Duration = .seconds(300)

/// Polls `condition` with a real-time deadline.
private func poll(within limit: Duration = patience, _ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now.advanced(by: limit)
  while !condition() {
    guard ContinuousClock.now < deadline else { return false }
    try? await Task.sleep(for: .milliseconds(2))
  }
  return true
}

/// A replay server answering `GET /users/octocat` with a sequence of actions, and a client
/// on a manual clock.
private struct Harness {
  let server: ReplayServer
  let clock = TestClock()
  let client: GitHubClient

  init(policy: GitHubRetryPolicy? = policy(), answers: [ReplayAction]) throws {
    server = try ReplayServer.start()
    server.stub(userPath, .sequence(answers))
    // Without a policy, the configuration keeps its default, so `offByDefault` tests it.
    var configuration = GitHubConfiguration(
      baseURL: server.baseURL, token: nil, timeout: patience, clock: clock)
    if let policy { configuration.retryPolicy = policy }
    client = GitHubClient(configuration: configuration)
  }

  var requestCount: Int { server.requests(path: userPath).count }

  /// Fetches a user in `style`, advancing the clock by each wait the client asks for.
  func fetchUser(_ style: CallStyle, name: String = "octocat") async -> Result<User, GitHubError> {
    let client = client
    let outcome = Outcome()
    let subscription: (any Disposable)?
    switch style {
    case .async:
      subscription = nil
      Task { outcome.set(await callUser(client, name)) }
    case .rx:
      subscription = client.rx.user(name).subscribe(
        onSuccess: { outcome.set(.success($0)) },
        onFailure: { outcome.set(.failure($0 as? GitHubError ?? .cancelled)) })
    }
    defer { subscription?.dispose() }
    await advanceUntil { outcome.value != nil }
    return outcome.value ?? .failure(.transport(URLError(.timedOut)))
  }

  /// Advances the clock by each wait as soon as something sleeps on it, until `done` holds
  /// (or a real-time deadline passes).
  func advanceUntil(_ done: @escaping @Sendable () -> Bool) async {
    _ = await poll {
      if done() { return true }
      // One request waits at a time, so the sleeper is the one that asked last.
      if clock.sleeperCount > 0, let wait = clock.sleeps.last {
        clock.advance(by: wait)
      }
      return false
    }
  }
}

/// The result of one call, set once from another task or thread.
private final class Outcome: Sendable {
  private let state = _Mutex<Result<User, GitHubError>?>(nil)

  var value: Result<User, GitHubError>? { state.withLock { $0 } }

  func set(_ result: Result<User, GitHubError>) {
    state.withLock { $0 = $0 ?? result }
  }
}

extension Result {
  fileprivate var success: Success? {
    if case .success(let value) = self { value } else { nil }
  }

  fileprivate var failure: Failure? {
    if case .failure(let error) = self { error } else { nil }
  }
}
