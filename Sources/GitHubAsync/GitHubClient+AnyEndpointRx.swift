import Foundation
import ObservableCore

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
    return client.pages(reader: client.itemPages(of: Element.self, items: items)) {
      () throws(GitHubError) in try client.apiURL(path: path, query: query)
    }
  }
}
