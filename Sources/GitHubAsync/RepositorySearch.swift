import Foundation

/// The repositories matching a search, fetched page by page as they are consumed.
///
/// Returned by ``GitHubClient/searchRepositories(_:sort:order:perPage:)``. Each iteration
/// starts from the first page. A page is requested only when the elements of the previous one
/// have all been consumed, by following the previous response's `Link` `rel="next"`; the URLs
/// are GitHub's, never built by the client. Iteration ends after the last page, at 1,000
/// results (GitHub's search limit), at an empty page, at a `next` link to a page already
/// fetched, or at the first error. A `next` link off the configured API is not followed:
/// iteration throws ``GitHubError/invalidInput(_:)`` (parameter `next`) after the page.
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
    Iterator(
      base: PaginatedSequence<Repository>.Iterator(
        client: client, next: firstPage, items: .key("items"),
        itemLimit: RepositorySearch.resultLimit))
  }

  /// Iterates over the results, requesting pages lazily.
  ///
  /// The engine is ``PaginatedSequence``'s, reading the items under `"items"` and stopping at
  /// ``RepositorySearch/resultLimit``.
  public struct Iterator: AsyncIteratorProtocol {
    /// A repository.
    public typealias Element = Repository
    /// The error thrown by iteration.
    public typealias Failure = GitHubError

    private var base: PaginatedSequence<Repository>.Iterator

    init(base: PaginatedSequence<Repository>.Iterator) {
      self.base = base
    }

    /// Returns the next repository, requesting the next page when the current one is used up.
    ///
    /// - Returns: The repository, or `nil` after the last one.
    /// - Throws: ``GitHubError``; after an error the iterator returns `nil`.
    public mutating func next() async throws(GitHubError) -> Repository? {
      try await base.next(isolation: nil)
    }

    /// Returns the next repository; the isolation-preserving form used by `for try await`.
    ///
    /// - Parameter actor: The caller's actor.
    /// - Returns: The repository, or `nil` after the last one.
    /// - Throws: ``GitHubError``; after an error the iterator returns `nil`.
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(GitHubError)
      -> Repository?
    {
      try await base.next(isolation: actor)
    }
  }
}
