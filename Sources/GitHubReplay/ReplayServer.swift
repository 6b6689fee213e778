import Foundation

/// A small HTTP/1.1 server on 127.0.0.1 that replays recorded GitHub responses.
///
/// Tests and the demo's offline mode point a real `URLSession` at it, so requests go through
/// real sockets. The server answers each request by its routes (see ``ReplayRoute``), logs
/// every request it receives, and notices when a client closes a connection before the answer
/// was sent.
///
/// ```swift
/// let server = try ReplayServer.start(scenario: .gitHub())
/// defer { server.stop() }
/// let client = GitHubClient(configuration: .init(baseURL: server.baseURL, token: nil))
/// let repository = try await client.repository(owner: "octokit-fixture-org", name: "hello-world")
/// #expect(server.requests.map(\.path) == ["/repos/octokit-fixture-org/hello-world"])
/// ```
///
/// It serves plain HTTP: tests hosted in an Apple app need App Transport Security to allow
/// local networking, and watchOS does not let apps open such sockets in general (see
/// <doc:GitHubReplay#On-Apple-platforms>).
///
/// Each connection carries one request: every response has `Connection: close`. Each
/// connection is served on its own thread, so slow or hanging routes do not hold up others.
/// Malformed requests get a `400` (or `431`, `413`, `505`) and are counted in
/// ``rejectedRequestCount``; they never stop the server.
///
/// The server stops when ``stop()`` is called or the last reference to it goes away.
public final class ReplayServer: Sendable {
  private let core: ReplayServerCore

  private init(core: ReplayServerCore) {
    self.core = core
  }

  deinit {
    core.stop()
  }

  /// Starts a server on 127.0.0.1 with a port the system picks.
  ///
  /// - Parameters:
  ///   - routes: The routes to serve; more can be added with ``add(_:)``.
  ///   - fallback: The answer for requests no route matches; GitHub's 404 by default.
  /// - Returns: The running server.
  /// - Throws: ``ReplayServerError/socket(call:errno:)`` if the socket cannot be opened.
  public static func start(
    routes: [ReplayRoute] = [], fallback: ReplayAction = .notFound
  ) throws(ReplayServerError) -> ReplayServer {
    let core = try ReplayServerCore(routes: routes, fallback: fallback)
    core.start()
    return ReplayServer(core: core)
  }

  /// Starts a server that serves a scenario's routes.
  ///
  /// - Parameter scenario: The routes and fallback, such as
  ///   ``ReplayScenario/gitHub(searches:)``.
  /// - Returns: The running server.
  /// - Throws: ``ReplayServerError/socket(call:errno:)`` if the socket cannot be opened.
  public static func start(scenario: ReplayScenario) throws(ReplayServerError) -> ReplayServer {
    try start(routes: scenario.routes, fallback: scenario.fallback)
  }

  /// The port the server listens on.
  public var port: UInt16 { core.port }

  /// The server's base URL, `http://127.0.0.1:<port>`, without a trailing slash.
  ///
  /// Absolute `https://api.github.com` URLs in replayed `Link` and `Location` headers and
  /// bodies are rewritten to this URL.
  public var baseURL: URL { core.baseURL }

  /// Whether ``stop()`` has been called.
  public var isStopped: Bool { core.isStopped }

  /// Adds a route.
  ///
  /// It wins over earlier routes that are equally specific.
  ///
  /// - Parameter route: The route.
  public func add(_ route: ReplayRoute) {
    core.add(route)
  }

  /// Adds a route for `GET path` (and the given query items) with an action.
  ///
  /// - Parameters:
  ///   - path: The raw path.
  ///   - query: Query items that must be present.
  ///   - action: What to do.
  public func stub(_ path: String, query: [String: String] = [:], _ action: ReplayAction) {
    core.add(ReplayRoute(path: path, query: query, action: action))
  }

  /// Removes every route; requests then get the fallback answer.
  public func removeAllRoutes() {
    core.removeAllRoutes()
  }

  /// Replaces the answer for requests no route matches.
  ///
  /// - Parameter action: The new fallback.
  public func setFallback(_ action: ReplayAction) {
    core.setFallback(action)
  }

  /// Every well-formed request received so far, in arrival order.
  public var requests: [RecordedRequest] { core.requests }

  /// The requests received so far whose path is `path`.
  ///
  /// - Parameter path: The raw path, without the query.
  /// - Returns: The matching requests, in arrival order.
  public func requests(path: String) -> [RecordedRequest] {
    core.requests.filter { $0.path == path }
  }

  /// The requests whose client closed the connection before the whole answer was sent: during
  /// a ``ReplayAction/delay(_:_:)`` or ``ReplayAction/hang``, or while the response was being
  /// written.
  public var abandonedRequests: [RecordedRequest] { core.abandoned }

  /// How many malformed requests were answered with an error status and not logged.
  public var rejectedRequestCount: Int { core.rejectedCount }

  /// Empties the request log, the abandoned-request log and the rejected count.
  public func clearLogs() {
    core.clearLogs()
  }

  /// Waits until at least `count` requests have arrived, polling every millisecond.
  ///
  /// - Parameters:
  ///   - count: The number of requests to wait for.
  ///   - timeout: How long to sleep between polls in total before giving up; time spent
  ///     waiting for a thread does not count.
  /// - Returns: Whether the requests arrived in time.
  public func waitForRequests(count: Int = 1, timeout: Duration = .seconds(30)) async -> Bool {
    await poll(timeout: timeout) { core.requests.count >= count }
  }

  /// Waits until at least `count` requests have been abandoned by their clients.
  ///
  /// Cancellation tests use this to prove that cancelling stopped the request on the wire.
  ///
  /// - Parameters:
  ///   - count: The number of abandoned requests to wait for.
  ///   - timeout: How long to sleep between polls in total before giving up; time spent
  ///     waiting for a thread does not count.
  /// - Returns: Whether the client closed that many connections early in time.
  public func waitForAbandonedRequests(count: Int = 1, timeout: Duration = .seconds(30)) async
    -> Bool
  {
    await poll(timeout: timeout) { core.abandoned.count >= count }
  }

  /// Stops accepting connections, wakes every waiting connection and closes them.
  ///
  /// Blocks until the server's threads have finished (at most a few seconds). Calling it
  /// again does nothing.
  public func stop() {
    core.stop()
  }

  /// Polls `condition` every millisecond until it holds or the polls have slept `timeout`.
  ///
  /// The timeout counts sleep, not clock time, so a test starved of CPU by other tests waits
  /// longer instead of failing while the request it waits for is still queued.
  private func poll(timeout: Duration, until condition: () -> Bool) async -> Bool {
    let step = Duration.milliseconds(1)
    var slept = Duration.zero
    while !condition() {
      guard slept < timeout else { return false }
      try? await Task.sleep(for: step)
      slept += step
    }
    return true
  }
}
