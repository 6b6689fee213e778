import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// When a failed request is sent again, and after how long: GitHub's rules for rate limits,
/// and exponential backoff with jitter for server and transport errors.
///
/// Retries are off unless a configuration has a policy:
///
/// ```swift
/// let client = GitHubClient(
///   configuration: GitHubConfiguration(retryPolicy: GitHubRetryPolicy(maxRetries: 3)))
/// // Both styles now retry every request, waiting on the configuration's clock:
/// let repository = try await client.repository(owner: "apple", name: "swift")
/// client.rx.user("octocat").subscribe(onSuccess: { print($0.login) }).disposed(by: bag)
/// ```
///
/// The rules, applied by ``delay(after:attempt:)``:
///
/// - A **secondary rate limit** (``RateLimitExceeded/Kind/secondary``, 403 or 429) waits
///   `Retry-After`, or one minute when GitHub sent none, as GitHub's documentation asks.
/// - A **primary rate limit** (``RateLimitExceeded/Kind/primary``, `x-ratelimit-remaining: 0`)
///   waits until `x-ratelimit-reset`, measured from ``currentDate``.
/// - Either wait happens only if it is at most ``maxRateLimitWait``; a longer one fails at once
///   with the ``GitHubError/rateLimited(_:)`` error, so a call never hangs for an hour unasked.
/// - A **5xx** (``GitHubError/serverError(_:)``) or a **transport error**
///   (``GitHubError/transport(_:)``, except the ones that cannot heal by themselves: a bad or
///   unsupported URL and certificate failures) waits ``baseDelay`` doubled after each failure,
///   at most ``maxDelay``, shortened by a random share of up to ``jitter``.
/// - **Nothing else is retried**: not 401, 403 without rate-limit signs, 404, 422 or any other
///   4xx, not redirects, decoding failures, invalid input or cancellation. A `304 Not Modified`
///   is not an error.
/// - At most ``maxRetries`` retries per request, whatever their cause; after that the request
///   fails with the last error.
///
/// Every wait runs on ``GitHubConfiguration/clock``, so a test with a manual clock never
/// sleeps. Cancelling the calling task (async) or disposing the subscription (Rx) during a
/// wait ends it at once, without another request; the async call throws
/// ``GitHubError/cancelled``.
///
/// Rx users who prefer operators can leave the configuration without a policy and apply the
/// same decision with `retry(when:)`; see <doc:RetriesAndRateLimits>.
public struct GitHubRetryPolicy: Sendable, CustomStringConvertible {
  /// The most retries of one request, for any cause.
  ///
  /// `0` never retries; negative values count as `0`.
  public var maxRetries: Int
  /// The wait before the first retry after a 5xx or transport error; each further retry waits
  /// twice as long as the one before, up to ``maxDelay``.
  public var baseDelay: Duration
  /// The longest wait after a 5xx or transport error, before jitter.
  public var maxDelay: Duration
  /// The largest share of a backoff wait that is randomly taken off it.
  ///
  /// From `0` (waits are exactly ``baseDelay``, twice that, …) to `1` ("full jitter":
  /// anything from zero to the whole wait). Values outside `0...1` are clamped.
  ///
  /// Jitter spreads the retries of many clients that failed together. Rate-limit waits have
  /// no jitter: GitHub says when to come back.
  public var jitter: Double
  /// The longest wait for a rate limit, primary or secondary; a limit that asks for more fails
  /// at once.
  public var maxRateLimitWait: Duration
  /// The current wall-clock date, which a primary limit's reset date is compared with.
  ///
  /// `Date()` by default; tests set a fixed date. The wait itself then runs on the
  /// configuration's clock.
  public var currentDate: @Sendable () -> Date

  /// Creates a policy.
  ///
  /// - Parameters:
  ///   - maxRetries: The most retries of one request; 3 by default.
  ///   - baseDelay: The first backoff wait; one second by default.
  ///   - maxDelay: The longest backoff wait; 30 seconds by default.
  ///   - jitter: The largest random share taken off a backoff wait; 0.5 by default, so a
  ///     wait of 4 s becomes 2 to 4 s.
  ///   - maxRateLimitWait: The longest rate-limit wait; two minutes by default, which covers
  ///     GitHub's usual `Retry-After: 60` but not a primary reset an hour away.
  public init(
    maxRetries: Int = 3, baseDelay: Duration = .seconds(1), maxDelay: Duration = .seconds(30),
    jitter: Double = 0.5, maxRateLimitWait: Duration = .seconds(120)
  ) {
    self.maxRetries = maxRetries
    self.baseDelay = baseDelay
    self.maxDelay = maxDelay
    self.jitter = jitter
    self.maxRateLimitWait = maxRateLimitWait
    self.currentDate = { Date() }
  }

