import Foundation
import ObservableCore

/// What a pager knows when it decides whether to request another page.
struct PagerProgress: Sendable, Equatable {
  /// Every URL requested so far, the current page's included.
  var requested: Set<URL>
  /// How many items the pages before the current one held.
  var itemsBefore: Int
}

/// How one kind of paginated Rx call reads its pages: the page decoding, the item count and
/// the next-page policy.
struct PageReader<Page: Sendable>: Sendable {
  /// Decodes one page from its exchange.
  var decode: @Sendable (Exchange) throws(GitHubError) -> Page
  /// How many items a page holds.
  var itemCount: @Sendable (Page) -> Int
  /// The page to request after this one, `nil` to complete, or an error to fail with after
  /// this page has been delivered.
  var nextPage: @Sendable (Exchange, Page, PagerProgress) throws(GitHubError) -> URL?
}

/// Requests the pages of one subscription one after another, each through
/// `GitHubClient.exchange(_:)`, and emits them.
///
/// The next page is requested only after the current one has been delivered. The decisions
/// are ``RxPagerStateMachine``'s; this class does what it returns, outside the lock.
final class RxPager<Page: Sendable>: Disposable, Sendable {
  private let client: GitHubClient
  private let reader: PageReader<Page>
  private let observer: AnyObserver<Page>
  private let machine = _Mutex(RxPagerStateMachine())

  init(client: GitHubClient, reader: PageReader<Page>, observer: AnyObserver<Page>) {
    self.client = client
    self.reader = reader
    self.observer = observer
  }

  /// Starts the subscription at `first`; an error building the first URL fails it without a
  /// request.
  func start(_ first: Result<URL, GitHubError>) {
    switch first {
    case .success(let url): request(url)
    case .failure(let error): fail(error)
    }
  }

  private func request(_ url: URL) {
    guard case .subscribe(let id) = machine.withLock({ $0.requestWanted(url) }) else { return }
    // The exchange may answer before `subscribe` returns (an invalid token fails at once),
    // and dispose may run meanwhile: the state machine sorts out which came first.
    let subscription = client.exchange(url).subscribe { [self] result in
      switch result {
      case .success(let exchange): received(exchange, id: id)
      case .failure(let error): requestFailed(error, id: id)
      }
    }
    if case .dispose(let request) = machine.withLock({
      $0.requestSubscribed(id: id, request: subscription)
    }) {
      request.dispose()
    }
  }

  private func received(_ exchange: Exchange, id: UInt64) {
    guard
      case .decode(let progress, let finished) = machine.withLock({ $0.responseArrived(id: id) })
    else { return }
    _ = finished  // the finished request's subscription, released here, outside the lock
    let page: Page
    do {
      page = try reader.decode(exchange)
    } catch {
      fail(error)
      return
    }
    let next = Result { () throws(GitHubError) in
      try reader.nextPage(exchange, page, progress)
    }
    let count = reader.itemCount(page)
    guard machine.withLock({ $0.pageDecoded(itemCount: count) }) else { return }
    observer.onNext(page)
    switch next {
    case .success(let url?): request(url)
    case .success(nil):
      if machine.withLock({ $0.lastPageDelivered() }) { observer.onCompleted() }
    case .failure(let error): fail(error)
    }
  }

  private func requestFailed(_ error: any Error, id: UInt64) {
    guard case .fail(let finished) = machine.withLock({ $0.requestFailed(id: id) }) else {
      return
    }
    _ = finished  // released here, outside the lock
    observer.onError(error)
  }

  private func fail(_ error: GitHubError) {
    if machine.withLock({ $0.failed() }) { observer.onError(error) }
  }

  func dispose() {
    if case .dispose(let request) = machine.withLock({ $0.disposed() }) {
      request?.dispose()
    }
  }
}

/// The logic of ``RxPager``: which request counts, whether a page may still be delivered, and
/// when the subscription has ended.
///
/// It starts and cancels nothing itself; its methods, named for what happened, return what
/// the pager must do once it has released its lock.
struct RxPagerStateMachine {
  private enum State {
    /// Nothing requested yet, or a page delivered and its successor not yet requested.
    case idle
    /// Request `id` is in flight; its subscription is `nil` until `subscribe` has returned.
    case requesting(id: UInt64, request: (any Disposable)?)
    /// A page arrived and is being decoded and delivered; no request is in flight.
    case delivering
    /// Ended by a terminal event or by dispose: nothing more is requested or delivered.
    case finished
  }

  private var state = State.idle
  private var nextID: UInt64 = 0
  private var requested: Set<URL> = []
  private var itemCount = 0

