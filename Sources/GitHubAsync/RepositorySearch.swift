import Foundation

/// The repositories matching a search, fetched page by page as they are consumed.
///
/// Returned by ``GitHubClient/searchRepositories(_:sort:order:perPage:)``. Each iteration
/// starts from the first page. A page is requested only when the elements of the previous one
/// have all been consumed, by following the previous response's `Link` `rel="next"`; the URLs
/// are GitHub's, never built by the client. Iteration ends after the last page, at 1,000
/// results (GitHub's search limit), or at the first error.
///
/// **Cancellation:** cancelling the iterating task cancels the page request in flight; the
/// iteration then throws ``GitHubError/cancelled``.
public struct RepositorySearch: AsyncSequence, Sendable {
  /// A repository.
  public typealias Element = Repository
  /// The error thrown by iteration.
  public typealias Failure = GitHubError

  /// GitHub serves at most this many search results.
  public static let resultLimit = 1000

  let client: GitHubClient
  let firstPage: Result<URL, GitHubError>

  /// Creates an iterator that starts at the first page.
  ///
  /// - Returns: The iterator.
  public func makeAsyncIterator() -> Iterator {
    Iterator(client: client, next: firstPage)
  }

  /// Iterates over the results, requesting pages lazily.
  public struct Iterator: AsyncIteratorProtocol {
    /// A repository.
    public typealias Element = Repository
    /// The error thrown by iteration.
    public typealias Failure = GitHubError

    private let client: GitHubClient
    private var next: Result<URL, GitHubError>?
    private var buffer: [Repository] = []
    private var position = 0
    private var fetched = 0
    private var requested: Set<URL> = []

    init(client: GitHubClient, next: Result<URL, GitHubError>) {
      self.client = client
      self.next = next
    }

    /// Returns the next repository, requesting the next page when the current one is used up.
    ///
    /// - Returns: The repository, or `nil` after the last one.
    /// - Throws: ``GitHubError``; after an error the iterator returns `nil`.
    public mutating func next() async throws(GitHubError) -> Repository? {
      try await next(isolation: nil)
    }

    /// Returns the next repository; the isolation-preserving form used by `for try await`.
    ///
    /// - Parameter actor: The caller's actor.
    /// - Returns: The repository, or `nil` after the last one.
    /// - Throws: ``GitHubError``; after an error the iterator returns `nil`.
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(GitHubError)
      -> Repository?
    {
      while position == buffer.count {
        guard let pending = next else { return nil }
        next = nil
        buffer = []
        position = 0
        let url = try pending.get()
        requested.insert(url)
        let page = try await client.searchPage(at: url)
        buffer = page.items
        fetched += page.items.count
        // Stop at an empty page, at the search limit, or if a link points back to a page
        // already fetched, so a misbehaving server cannot loop the iterator forever.
        if let nextURL = page.nextPage, !page.items.isEmpty,
          fetched < RepositorySearch.resultLimit, !requested.contains(nextURL)
        {
          next = .success(nextURL)
        }
      }
      defer { position += 1 }
      return buffer[position]
    }
  }
}
