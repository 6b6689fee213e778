// A GitHub repository search in the style of RxSwift's RxExample ("GitHub Search"): an API
// object on `URLSession.rx`, which follows the `Link: rel="next"` header page by page, and a
// view model whose outputs are `Driver`s: search as you type with `throttle`,
// `distinctUntilChanged` and `flatMapLatest`, the next page loaded when the table view asks for
// it, and a loading indicator. Our own code, written as RxSwift 6 and RxCocoa users write it;
// only the imports differ.

import Foundation
import ObservableCocoa
import ObservableCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

enum GitHubServiceError: Error, Equatable {
  case offline
  case githubLimitReached
  case networkError
}

/// One page of search results and where the next page is, if there is one.
struct SearchRepositoriesPage: Equatable {
  let repositories: [Repository]
  let nextURL: URL?
}

protocol GitHubSearchService {
  func searchURL(for query: String) -> URL?
  func loadSearchURL(_ url: URL) -> Observable<SearchRepositoriesPage>
}

final class GitHubSearchRepositoriesAPI: GitHubSearchService {
  let baseURL: URL
  let session: URLSession

  init(baseURL: URL, session: URLSession = URLSession.shared) {
    self.baseURL = baseURL
    self.session = session
  }

  func searchURL(for query: String) -> URL? {
    var components = URLComponents(
      url: baseURL.appendingPathComponent("search/repositories"), resolvingAgainstBaseURL: false)
    components?.queryItems = [URLQueryItem(name: "q", value: query)]
    return components?.url
  }

  func loadSearchURL(_ url: URL) -> Observable<SearchRepositoriesPage> {
    session.rx.response(request: URLRequest(url: url))
      .map { pair -> SearchRepositoriesPage in
        if pair.response.statusCode == 403 || pair.response.statusCode == 429 {
          throw GitHubServiceError.githubLimitReached
        }
        guard (200..<300).contains(pair.response.statusCode) else {
          throw GitHubServiceError.networkError
        }
        let body = try JSONDecoder().decode(SearchBody.self, from: pair.data)
        return SearchRepositoriesPage(
          repositories: body.items, nextURL: GitHubSearchRepositoriesAPI.nextURL(pair.response))
      }
      .catch { error -> Observable<SearchRepositoriesPage> in
        if let urlError = error as? URLError,
          urlError.code == .notConnectedToInternet || urlError.code == .cannotConnectToHost
        {
          return .error(GitHubServiceError.offline)
        }
        return .error(error)
      }
  }

  private struct SearchBody: Decodable {
    let items: [Repository]
  }

  /// The `rel="next"` target of the response's `Link` header, if any.
  static func nextURL(_ response: HTTPURLResponse) -> URL? {
    guard let links = response.value(forHTTPHeaderField: "Link") else { return nil }
    for link in links.components(separatedBy: ",") {
      let parts = link.components(separatedBy: ";")
      guard parts.count >= 2,
        parts.dropFirst().contains(where: {
          $0.trimmingCharacters(in: .whitespaces) == "rel=\"next\""
        })
      else { continue }
      let target = parts[0].trimmingCharacters(in: .whitespaces)
      guard target.hasPrefix("<"), target.hasSuffix(">") else { continue }
      return URL(string: String(target.dropFirst().dropLast()))
    }
    return nil
  }
}

/// What the table view shows for the current query.
struct SearchResult: Equatable {
  var repositories: [Repository] = []
  var hasMore = false
  var failure: GitHubServiceError? = nil

  static let empty = SearchResult()

  func appending(_ page: SearchRepositoriesPage) -> SearchResult {
    SearchResult(repositories: repositories + page.repositories, hasMore: page.nextURL != nil)
  }
}

final class GitHubSearchViewModel {
  let repositories: Driver<[Repository]>
  let hasMore: Driver<Bool>
  let errorMessage: Driver<String?>
  let loading: Driver<Bool>

  init(
    searchText: Driver<String>,
    loadNextPage: Signal<Void>,
    service: GitHubSearchService
  ) {
    let loadingIndicator = ActivityIndicator()
    loading = loadingIndicator.asDriver()

    let result =
      searchText
      .throttle(.milliseconds(300))
      .distinctUntilChanged()
      .flatMapLatest { query -> Driver<SearchResult> in
        guard !query.isEmpty, let url = service.searchURL(for: query) else {
          return Driver.just(.empty)
        }
        return GitHubSearchViewModel.pages(
          from: url, service: service, loadNextPage: loadNextPage.asObservable(),
          loading: loadingIndicator
        )
        .scan(SearchResult.empty) { result, page in result.appending(page) }
        .asDriver(onErrorRecover: { error in
          let failure = error as? GitHubServiceError ?? .networkError
          return Driver.just(SearchResult(failure: failure))
        })
      }

    repositories = result.map { $0.repositories }
    hasMore = result.map { $0.hasMore }
    errorMessage = result.map { result -> String? in
      switch result.failure {
      case nil: return nil
      case .offline?: return "You appear to be offline."
      case .githubLimitReached?: return "GitHub's rate limit is reached. Try again later."
      case .networkError?: return "GitHub could not be reached."
      }
    }
  }

  /// The pages of one search: the first at once, each further one when `loadNextPage` fires.
  private static func pages(
    from url: URL, service: GitHubSearchService, loadNextPage: Observable<Void>,
    loading: ActivityIndicator
  ) -> Observable<SearchRepositoriesPage> {
    service.loadSearchURL(url)
      .trackActivity(loading)
      .flatMap { page -> Observable<SearchRepositoriesPage> in
        guard let next = page.nextURL else {
          return Observable.just(page)
        }
        return Observable.concat([
          Observable.just(page),
          Observable.never().take(until: loadNextPage),
          pages(from: next, service: service, loadNextPage: loadNextPage, loading: loading),
        ])
      }
  }
}
