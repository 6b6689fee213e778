import Foundation
import ObservableCore
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension Reactive where Base == GitHubClient {
  /// Fetches any `GET` endpoint when subscribed and decodes its JSON, with the same headers,
  /// token, cache, errors and redaction as the built-in calls.
  ///
  /// ```swift
  /// client.rx.get(JSONValue.self, path: "/repos/apple/swift/license")
  ///   .subscribe(onSuccess: { print($0["license"]?["spdx_id"] ?? .null) })
  ///   .disposed(by: bag)
  /// ```
  ///
  /// Each subscription sends one request; disposing the subscription cancels it. An invalid
  /// path fails the subscription with ``GitHubError/invalidInput(_:)`` before any request.
  ///
  /// - Parameters:
  ///   - type: The type to decode the body as; `JSONValue` takes any JSON.
  ///   - path: The path relative to the API base URL, as for
  ///     ``GitHubClient/get(_:path:query:)``.
  ///   - query: Query items, unencoded.
  /// - Returns: A `Single` of the decoded body that fails with ``GitHubError``.
  public func get<T: Decodable & Sendable>(
    _ type: T.Type, path: String, query: [String: String] = [:]
  ) -> Single<T> {
    let client = base
    return client.single { () throws(GitHubError) in
      try client.apiURL(path: path, query: query)
    } transform: { exchange throws(GitHubError) in
      try client.decode(T.self, from: exchange)
    }
  }

  /// Fetches the pages of a list endpoint when subscribed and emits each page's items,
  /// following `Link` `rel="next"`.
  ///
  /// ```swift
  /// client.rx.paginate(Repository.self, path: "/orgs/apple/repos", query: ["per_page": "100"])
  ///   .take(2)  // two pages, then no further request
  ///   .subscribe(onNext: { page in show(page) })
  ///   .disposed(by: bag)
  /// ```
  ///
  /// The next page is requested only after the current one has been delivered to the
  /// observer. The sequence completes at a response without `next`, at an empty page or at a
  /// `next` link to a page already fetched, and fails with the first ``GitHubError``. A `next`
  /// link off the configured API fails it with ``GitHubError/invalidInput(_:)`` (parameter
  /// `next`) after that page.
  ///
  /// **Cancellation:** disposing the subscription cancels the page request in flight and
  /// requests no further page; no request is in flight afterwards.
  ///
  /// - Parameters:
  ///   - type: The item type; `JSONValue` takes any JSON.
  ///   - path: The first page's path relative to the API base URL.
  ///   - query: The first page's query items.
  ///   - items: Where each page keeps its items.
  /// - Returns: An `Observable` of pages, each an array of items, that fails with
  ///   ``GitHubError``.
  public func paginate<Element: Decodable & Sendable>(
    _ type: Element.Type, path: String, query: [String: String] = [:],
    items: PageItems = .array
  ) -> Observable<[Element]> {
    let client = base
    return Observable.create { observer in
      let pager = ItemPager(client: client, items: items, observer: observer)
      do {
        pager.fetch(try client.apiURL(path: path, query: query))
      } catch {
        observer.onError(error)
      }
      return pager
    }
  }
}

/// Requests pages one after another for one subscription, following `next` links.
///
/// Holds the task in flight so that disposing can cancel it; once disposed, no further task
/// is started.
private final class ItemPager<Element: Decodable & Sendable>: Disposable, Sendable {
  private struct State {
    var task: URLSessionDataTask?
    var disposed = false
    var requested: Set<URL> = []
  }

  private let client: GitHubClient
  private let items: PageItems
  private let observer: AnyObserver<[Element]>
  private let state = _Mutex(State())

  init(client: GitHubClient, items: PageItems, observer: AnyObserver<[Element]>) {
    self.client = client
    self.items = items
    self.observer = observer
  }

  func fetch(_ url: URL) {
    guard !isDisposed else { return }
    let prepared: PreparedRequest
    do {
      prepared = try client.prepare(url)
    } catch {
      observer.onError(error)
      return
    }
    let task = client.session.dataTask(with: prepared.request) { [self] data, response, error in
      received(client.complete(prepared, data: data, response: response, error: error))
    }
    let start = state.withLock { state -> Bool in
      guard !state.disposed else { return false }
      state.task = task
      state.requested.insert(url)
      return true
    }
    if start {
      task.resume()
    } else {
      // Disposed meanwhile: a task never resumed would keep its handler (and this pager)
      // alive; cancelling releases it, and its completion finds the pager disposed.
      task.cancel()
    }
  }

  private func received(_ result: Result<Exchange, GitHubError>) {
    let exchange: Exchange
    let page: [Element]
    do {
      exchange = try result.get()
      page = try items.decode(Element.self, from: exchange, client: client)
    } catch {
      if !isDisposed { observer.onError(error) }
      return
    }
    let (requested, finished) = state.withLock { state in
      defer { state.task = nil }
      return (state.requested, state.task)
    }
    _ = finished  // released here, outside the lock
    let next = Result { () throws(GitHubError) in
      try client.nextPage(after: exchange, itemCount: page.count, requested: requested)
    }
    guard !isDisposed else { return }
    observer.onNext(page)
    switch next {
    case .success(let url?): fetch(url)
    case .success(nil): observer.onCompleted()
    case .failure(let error): observer.onError(error)
    }
  }

  private var isDisposed: Bool { state.withLock { $0.disposed } }

  func dispose() {
    let task = state.withLock { state -> URLSessionDataTask? in
      state.disposed = true
      defer { state.task = nil }
      return state.task
    }
    task?.cancel()
  }
}
