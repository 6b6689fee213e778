import Foundation
import ObservableCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension Reactive where Base == GitHubClient {
  /// Fetches a repository when subscribed.
  ///
  /// ```swift
  /// client.rx.repository(owner: "ReactiveX", name: "RxSwift")
  ///   .subscribe(onSuccess: { print($0.fullName) }, onFailure: { print($0) })
  ///   .disposed(by: bag)
  /// ```
  ///
  /// Each subscription sends one request, on a `URLSessionDataTask`; disposing the
  /// subscription cancels the task. A name that cannot be one path segment (empty, `.`, `..`,
  /// containing `/` or a control character, or over 255 bytes) fails the subscription with
  /// ``GitHubError/invalidInput(_:)`` before any request is made; any other name is
  /// percent-encoded and sent.
  ///
  /// - Parameters:
  ///   - owner: The owner's login.
  ///   - name: The repository name.
  /// - Returns: A `Single` of the repository that fails with ``GitHubError``.
  public func repository(owner: String, name: String) -> Single<Repository> {
    let client = base
    return client.single { () throws(GitHubError) in
      try client.repositoryURL(owner: owner, name: name)
    } transform: { exchange throws(GitHubError) in
      try client.decode(Repository.self, from: exchange)
    }
  }

  /// Searches repositories and emits each page, following `Link` `rel="next"` until the last
  /// page.
  ///
  /// ```swift
  /// client.rx.searchRepositories("swift", sort: .stars, perPage: 50)
  ///   .subscribe(onNext: { page in show(page.items) })
  ///   .disposed(by: bag)
  /// ```
  ///
  /// The next page is requested after the current one has been delivered. The sequence
  /// completes after the last page, at GitHub's 1,000-result limit, at an empty page or at a
  /// `next` link to a page already fetched, and fails with the first ``GitHubError``. A `next`
  /// link off the configured API fails it with ``GitHubError/invalidInput(_:)`` (parameter
  /// `next`) after that page. Disposing cancels the request in flight and requests no more
  /// pages.
  ///
  /// - Parameters:
  ///   - query: The search query; it is percent-encoded.
  ///   - sort: The sort field; `nil` sorts by best match.
  ///   - order: The sort direction.
  ///   - perPage: The page size, 1 to 100.
  /// - Returns: An `Observable` of pages that fails with ``GitHubError``.
  public func searchRepositories(
    _ query: String, sort: RepositorySearchSort? = nil, order: SearchOrder? = nil,
    perPage: Int = 30
  ) -> Observable<SearchPage> {
    let client = base
    return client.pages(reader: client.searchPages) { () throws(GitHubError) in
      try client.searchURL(query, sort: sort, order: order, perPage: perPage, page: nil)
    }
  }

  /// Fetches one page of repository search results when subscribed.
  ///
  /// - Parameters:
  ///   - query: The search query; it is percent-encoded.
  ///   - sort: The sort field; `nil` sorts by best match.
  ///   - order: The sort direction.
  ///   - perPage: The page size, 1 to 100.
  ///   - page: The page number, from 1.
  /// - Returns: A `Single` of the page that fails with ``GitHubError``.
  public func searchRepositoriesPage(
    _ query: String, sort: RepositorySearchSort? = nil, order: SearchOrder? = nil,
    perPage: Int = 30, page: Int = 1
  ) -> Single<SearchPage> {
    let client = base
    return client.single { () throws(GitHubError) in
      try client.searchURL(query, sort: sort, order: order, perPage: perPage, page: page)
    } transform: { exchange throws(GitHubError) in
      try client.searchPage(from: exchange)
    }
  }

  /// Fetches a user or organization when subscribed.
  ///
  /// - Parameter username: The login.
  /// - Returns: A `Single` of the account that fails with ``GitHubError``.
  public func user(_ username: String) -> Single<User> {
    let client = base
    return client.single { () throws(GitHubError) in
      try client.userURL(username)
    } transform: { exchange throws(GitHubError) in
      try client.decode(User.self, from: exchange)
    }
  }

  /// Fetches a repository's recent events when subscribed, revalidating the previous answer
  /// with `If-None-Match`.
  ///
  /// A `304 Not Modified` returns the cached events with ``RepositoryEvents/isNotModified``
  /// set. Poll again after ``RepositoryEvents/pollInterval``.
  ///
  /// - Parameters:
  ///   - owner: The owner's login.
  ///   - name: The repository name.
  /// - Returns: A `Single` of the events that fails with ``GitHubError``.
  public func repositoryEvents(owner: String, name: String) -> Single<RepositoryEvents> {
    let client = base
    return client.single { () throws(GitHubError) in
      try client.eventsURL(owner: owner, name: name)
    } transform: { exchange throws(GitHubError) in
      try client.repositoryEvents(from: exchange)
    }
  }

  /// Checks whether a user name is free when subscribed: GitHub answers 404 for a name no
  /// account has.
  ///
  /// - Parameter username: The name to check.
  /// - Returns: A `Single` of `true` if no account has the name, failing with
  ///   ``GitHubError`` for other errors and, without a request, for a name that cannot be one
  ///   path segment.
  public func isUsernameAvailable(_ username: String) -> Single<Bool> {
    let client = base
    return Single.deferred {
      client.exchange(try client.userURL(username))
        .map { exchange in try GitHubClient.availability(from: .success(exchange)).get() }
        .catch { error in
          guard let error = error as? GitHubError else { return .error(error) }
          return .just(try GitHubClient.availability(from: .failure(error)).get())
        }
    }
  }
}

extension GitHubClient {
  /// A `Single` around one `URLSessionDataTask`, the classic Rx way: the task starts on
  /// subscription and disposing cancels it.
  ///
  /// One request, without retrying; ``exchange(_:)``, which every Rx call's requests go
  /// through, adds the retry policy.
  func exchangeOnce(_ url: URL) -> Single<Exchange> {
    Single.create { single in
      let prepared: PreparedRequest
      do {
        prepared = try self.prepare(url)
      } catch {
        single(.failure(error))
        return Disposables.create()
      }
      let task = self.session.dataTask(with: prepared.request) { data, response, error in
        let result = self.complete(prepared, data: data, response: response, error: error)
        single(result.mapError { $0 as any Error })
      }
      task.resume()
      return Disposables.create { task.cancel() }
    }
  }

  /// A `Single` of one request's transformed exchange; an error building the URL fails it
  /// without a request.
  func single<Value: Sendable>(
    url makeURL: @escaping @Sendable () throws(GitHubError) -> URL,
    transform: @escaping @Sendable (Exchange) throws(GitHubError) -> Value
  ) -> Single<Value> {
    Single.deferred {
      self.exchange(try makeURL()).map { exchange in try transform(exchange) }
    }
  }
}