  /// How long to wait before retrying a request that failed with `error`, or `nil` not to
  /// retry.
  ///
  /// The decision the client makes when the configuration has this policy, for use with
  /// `retry(when:)`:
  ///
  /// ```swift
  /// let scheduler = ClockScheduler(clock: ContinuousClock())
  /// client.rx.user("octocat")
  ///   .retry(when: { (errors: Observable<GitHubError>) in
  ///     errors.enumerated().flatMap { index, error -> Observable<Int> in
  ///       guard let delay = policy.delay(after: error, attempt: index + 1) else {
  ///         return .error(error)
  ///       }
  ///       return .timer(delay, scheduler: scheduler)
  ///     }
  ///   })
  /// ```
  ///
  /// Jitter uses the system's random number generator and a primary limit's reset is
  /// compared with ``currentDate``.
  ///
  /// - Parameters:
  ///   - error: The error of the failed request.
  ///   - attempt: Which retry this would be: 1 after the first failure, 2 after the second,
  ///     and so on. Values from 1 to ``maxRetries`` may retry.
  /// - Returns: The wait, or `nil` when the error must not be retried, the retries are used up
  ///   or the rate limit asks for longer than ``maxRateLimitWait``.
  public func delay(after error: GitHubError, attempt: Int) -> Duration? {
    var generator = SystemRandomNumberGenerator()
    return delay(after: error, attempt: attempt, now: currentDate(), using: &generator)
  }

  /// How long to wait before retrying a request that failed with `error`, or `nil` not to
  /// retry, with the current date and the random numbers given.
  ///
  /// The same rules as ``delay(after:attempt:)``; pass a seeded generator to make jitter
  /// repeatable.
  ///
  /// - Parameters:
  ///   - error: The error of the failed request.
  ///   - attempt: Which retry this would be, from 1.
  ///   - now: The wall-clock date that a primary limit's reset is compared with.
  ///   - generator: The source of the jitter.
  /// - Returns: The wait, or `nil` not to retry.
  public func delay<Generator: RandomNumberGenerator>(
    after error: GitHubError, attempt: Int, now: Date, using generator: inout Generator
  ) -> Duration? {
    guard attempt >= 1, attempt <= maxRetries else { return nil }
    switch error {
    case .rateLimited(let limit):
      guard let wait = Self.rateLimitWait(limit, now: now), wait <= maxRateLimitWait else {
        return nil
      }
      return wait
    case .serverError:
      return backoff(attempt: attempt, using: &generator)
    case .transport(let urlError):
      guard Self.mayHeal(urlError) else { return nil }
      return backoff(attempt: attempt, using: &generator)
    case .notFound, .unauthorized, .forbidden, .validationFailed, .redirect, .decodingFailed,
      .invalidInput, .cancelled, .unexpectedStatus:
      return nil
    }
  }

  /// `GitHubRetryPolicy(maxRetries: 3, baseDelay: 1.0 seconds, …)`.
  public var description: String {
    "GitHubRetryPolicy(maxRetries: \(maxRetries), baseDelay: \(baseDelay), maxDelay: "
      + "\(maxDelay), jitter: \(jitter), maxRateLimitWait: \(maxRateLimitWait))"
  }

  /// The wait a rate limit asks for: `Retry-After` (one minute for a secondary limit without
  /// it), else the time until the reset; `nil` for a primary limit with no reset date.
  private static func rateLimitWait(_ limit: RateLimitExceeded, now: Date) -> Duration? {
    if let retryAfter = limit.retryAfter { return max(.zero, retryAfter) }
    switch limit.kind {
    case .secondary:
      return .seconds(60)
    case .primary:
      return limit.durationUntilReset(from: now)
    }
  }

  /// `baseDelay × 2^(attempt − 1)`, at most `maxDelay`, minus a random share of up to
  /// `jitter`.
  private func backoff<Generator: RandomNumberGenerator>(
    attempt: Int, using generator: inout Generator
  ) -> Duration {
    let cap = max(.zero, maxDelay)
    var wait = min(max(.zero, baseDelay), cap)
    var doublings = attempt - 1
    while doublings > 0, wait < cap {
      wait = min(wait * 2, cap)
      doublings -= 1
    }
    let share = jitter.isNaN ? 0 : min(1, max(0, jitter))
    guard share > 0, wait > .zero else { return wait }
    let random = Double.random(in: 0..<1, using: &generator)
    return wait - wait * (share * random)
  }

  /// Whether a transport error may go away on its own: not for URLs the system cannot use or
  /// certificates it does not trust.
  private static func mayHeal(_ error: URLError) -> Bool {
    switch error.code {
    case .badURL, .unsupportedURL, .cancelled, .userAuthenticationRequired,
      .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid,
      .clientCertificateRejected, .clientCertificateRequired,
      .appTransportSecurityRequiresSecureConnection:
      false
    default:
      true
    }
  }
}
