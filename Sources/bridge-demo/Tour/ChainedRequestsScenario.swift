import GitHubAsync
import GitHubReplay
import ObservableCore

/// Chained requests: `concat` and `retry(2)` against sequential awaits and a retry helper.
struct ChainedRequestsScenario: TourScenario {
  let name = TourScenarioName.chained
  let title = "Chained requests with retry"

  func summary(_ context: TourContext) -> [String] {
    var lines = [
      "A user, then a repository, one after the other; each step is tried at most twice."
    ]
    if context.replayServer != nil {
      lines.append("The replay server fails the first repository request of each run with a 500.")
    }
    return lines
  }

  func code(_ style: Style, _ context: TourContext) -> [String] {
    let targets = context.targets
    let repository = "owner: \"\(targets.repository.owner)\", name: \"\(targets.repository.name)\""
    switch style {
    case .rx:
      return [
        "Observable.concat(",
        "  client.rx.user(\"\(targets.user)\").asObservable().map(Step.user).retry(2),",
        "  client.rx.repository(\(repository))",
        "    .asObservable().map(Step.repository).retry(2))",
        "  .toArray()",
        "  .subscribe(onSuccess: show, onFailure: report)",
      ]
    case .async:
      return [
        "let user = try await retrying(2) { try await client.user(\"\(targets.user)\") }",
        "let repository = try await retrying(2) {",
        "  try await client.repository(\(repository))",
        "}",
      ]
    }
  }

  func run(_ style: Style, _ context: TourContext) async throws -> StyleReport {
    let client = context.backend.makeClient()
    let targets = context.targets
    let owner = targets.repository.owner
    let name = targets.repository.name
    try injectFault(context)
    let failures = FailureLog()
    let user: User
    let repository: Repository
    switch style {
    case .rx:
      let steps: [Step] = try await subscribeAndWait { show, report in
        Observable.concat(
          client.rx.user(targets.user).asObservable().map(Step.user)
            .do(onError: { failures.record("user", $0) }).retry(2),
          client.rx.repository(owner: owner, name: name).asObservable().map(Step.repository)
            .do(onError: { failures.record("repository", $0) }).retry(2)
        )
        .toArray()
        .subscribe(onSuccess: show, onFailure: report)
      }
      guard steps.count == 2, case .user(let first) = steps[0],
        case .repository(let second) = steps[1]
      else { throw DemoFailure("the chain produced \(steps.count) steps instead of 2") }
      user = first
      repository = second
    case .async:
      user = try await retrying(
        2, onFailure: { failures.record("user", $0) },
        operation: { try await client.user(targets.user) })
      repository = try await retrying(
        2, onFailure: { failures.record("repository", $0) },
        operation: { try await client.repository(owner: owner, name: name) })
    }
    var result = [
      "1. " + user.login + (user.name.map { " (\($0))" } ?? ""),
      "2. " + RepositoryScenario.describe(repository),
    ]
    let failed = failures.all
    result += failed.map { "retried \($0.step) after: \(Format.error($0.error))" }
    return StyleReport(result: result)
  }

  /// On the replay server, makes the next request for the repository fail once with a 500.
  private func injectFault(_ context: TourContext) throws {
    guard let server = context.replayServer else { return }
    let failure = try ReplayFixture.serverError.response()
    let success = try ReplayFixture.repository.response()
    let failuresLeft = _Mutex(1)
    let target = context.targets.repository
    server.add(
      ReplayRoute(
        path: "/repos/\(target.owner)/\(target.name)",
        action: .handler { _ in
          let fail = failuresLeft.withLock { left in
            defer { left = max(0, left - 1) }
            return left > 0
          }
          return fail ? failure : success
        }))
  }
}

/// A step of the Rx chain: `concat` needs one element type.
enum Step: Sendable {
  case user(User)
  case repository(Repository)
}

/// Runs an operation up to `attempts` times, until it succeeds.
///
/// It is `retry(attempts)` for async code. A cancelled attempt is not retried.
///
/// - Parameters:
///   - attempts: The most attempts, 1 or more.
///   - onFailure: Called with each error that is followed by another attempt.
///   - operation: The operation.
/// - Returns: The first success.
/// - Throws: The last attempt's error.
func retrying<Value>(
  _ attempts: Int, onFailure: (any Error) -> Void = { _ in },
  operation: () async throws -> Value
) async throws -> Value {
  var attempt = 1
  while true {
    do {
      return try await operation()
    } catch {
      let cancelled = Task.isCancelled || (error as? GitHubError) == .cancelled
      guard attempt < attempts, !cancelled else { throw error }
      onFailure(error)
      attempt += 1
    }
  }
}

/// The errors that were retried.
private final class FailureLog: Sendable {
  private let failures = _Mutex<[(step: String, error: any Error)]>([])

  func record(_ step: String, _ error: any Error) {
    failures.withLock { $0.append((step, error)) }
  }

  var all: [(step: String, error: any Error)] { failures.withLock { $0 } }
}