  /// Whether nothing more is requested or delivered.
  var isFinished: Bool {
    if case .finished = state { return true }
    return false
  }

  /// What to do after a page was asked for.
  enum RequestAction {
    /// Ended meanwhile: request nothing.
    case none
    /// Subscribe to the request, as request `id`.
    case subscribe(id: UInt64)
  }

  /// What to do once `subscribe` has returned the request's subscription.
  enum SubscribedAction {
    case none
    /// The request no longer counts (disposed meanwhile, or already answered): dispose it.
    case dispose(any Disposable)
  }

  /// What to do after a response.
  enum ResponseAction {
    /// Stale or ended: drop it.
    case none
    /// Decode the page, decide on the next; release the finished request outside the lock.
    case decode(PagerProgress, finished: (any Disposable)?)
  }

  /// What to do after a request failed.
  enum FailureAction {
    case none
    /// Send the error; release the finished request outside the lock.
    case fail(finished: (any Disposable)?)
  }

  /// What to do after dispose.
  enum DisposeAction {
    case none
    /// Dispose the request in flight, if it was registered yet.
    case dispose((any Disposable)?)
  }

  // MARK: Events

  mutating func requestWanted(_ url: URL) -> RequestAction {
    switch state {
    case .idle, .delivering:
      let id = nextID
      nextID &+= 1
      requested.insert(url)
      state = .requesting(id: id, request: nil)
      return .subscribe(id: id)
    case .requesting, .finished:
      return .none
    }
  }

  mutating func requestSubscribed(id: UInt64, request: any Disposable) -> SubscribedAction {
    guard case .requesting(id, nil) = state else { return .dispose(request) }
    state = .requesting(id: id, request: request)
    return .none
  }

  mutating func responseArrived(id: UInt64) -> ResponseAction {
    guard case .requesting(id, let request) = state else { return .none }
    state = .delivering
    return .decode(PagerProgress(requested: requested, itemsBefore: itemCount), finished: request)
  }

  /// A page was decoded: returns whether to deliver it.
  mutating func pageDecoded(itemCount count: Int) -> Bool {
    guard case .delivering = state else { return false }
    itemCount += count
    return true
  }

  /// The last page was delivered: returns whether to send `completed`.
  mutating func lastPageDelivered() -> Bool {
    guard case .delivering = state else { return false }
    state = .finished
    return true
  }

  mutating func requestFailed(id: UInt64) -> FailureAction {
    guard case .requesting(id, let request) = state else { return .none }
    state = .finished
    return .fail(finished: request)
  }

  /// Decoding, the next-page policy or the first URL failed: returns whether to send the
  /// error.
  mutating func failed() -> Bool {
    switch state {
    case .idle, .delivering:
      state = .finished
      return true
    case .requesting, .finished:
      return false
    }
  }

  mutating func disposed() -> DisposeAction {
    defer { state = .finished }
    if case .requesting(_, let request) = state { return .dispose(request) }
    return .none
  }
}

extension GitHubClient {
  /// The pages of one paginated call, one subscription each: the first URL is built on
  /// subscription, and an error building it fails the subscription without a request.
  func pages<Page: Sendable>(
    reader: PageReader<Page>, first: @escaping @Sendable () throws(GitHubError) -> URL
  ) -> Observable<Page> {
    Observable.create { observer in
      let pager = RxPager(client: self, reader: reader, observer: observer)
      pager.start(Result { () throws(GitHubError) in try first() })
      return pager
    }
  }

  /// Pages of items where `items` says, following `next` links with ``nextPage(after:itemCount:requested:)``.
  func itemPages<Element: Decodable & Sendable>(
    of type: Element.Type, items: PageItems
  ) -> PageReader<[Element]> {
    PageReader(
      decode: { exchange throws(GitHubError) in
        try items.decode(Element.self, from: exchange, client: self)
      },
      itemCount: { $0.count },
      nextPage: { exchange, page, progress throws(GitHubError) in
        try self.nextPage(after: exchange, itemCount: page.count, requested: progress.requested)
      })
  }

  /// Search pages, which also stop at GitHub's 1,000-result limit.
  var searchPages: PageReader<SearchPage> {
    PageReader(
      decode: { exchange throws(GitHubError) in try self.searchPage(from: exchange) },
      itemCount: { $0.items.count },
      nextPage: { exchange, page, progress throws(GitHubError) in
        guard progress.itemsBefore + page.items.count < RepositorySearch.resultLimit else {
          return nil
        }
        return try self.nextPage(
          after: exchange, itemCount: page.items.count, requested: progress.requested)
      })
  }
}
