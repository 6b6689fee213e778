import Foundation

extension GitHubClient {
  /// Fetches any `GET` endpoint and decodes its JSON, with the same headers, token, cache,
  /// errors and redaction as the built-in calls.
  ///
  /// ```swift
  /// let license = try await client.get(JSONValue.self, path: "/repos/apple/swift/license")
  /// let issue = try await client.get(Issue.self, path: "/repos/apple/swift/issues/1")
  /// ```
  ///
  /// The path is taken as written: percent escapes in it are kept, and characters a path
  /// cannot carry raw (`[`, `]`, `"`, non-ASCII letters, ...) are percent-encoded, so
  /// `/users/dependabot[bot]` requests `/users/dependabot%5Bbot%5D`. Query values are
  /// percent-encoded by the client.
  ///
  /// **Cancellation:** cancelling the calling task cancels the request, and the call throws
  /// ``GitHubError/cancelled``.
  ///
  /// - Parameters:
  ///   - type: The type to decode the body as; `JSONValue` takes any JSON.
  ///   - path: The path relative to the API base URL, starting with `/`, such as
  ///     `/orgs/apple/repos`.
  ///   - query: Query items, unencoded; they are sent sorted by name.
  /// - Returns: The decoded body.
  /// - Throws: ``GitHubError``; ``GitHubError/invalidInput(_:)`` (parameter `path`) without a
  ///   request for a path that does not start with a single `/`, has an empty, `.` or `..`
  ///   segment, or contains a control character, a space, `?`, `#` or a malformed escape.
  public func get<T: Decodable>(
    _ type: T.Type, path: String, query: [String: String] = [:]
  ) async throws(GitHubError) -> T {
    let exchange = try await send(try apiURL(path: path, query: query))
    return try decode(T.self, from: exchange)
  }

  /// Fetches every page of a list endpoint, lazily, as one sequence of items.
  ///
  /// ```swift
  /// for try await repository in client.paginate(Repository.self, path: "/orgs/apple/repos") {
  ///   print(repository.fullName)
  ///   if enough { break }  // no further page is requested
  /// }
  /// let workflows = client.paginate(
  ///   JSONValue.self, path: "/repos/apple/swift/actions/workflows", items: .key("workflows"))
  /// ```
  ///
  /// Nothing is requested until the first element is asked for; each further page is
  /// requested only when the previous one's items have all been consumed, at the URL of the
  /// previous response's `Link` `rel="next"`. That works for each of GitHub's styles: page
  /// numbers (`?page=2`), `since` (`GET /organizations`) and cursors (`?cursor=…`), and for
  /// `next` links on another path (`/repositories/{id}/…`). Iteration ends at a response
  /// without `next`, at an empty page, or at a `next` link to a page already fetched.
  ///
  /// A `next` link that leaves the configured API (another scheme, host or port, or a path
  /// outside the base URL's) is not followed: iteration throws
  /// ``GitHubError/invalidInput(_:)`` with parameter `next` after the current page's items.
  ///
  /// **Cancellation:** breaking out of the loop requests no further page. Cancelling the
  /// iterating task cancels the page request in flight, and the iteration throws
  /// ``GitHubError/cancelled``; no request is in flight afterwards.
  ///
  /// - Parameters:
  ///   - type: The item type; `JSONValue` takes any JSON.
  ///   - path: The first page's path relative to the API base URL, as for
  ///     ``get(_:path:query:)``.
  ///   - query: The first page's query items, such as `["per_page": "100"]`.
  ///   - items: Where each page keeps its items: ``PageItems/array`` (the default),
  ///     ``PageItems/key(_:)`` for a wrapped list, or ``PageItems/automatic`` for either.
  /// - Returns: The items of every page, as an `AsyncSequence` that throws ``GitHubError``.
  ///   Invalid arguments surface as the first element's error.
  public func paginate<Element: Decodable & Sendable>(
    _ type: Element.Type, path: String, query: [String: String] = [:],
    items: PageItems = .array
  ) -> PaginatedSequence<Element> {
    let first = Result { () throws(GitHubError) -> URL in try apiURL(path: path, query: query) }
    return PaginatedSequence(client: self, firstPage: first, items: items)
  }

