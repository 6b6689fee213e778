import Dispatch
import Foundation
import ObservableCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension GitHubClient {
  /// Fetches a repository.
  ///
  /// ```swift
  /// let repository = try await client.repository(owner: "apple", name: "swift")
  /// ```
  ///
  /// **Cancellation:** cancelling the calling task cancels the request, and the call throws
  /// ``GitHubError/cancelled``.
  ///
  /// - Parameters:
  ///   - owner: The owner's login.
  ///   - name: The repository name.
  /// - Returns: The repository. A renamed repository is found through GitHub's 301.
  /// - Throws: ``GitHubError``; ``GitHubError/invalidInput(_:)`` without a request for a name
  ///   that cannot be one path segment: empty, `.`, `..`, containing `/` or a control
  ///   character, or over 255 bytes. Any other name is percent-encoded and sent; GitHub answers
  ///   ``GitHubError/notFound(_:)`` for one that does not exist.
  public func repository(owner: String, name: String) async throws(GitHubError) -> Repository {
    let exchange = try await send(try repositoryURL(owner: owner, name: name))
    return try decode(Repository.self, from: exchange)
  }

  /// Searches repositories, lazily fetching page after page as the sequence is iterated.
  ///
  /// ```swift
  /// for try await repository in client.searchRepositories("swift", sort: .stars) {
  ///   print(repository.fullName)
  ///   if enough { break }  // no further page is requested
  /// }
  /// ```
  ///
  /// Nothing is requested until the first element is asked for. Each further page is
  /// requested only when the previous one has been consumed, by following the response's
  /// `Link` `rel="next"`. The sequence ends after the last page or at GitHub's limit of 1,000
  /// results. Invalid arguments surface as the first element's error.
  ///
  /// **Cancellation:** cancelling the iterating task cancels the page request in flight, and
  /// the iteration throws ``GitHubError/cancelled``.
  ///
  /// - Parameters:
  ///   - query: The search query, such as `rx language:swift`; it is percent-encoded.
  ///   - sort: The sort field; `nil` sorts by best match.
  ///   - order: The sort direction; `nil` uses GitHub's default (descending).
  ///   - perPage: The page size, 1 to 100.
  /// - Returns: The repositories, as an `AsyncSequence` that throws ``GitHubError``.
  public func searchRepositories(
    _ query: String, sort: RepositorySearchSort? = nil, order: SearchOrder? = nil,
    perPage: Int = 30
  ) -> RepositorySearch {
    let first = Result { () throws(GitHubError) -> URL in
      try searchURL(query, sort: sort, order: order, perPage: perPage, page: nil)
    }
    return RepositorySearch(client: self, firstPage: first)
  }

  /// Fetches one page of repository search results.
  ///
  /// **Cancellation:** cancelling the calling task cancels the request, and the call throws
  /// ``GitHubError/cancelled``.
  ///
  /// - Parameters:
  ///   - query: The search query; it is percent-encoded.
  ///   - sort: The sort field; `nil` sorts by best match.
  ///   - order: The sort direction.
  ///   - perPage: The page size, 1 to 100.
  ///   - page: The page number, from 1. Pages past the 1,000th result fail with
  ///     ``GitHubError/validationFailed(_:)``.
  /// - Returns: The page, with the next page's URL if there is one.
  /// - Throws: ``GitHubError``.
  public func searchRepositoriesPage(
    _ query: String, sort: RepositorySearchSort? = nil, order: SearchOrder? = nil,
    perPage: Int = 30, page: Int = 1
  ) async throws(GitHubError) -> SearchPage {
    let url = try searchURL(query, sort: sort, order: order, perPage: perPage, page: page)
    return try await searchPage(at: url)
  }

  /// Fetches the search page at `url`, a `Link` target.
  func searchPage(at url: URL) async throws(GitHubError) -> SearchPage {
    try searchPage(from: try await send(url))
  }

  /// Fetches a user or organization.
  ///
  /// **Cancellation:** cancelling the calling task cancels the request, and the call throws
  /// ``GitHubError/cancelled``.
  ///
  /// - Parameter username: The login.
  /// - Returns: The account. Bot accounts such as `dependabot[bot]` work like any other login.
  /// - Throws: ``GitHubError``; ``GitHubError/invalidInput(_:)`` without a request for a name
  ///   that cannot be one path segment (empty, `.`, `..`, containing `/` or a control
  ///   character, or over 255 bytes).
  public func user(_ username: String) async throws(GitHubError) -> User {
    let exchange = try await send(try userURL(username))
    return try decode(User.self, from: exchange)
  }

  /// Fetches a repository's recent events, revalidating the previous answer.
  ///
  /// The first call stores the response's `ETag`. Later calls send it as `If-None-Match`;
  /// when nothing changed GitHub answers `304 Not Modified`, which does not count against the
  /// rate limit, and the cached events come back with ``RepositoryEvents/isNotModified`` set.
  /// Wait ``RepositoryEvents/pollInterval`` between polls.
  ///
  /// **Cancellation:** cancelling the calling task cancels the request, and the call throws
  /// ``GitHubError/cancelled``.
  ///
  /// - Parameters:
  ///   - owner: The owner's login.
  ///   - name: The repository name.
  /// - Returns: The first page of events, newest first, with the poll interval.
  /// - Throws: ``GitHubError``.
  public func repositoryEvents(owner: String, name: String) async throws(GitHubError)
    -> RepositoryEvents
  {
    let exchange = try await send(try eventsURL(owner: owner, name: name))
    return try repositoryEvents(from: exchange)
  }

  /// Whether a user name is free, judged by `GET /users/{username}`: GitHub answers 404 for
  /// a name no account has.
  ///
  /// The body of a `200` is not read. A name can also be unavailable for reasons this call
  /// cannot see, such as reserved words, or GitHub's sign-up rules (a name such as `a--b` that
  /// no account has reads as free here): check those rules yourself before asking.
  ///
  /// **Cancellation:** cancelling the calling task cancels the request, and the call throws
  /// ``GitHubError/cancelled``.
  ///
  /// - Parameter username: The name to check.
  /// - Returns: `true` if no account has the name.
  /// - Throws: ``GitHubError``; ``GitHubError/invalidInput(_:)`` without a request for a name
  ///   that cannot be one path segment (empty, `.`, `..`, containing `/` or a control
  ///   character, or over 255 bytes).
  public func isUsernameAvailable(_ username: String) async throws(GitHubError) -> Bool {
    let url = try userURL(username)
    let result: Result<Exchange, GitHubError>
    do {
      result = .success(try await send(url))
    } catch {
      result = .failure(error)
    }
    return try Self.availability(from: result).get()
  }

  // MARK: Sending

  /// Sends one `GET` for `url` and waits for the exchange, without retrying; ``send(_:)``
  /// adds the retry policy.
  func sendOnce(_ url: URL) async throws(GitHubError) -> Exchange {
    let prepared = try prepare(url)
    guard !Task.isCancelled else { throw .cancelled }
    return try await perform(prepared).get()
  }

  /// Performs a prepared request on URLSession.
  ///
  /// On Apple platforms this is `URLSession.data(for:)`. On Linux, swift-corelibs-foundation's
  /// `data(for:)` can hang when tasks awaiting it are cancelled while responses complete
  /// (swift-corelibs-foundation#5412, still seen with Swift 6.3.1), so the client wraps
  /// `dataTask(with:completionHandler:)` in a task-cancellation handler instead.
  private func perform(_ prepared: PreparedRequest) async -> Result<Exchange, GitHubError> {
    #if canImport(FoundationNetworking)
      let handle = DataTaskHandle()
      return await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
          let task = session.dataTask(with: prepared.request) { data, response, error in
            continuation.resume(
              returning: self.complete(prepared, data: data, response: response, error: error))
          }
          handle.start(task)
        }
      } onCancel: {
        handle.cancel()
      }
    #else
      do {
        let (data, response) = try await session.data(for: prepared.request)
        return complete(prepared, data: data, response: response, error: nil)
      } catch {
        return complete(prepared, data: nil, response: nil, error: error)
      }
    #endif
  }
}

