import Foundation
import GitHubAsync
import GitHubReplay

/// Where the demo's requests go: the built-in replay server, api.github.com, or another
/// GitHub-compatible server.
final class Backend: Sendable {
  /// How long the replay server takes to answer a search, as a real search would.
  ///
  /// Long enough
  /// that typing can overtake a search in flight, so cancellation has something to cancel.
  static let replaySearchLatency = Duration.milliseconds(500)

  /// The replay server, when the demo runs its own.
  let replayServer: ReplayServer?
  /// The API's base URL.
  let baseURL: URL
  /// The token sent with every request; never sent to the replay server.
  let token: GitHubToken?
  /// Whether the demo talks to api.github.com.
  let isLive: Bool
  /// The clock the clients' waits (between polls) are measured on: `ContinuousClock`, or an
  /// ``InstantClock`` when ``instantWaitsVariable`` is set.
  let clock: any Clock<Duration>

  private init(
    replayServer: ReplayServer?, baseURL: URL, token: GitHubToken?, isLive: Bool,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.replayServer = replayServer
    self.baseURL = baseURL
    self.token = token
    self.isLive = isLive
    self.clock = clock
  }

  /// The environment variable that, for testing, makes every wait of the clients pass at once
  /// (see ``InstantClock``), so that tests of `events --poll` need not wait GitHub's
  /// `X-Poll-Interval` of a minute between polls.
  static let instantWaitsVariable = "BRIDGE_DEMO_INSTANT_WAITS"

  /// Starts the replay server or points at the server the options name.
  ///
  /// - Parameters:
  ///   - options: `--live` or `--base-url`, or neither for the replay server.
  ///   - environment: Where `GITHUB_TOKEN` is read from.
  /// - Returns: The backend.
  /// - Throws: ``DemoFailure`` if the replay server cannot start.
  static func make(
    _ options: ServerOptions, environment: [String: String]
  ) throws(DemoFailure) -> Backend {
    let token = GitHubToken.fromEnvironment(environment)
    let clock: any Clock<Duration> =
      environment[instantWaitsVariable]?.isEmpty == false ? InstantClock() : ContinuousClock()
    if options.live {
      return Backend(
        replayServer: nil, baseURL: try liveBaseURL(environment), token: token, isLive: true,
        clock: clock)
    }
    if let baseURL = options.baseURL {
      return Backend(
        replayServer: nil, baseURL: baseURL, token: token, isLive: false, clock: clock)
    }
    do {
      let server = try ReplayServer.start(scenario: try replayScenario())
      return Backend(
        replayServer: server, baseURL: server.baseURL, token: nil, isLive: false, clock: clock)
    } catch {
      throw DemoFailure("cannot start the replay server: \(error)")
    }
  }

  /// The environment variable that, for testing, replaces api.github.com for `--live`, so
  /// that tests can make `--live` fail as it does without a network (with a closed port on
  /// 127.0.0.1) without touching the internet.
  static let liveBaseURLVariable = "BRIDGE_DEMO_LIVE_BASE_URL"

  /// Where `--live` sends requests: api.github.com, unless ``liveBaseURLVariable`` is set.
  ///
  /// - Throws: ``DemoFailure`` if the variable is set to something other than an http or
  ///   https URL.
  static func liveBaseURL(_ environment: [String: String]) throws(DemoFailure) -> URL {
    guard let text = environment[liveBaseURLVariable], !text.isEmpty else {
      return GitHubConfiguration.gitHubAPI
    }
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host?.isEmpty == false
    else {
      throw DemoFailure("\(liveBaseURLVariable) must be an http or https URL, not '\(text)'")
    }
    return url
  }

  /// The GitHub scenario of the replay server, with searches answering after
  /// ``replaySearchLatency``.
  static func replayScenario() throws(ReplayServerError) -> ReplayScenario {
    // Only the recorded searches answer with their recordings; any other query finds nothing,
    // as a search without matches does on GitHub.
    var scenario = try ReplayScenario.gitHub(searches: .recordedQueriesOnly)
    for index in scenario.routes.indices
    where scenario.routes[index].path == ReplayScenario.GitHubPaths.searchRepositories {
      if case .respond(let response) = scenario.routes[index].action {
        scenario.routes[index].action = .delay(replaySearchLatency, response)
      }
    }
    return scenario
  }