  // MARK: Shared by both styles

  func apiURL(path: String, query: [String: String]) throws(GitHubError) -> URL {
    try Endpoint.url(baseURL: configuration.baseURL, path: path, query: query)
  }

  /// The page after `exchange`, or `nil` to stop.
  ///
  /// - Throws: ``GitHubError/invalidInput(_:)`` for a `next` link off the API.
  func nextPage(
    after exchange: Exchange, itemCount: Int, requested: Set<URL>
  ) throws(GitHubError) -> URL? {
    guard itemCount > 0, let next = exchange.nextPage, !requested.contains(next) else {
      return nil
    }
    guard Endpoint.isOnAPI(next, baseURL: configuration.baseURL) else {
      throw .invalidInput(
        InvalidInput(
          parameter: "next",
          reason: "the Link rel=\"next\" target \(redacting(next.absoluteString)) "
            + "is not on the configured API"))
    }
    return next
  }
}

/// The items of a paginated endpoint, fetched page by page as they are consumed.
///
/// Returned by ``GitHubClient/paginate(_:path:query:items:)``. Each iteration starts from the
/// first page. A page is requested only when the previous page's items have all been consumed,
/// by following the previous response's `Link` `rel="next"`.
///
/// **Cancellation:** leaving the loop requests no further page. Cancelling the iterating task
/// cancels the page request in flight; the iteration then throws ``GitHubError/cancelled``.
public struct PaginatedSequence<Element: Decodable & Sendable>: AsyncSequence, Sendable {
  /// The error thrown by iteration.
  public typealias Failure = GitHubError

  let client: GitHubClient
  let firstPage: Result<URL, GitHubError>
  let items: PageItems

  /// Creates an iterator that starts at the first page.
  ///
  /// - Returns: The iterator.
  public func makeAsyncIterator() -> Iterator {
    Iterator(client: client, next: firstPage, items: items)
  }

  /// Iterates over the items, requesting pages lazily.
  public struct Iterator: AsyncIteratorProtocol {
    /// The error thrown by iteration.
    public typealias Failure = GitHubError

    private let client: GitHubClient
    private let items: PageItems
    /// The most items to fetch before stopping, such as search's 1,000; `nil` for no limit.
    private let itemLimit: Int?
    private var next: Result<URL, GitHubError>?
    private var buffer: [Element] = []
    private var position = 0
    private var fetched = 0
    private var requested: Set<URL> = []

    init(
      client: GitHubClient, next: Result<URL, GitHubError>, items: PageItems,
      itemLimit: Int? = nil
    ) {
      self.client = client
      self.next = next
      self.items = items
      self.itemLimit = itemLimit
    }

    /// Returns the next item, requesting the next page when the current one is used up.
    ///
    /// - Returns: The item, or `nil` after the last one.
    /// - Throws: ``GitHubError``; after an error the iterator returns `nil`.
    public mutating func next() async throws(GitHubError) -> Element? {
      try await next(isolation: nil)
    }

    /// Returns the next item; the isolation-preserving form used by `for try await`.
    ///
    /// - Parameter actor: The caller's actor.
    /// - Returns: The item, or `nil` after the last one.
    /// - Throws: ``GitHubError``; after an error the iterator returns `nil`.
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(GitHubError)
      -> Element?
    {
      while position == buffer.count {
        guard let pending = next else { return nil }
        next = nil
        buffer = []
        position = 0
        let url = try pending.get()
        requested.insert(url)
        let exchange = try await client.send(url)
        buffer = try items.decode(Element.self, from: exchange, client: client)
        fetched += buffer.count
        if let itemLimit, fetched >= itemLimit { continue }
        do throws(GitHubError) {
          if let nextURL = try client.nextPage(
            after: exchange, itemCount: buffer.count, requested: requested)
          {
            next = .success(nextURL)
          }
        } catch {
          next = .failure(error)
        }
      }
      defer { position += 1 }
      return buffer[position]
    }
  }
}
