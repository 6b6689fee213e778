import Foundation
import ObservableCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A GitHub REST API client on URLSession, with every call in two styles.
///
/// The **async** calls are methods on the client; the **Rx** calls live under ``rx`` and
/// return `Single` and `Observable`. Both styles share the same requests, cache, rate-limit
/// tracking and errors, so they can be mixed freely.
///
/// ```swift
/// let client = GitHubClient()
///
/// // async/await
/// let swift = try await client.repository(owner: "swiftlang", name: "swift")
/// for try await repository in client.searchRepositories("rx language:swift") {
///   print(repository.fullName)
/// }
///
/// // Rx
/// client.rx.repository(owner: "ReactiveX", name: "RxSwift")
///   .subscribe(onSuccess: { print($0.stargazersCount) })
///   .disposed(by: bag)
/// ```
///
/// ## Requests
///
/// Every request sends `Accept: application/vnd.github+json`, `X-GitHub-Api-Version`, a
/// `User-Agent`, and `Authorization: Bearer …` when a token is configured. Names are checked
/// against GitHub's rules and every path segment and query value is percent-encoded, so no
/// argument can change which resource is requested.
///
/// ## Caching
///
/// The client uses its own `URLSession` with `URLCache` turned off. Responses with an `ETag`
/// or `Last-Modified` go into the configured ``ResponseCache``; the next request for the same
/// URL sends `If-None-Match`/`If-Modified-Since`, and a `304 Not Modified` returns the cached
/// value without counting against the rate limit.
///
/// ## Redirects
///
/// URLSession follows 301, 302 and 307 redirects. The client removes the `Authorization`
/// header when a redirect leaves the original scheme, host and port, and refuses redirects to
/// other schemes or from HTTPS to HTTP (``GitHubError/redirect(status:location:)``).
public final class GitHubClient: Sendable, ReactiveCompatible {
  /// The configuration the client was created with.
  public let configuration: GitHubConfiguration
  let session: URLSession
  private let latestRateLimit = _Mutex<RateLimit?>(nil)

  /// Creates a client.
  ///
  /// - Parameter configuration: The base URL, token, headers, timeout and cache.
  public init(configuration: GitHubConfiguration = GitHubConfiguration()) {
    self.configuration = configuration
    let sessionConfiguration = URLSessionConfiguration.ephemeral
    sessionConfiguration.urlCache = nil
    sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
    sessionConfiguration.httpCookieStorage = nil
    sessionConfiguration.httpShouldSetCookies = false
    sessionConfiguration.timeoutIntervalForRequest = Self.sessionTimeout(configuration.timeout)
    session = URLSession(
      configuration: sessionConfiguration, delegate: RedirectPolicy(), delegateQueue: nil)
  }

  deinit {
    // Nothing else references the session: every request and sequence keeps the client alive.
    session.finishTasksAndInvalidate()
  }

  /// The rate limit reported by the most recent response that carried one.
  public var rateLimit: RateLimit? {
    latestRateLimit.withLock { $0 }
  }

  func recordRateLimit(_ rateLimit: RateLimit) {
    latestRateLimit.withLock { $0 = rateLimit }
  }

  // MARK: URLs

  func repositoryURL(owner: String, name: String) throws(GitHubError) -> URL {
    try Validation.pathSegment(owner, parameter: "owner")
    try Validation.pathSegment(name, parameter: "name")
    return try Endpoint.url(baseURL: configuration.baseURL, segments: ["repos", owner, name])
  }

  func eventsURL(owner: String, name: String) throws(GitHubError) -> URL {
    try Validation.pathSegment(owner, parameter: "owner")
    try Validation.pathSegment(name, parameter: "name")
    return try Endpoint.url(
      baseURL: configuration.baseURL, segments: ["repos", owner, name, "events"])
  }

  func userURL(_ username: String) throws(GitHubError) -> URL {
    try Validation.pathSegment(username, parameter: "username")
    return try Endpoint.url(baseURL: configuration.baseURL, segments: ["users", username])
  }

  func searchURL(
    _ query: String, sort: RepositorySearchSort?, order: SearchOrder?, perPage: Int, page: Int?
  ) throws(GitHubError) -> URL {
    try Validation.searchQuery(query)
    try Validation.perPage(perPage)
    if let page { try Validation.page(page) }
    var items: [(String, String)] = [("q", query)]
    if let sort { items.append(("sort", sort.rawValue)) }
    if let order { items.append(("order", order.rawValue)) }
    items.append(("per_page", String(perPage)))
    if let page { items.append(("page", String(page))) }
    return try Endpoint.url(
      baseURL: configuration.baseURL, segments: ["search", "repositories"], query: items)
  }

  // MARK: Transforms shared by both styles

  func searchPage(from exchange: Exchange) throws(GitHubError) -> SearchPage {
    let envelope = try decode(SearchEnvelope.self, from: exchange)
    return SearchPage(
      totalCount: envelope.totalCount, incompleteResults: envelope.incompleteResults,
      items: envelope.items, nextPage: exchange.nextPage, rateLimit: exchange.rateLimit)
  }

  func repositoryEvents(from exchange: Exchange) throws(GitHubError) -> RepositoryEvents {
    RepositoryEvents(
      events: try decode([Event].self, from: exchange),
      pollInterval: exchange.pollInterval.map { .seconds($0) },
      isNotModified: exchange.isNotModified, etag: exchange.etag, rateLimit: exchange.rateLimit)
  }

  /// `404` means the name is free; a `2xx` (or a `304` for a cached user) means it is taken.
  static func availability(
    from result: Result<Exchange, GitHubError>
  ) -> Result<Bool, GitHubError> {
    switch result {
    case .success: .success(false)
    case .failure(.notFound): .success(true)
    case .failure(let error): .failure(error)
    }
  }
}

/// Keeps redirects safe: no `Authorization` header to another origin, no HTTPS-to-HTTP
/// downgrade, and HTTP(S) targets only.
private final class RedirectPolicy: NSObject, URLSessionTaskDelegate, Sendable {
  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(Self.redirect(from: task.originalRequest?.url, to: request))
  }

  static func redirect(from original: URL?, to request: URLRequest) -> URLRequest? {
    guard let target = request.url, let scheme = target.scheme?.lowercased(),
      scheme == "http" || scheme == "https"
    else { return nil }
    let originalScheme = original?.scheme?.lowercased()
    if originalScheme == "https", scheme == "http" { return nil }
    var request = request
    if originalScheme != scheme || original?.host?.lowercased() != target.host?.lowercased()
      || original?.port != target.port
    {
      request.setValue(nil, forHTTPHeaderField: "Authorization")
    }
    return request
  }
}