  /// The line that says where requests go, printed on standard error when it is a terminal.
  var announcement: String {
    if let replayServer {
      let latency =
        Double(Self.replaySearchLatency.components.attoseconds) / 1e18
        + Double(Self.replaySearchLatency.components.seconds)
      return "bridge-demo: offline: replaying recorded GitHub responses from "
        + "\(replayServer.baseURL.absoluteString) (searches take \(latency) s);"
        + " --live for api.github.com"
    }
    let tokenNote = token == nil ? "no token (GITHUB_TOKEN is not set)" : "token from GITHUB_TOKEN"
    return "bridge-demo: talking to \(baseURL.absoluteString) with \(tokenNote)"
  }

  /// What an offline search or typeahead says on a terminal about the recordings: which
  /// queries they cover.
  ///
  /// - Parameter query: The query searched, or `nil` for queries to come (`typeahead`).
  /// - Returns: The line, or `nil` when online, or for a query the recordings cover.
  func offlineSearchNote(for query: String?) -> String? {
    guard replayServer != nil else { return nil }
    let covered = ReplayScenario.recordedSearchQueries
    if let query, covered.contains(query) { return nil }
    let list = covered.map { "\"\($0)\"" }.joined(separator: ", ")
    return "bridge-demo: offline, the recordings cover only the search \(list); any other query"
      + " finds nothing, as a search without matches does on GitHub; --live searches GitHub"
  }

  /// The name the replay server's URLs are cached under, in place of its origin
  /// (`http://127.0.0.1:<port>`), whose port changes from run to run.
  static let replayCacheOrigin = "bridge-demo-offline-replay:"

  /// A client for this backend.
  ///
  /// Offline, the cache keys name the recordings (``replayCacheOrigin``) instead of the
  /// replay server's port, so that a cache directory serves the same request in the next
  /// run; keys of `--live` and `--base-url` runs are their URLs, so no run reads another
  /// server's entries.
  ///
  /// - Parameter cache: The client's response cache.
  /// - Returns: The client.
  func makeClient(cache: any ResponseCache = InMemoryResponseCache()) -> GitHubClient {
    let keyed: any ResponseCache =
      replayServer.map {
        OriginRenamingCache(
          cache, origin: $0.baseURL.absoluteString, renamedTo: Self.replayCacheOrigin)
      } ?? cache
    return GitHubClient(
      configuration: GitHubConfiguration(
        baseURL: baseURL, token: token, userAgent: "ObservableBridge-bridge-demo", cache: keyed,
        clock: clock))
  }

  /// Stops the replay server, if the demo runs one.
  func shutdown() {
    replayServer?.stop()
  }
}

/// A response cache that files the entries of one origin under another name.
///
/// The client keys its cache by request URL. The replay server listens on a new port each
/// run, so its URLs would never meet again; under a stable name they do.
struct OriginRenamingCache: ResponseCache {
  private let base: any ResponseCache
  private let origin: String
  private let name: String

  /// Wraps a cache.
  ///
  /// - Parameters:
  ///   - base: The cache that stores the entries.
  ///   - origin: The origin to rename, such as `http://127.0.0.1:49152`, without a slash.
  ///   - name: What to file its URLs under instead.
  init(_ base: any ResponseCache, origin: String, renamedTo name: String) {
    self.base = base
    self.origin = origin
    self.name = name
  }

  /// The key `base` uses for `key`: the origin renamed, or `key` itself for another origin.
  ///
  /// - Parameter key: The request URL.
  /// - Returns: The key.
  func renamed(_ key: String) -> String {
    guard key.hasPrefix(origin),
      key.dropFirst(origin.count).first.map({ "/?".contains($0) }) ?? true
    else { return key }
    return name + key.dropFirst(origin.count)
  }

  /// The stored response for `key`.
  ///
  /// - Parameter key: The request URL.
  /// - Returns: The stored response, or `nil`.
  func cachedResponse(for key: String) -> CachedResponse? {
    base.cachedResponse(for: renamed(key))
  }

  /// Stores a response for `key`.
  ///
  /// - Parameters:
  ///   - response: The response.
  ///   - key: The request URL.
  func store(_ response: CachedResponse, for key: String) {
    base.store(response, for: renamed(key))
  }
}

/// A failure already reported on standard error, one line for each part that failed (such as
/// each failed search of `typeahead`): the demo exits with status 1 and prints nothing more.
struct ReportedFailure: Error {}

/// A failure the demo reports as one line on standard error, exiting with status 1.
struct DemoFailure: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) {
    self.description = description
  }
}
