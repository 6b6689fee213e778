import Foundation

/// The settings of a ``GitHubClient``: where to send requests, how to identify, and how long to
/// wait.
///
/// ```swift
/// // api.github.com, with the token from GITHUB_TOKEN if it is set:
/// let client = GitHubClient()
/// // GitHub Enterprise Server, with an explicit token and a file cache for events:
/// let enterprise = GitHubClient(
///   configuration: GitHubConfiguration(
///     baseURL: URL(string: "https://github.example.com/api/v3")!,
///     token: GitHubToken("ghp_…"),
///     cache: FileResponseCache(directory: cacheFolder)))
/// ```
///
/// Printing or dumping a configuration never shows the token.
public struct GitHubConfiguration: Sendable, CustomStringConvertible {
  /// The public API, `https://api.github.com`.
  public static let gitHubAPI: URL = {
    var components = URLComponents()
    components.scheme = "https"
    components.host = "api.github.com"
    return components.url ?? URL(fileURLWithPath: "/")
  }()

  /// The REST API version this client is written against, sent as `X-GitHub-Api-Version`.
  public static let defaultAPIVersion = "2022-11-28"

  /// The `User-Agent` sent when none is configured.
  ///
  /// GitHub rejects requests without one.
  public static let defaultUserAgent = "ObservableBridge-GitHubAsync"

  /// The base URL that request paths are appended to: `https://api.github.com`, a GitHub
  /// Enterprise Server URL such as `https://github.example.com/api/v3`, or a local server.
  public var baseURL: URL
  /// The token sent as `Authorization: Bearer …`, or `nil` for unauthenticated requests.
  public var token: GitHubToken?
  /// The value of the `X-GitHub-Api-Version` header.
  public var apiVersion: String
  /// The value of the `User-Agent` header.
  public var userAgent: String
  /// How long a request may wait for data before it fails with `URLError(.timedOut)`.
  ///
  /// swift-corelibs-foundation (Linux) applies timeouts in whole seconds and treats anything
  /// below one second as zero, which fails every request at once. On Linux the client
  /// therefore rounds the timeout up to whole seconds: 0.5 s waits 1 s.
  public var timeout: Duration
  /// Where validators (`ETag`, `Last-Modified`) and bodies are kept for conditional requests.
  public var cache: any ResponseCache
  /// The clock that every wait of the client is measured on: between polls, and before a
  /// retry.
  ///
  /// `ContinuousClock` by default. Tests pass a manual clock such as ObservableTesting's
  /// `TestClock`, so that waits of a minute pass at once and in order.
  public var clock: any Clock<Duration>
  /// Whether and how failed requests are sent again, in both styles; `nil` (the default)
  /// never retries.
  ///
  /// With a policy, every call retries rate limits, 5xx and transport errors as
  /// ``GitHubRetryPolicy`` describes, waiting on ``clock``, and fails with the last error
  /// when the policy gives up. See <doc:RetriesAndRateLimits>.
  public var retryPolicy: GitHubRetryPolicy?

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - baseURL: The API base URL.
  ///   - token: The token; by default the `GITHUB_TOKEN` environment variable, if set.
  ///   - apiVersion: The `X-GitHub-Api-Version` value.
  ///   - userAgent: The `User-Agent` value.
  ///   - timeout: How long a request may wait for data.
  ///   - cache: The response cache; a new in-memory cache by default.
  ///   - clock: The clock that waits are measured on; `ContinuousClock` by default.
  ///   - retryPolicy: When to send failed requests again; `nil` (never) by default.
  public init(
    baseURL: URL = GitHubConfiguration.gitHubAPI,
    token: GitHubToken? = .fromEnvironment(),
    apiVersion: String = GitHubConfiguration.defaultAPIVersion,
    userAgent: String = GitHubConfiguration.defaultUserAgent,
    timeout: Duration = .seconds(30),
    cache: any ResponseCache = InMemoryResponseCache(),
    clock: any Clock<Duration> = ContinuousClock(),
    retryPolicy: GitHubRetryPolicy? = nil
  ) {
    self.baseURL = baseURL
    self.token = token
    self.apiVersion = apiVersion
    self.userAgent = userAgent
    self.timeout = timeout
    self.cache = cache
    self.clock = clock
    self.retryPolicy = retryPolicy
  }

  /// A summary with the token shown only as present or absent.
  public var description: String {
    "GitHubConfiguration(baseURL: \(baseURL.absoluteString), token: "
      + (token == nil ? "nil" : "<redacted>")
      + ", apiVersion: \(apiVersion), userAgent: \(userAgent), timeout: \(timeout), "
      + "retryPolicy: \(retryPolicy.map(\.description) ?? "nil"))"
  }
}

/// A GitHub access token, kept out of every description, debug description and dump.
///
/// ```swift
/// let token = GitHubToken("ghp_…")
/// print(token)  // GitHubToken(<redacted>)
/// ```
public struct GitHubToken: Sendable, Hashable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  /// The secret.
  ///
  /// Only the client reads it, to build the `Authorization` header.
  let value: String

  /// Wraps a token.
  ///
  /// - Parameter value: The token, such as a personal access token.
  public init(_ value: String) {
    self.value = value
  }

  /// Reads `GITHUB_TOKEN` from an environment.
  ///
  /// - Parameter environment: The environment; the process's by default.
  /// - Returns: The token, or `nil` if the variable is unset or blank.
  public static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> GitHubToken? {
    guard let value = environment["GITHUB_TOKEN"]?.trimmingCharacters(in: .whitespacesAndNewlines),
      !value.isEmpty
    else { return nil }
    return GitHubToken(value)
  }

  /// `GitHubToken(<redacted>)`.
  public var description: String { "GitHubToken(<redacted>)" }

  /// `GitHubToken(<redacted>)`.
  public var debugDescription: String { description }

  /// A mirror without children, so `dump` and reflection do not reach the secret.
  public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

  /// Whether the token can go into a header: visible ASCII, no spaces.
  var isWellFormed: Bool {
    !value.isEmpty && value.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F }
  }
}