/// Ties a data task to the cancellation of the task awaiting it.
///
/// The cancellation handler runs while the concurrency runtime holds the awaiting task's
/// status lock, and `URLSessionTask.cancel()` waits for URLSession's work queue, which may at
/// that moment be resuming the same task. To avoid that lock-order inversion, `cancel()` is
/// called on another queue, never from the handler itself.
private final class DataTaskHandle: Sendable {
  private enum State {
    case idle
    case running(URLSessionDataTask)
    case cancelled
    case finished
  }

  private let state = _Mutex(State.idle)

  /// Resumes `task`, then cancels it at once if the awaiting task was already cancelled.
  func start(_ task: URLSessionDataTask) {
    let alreadyCancelled = state.withLock { state -> Bool in
      if case .cancelled = state { return true }
      state = .running(task)
      return false
    }
    task.resume()
    if alreadyCancelled { Self.cancelLater(task) }
  }

  /// Cancels the running data task, or makes ``start(_:)`` cancel it.
  func cancel() {
    let task = state.withLock { state -> URLSessionDataTask? in
      defer { state = .cancelled }
      if case .running(let task) = state { return task }
      return nil
    }
    if let task { Self.cancelLater(task) }
  }

  private static func cancelLater(_ task: URLSessionDataTask) {
    DispatchQueue.global().async { task.cancel() }
  }
}
