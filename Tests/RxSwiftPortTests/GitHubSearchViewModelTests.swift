import Foundation
import GitHubReplay
import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A search service answering from a script, 10 ticks after each request.
private final class ScriptedSearchService: GitHubSearchService {
  let scheduler: TestScheduler
  /// Every URL loaded, in order.
  var loaded: [String] = []
  /// The queries that fail instead of answering.
  var failing: Set<String> = []

  init(scheduler: TestScheduler) {
    self.scheduler = scheduler
  }

  func searchURL(for query: String) -> URL? {
    URL(string: "https://api.test/search?q=\(query)")
  }

  func loadSearchURL(_ url: URL) -> Observable<SearchRepositoriesPage> {
    // Cold, as URLSession.rx is: the request counts when someone subscribes.
    Observable.deferred { self.answer(url) }
  }

  private func answer(_ url: URL) -> Observable<SearchRepositoriesPage> {
    loaded.append(url.absoluteString)
    let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    let q = query.first { $0.name == "q" }?.value ?? ""
    let page = Int(query.first { $0.name == "page" }?.value ?? "1") ?? 1
    if failing.contains(q) {
      return scheduler.createColdObservable([.error(10, GitHubServiceError.githubLimitReached)])
        .asObservable()
    }
    // Two pages for every query: "<q>-1", "<q>-2", then "<q>-3" on the last page.
    let repositories = (page == 1 ? [1, 2] : [3]).map {
      Repository(id: $0, name: "\(q)-\($0)", fullName: "test/\(q)-\($0)", stargazersCount: 0)
    }
    let next = page == 1 ? URL(string: "https://api.test/search?q=\(q)&page=2") : nil
    let result = SearchRepositoriesPage(repositories: repositories, nextURL: next)
    return scheduler.createColdObservable([.next(10, result), .completed(10)]).asObservable()
  }
}

private func names(_ events: [Recorded<Event<[Repository]>>]) -> [[String]] {
  events.compactMap { $0.value.element?.map(\.name) }
}

@Suite("RxExample-style GitHub search view model with Driver outputs, in virtual time")
struct GitHubSearchViewModelTests {
  @Test("throttles typing, searches only the latest query, and drops the stale search")
  func searchAsYouType() {
    // 100 ms per tick: the 300 ms throttle is 3 ticks.
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.1)
    let service = ScriptedSearchService(scheduler: scheduler)
    let repositories = scheduler.createObserver([Repository].self)
    let loading = scheduler.createObserver(Bool.self)
    SharingScheduler.mock(scheduler: scheduler) {
      let text = scheduler.createHotObservable([
        .next(210, "s"), .next(211, "sw"), .next(212, "swift"), .next(300, "swift"),
        .next(400, ""),
      ])
      let model = GitHubSearchViewModel(
        searchText: text.asDriver(onErrorJustReturn: ""), loadNextPage: Signal.never(),
        service: service)
      let bag = CompositeDisposable()
      scheduler.scheduleAt(200) {
        _ = bag.insert(model.repositories.drive(repositories))
        _ = bag.insert(model.loading.drive(loading))
      }
      scheduler.scheduleAt(1000) { bag.dispose() }
      scheduler.start()
    }
    // "s" goes out at once; "swift", the latest in the throttle window, replaces it before it
    // answers; the repeated "swift" is dropped; "" clears the list without a request.
    expectEqual(
      service.loaded, ["https://api.test/search?q=s", "https://api.test/search?q=swift"])
    expectEqual(names(repositories.events), [["swift-1", "swift-2"], []])
    // "s" reaches the throttle at 211 and goes out at once; "swift" (213) at the window's end,
    // 214. Its answer at 224 is delivered a tick later; "" at 401 is delivered at 402.
    expectEqual(repositories.events.map(\.time), [225, 402])
    expectEqual(loading.events.map(\.value.element), [false, true, false, true, false])
  }

  @Test("the next page is loaded when asked for, and appended")
  func nextPage() {
    let scheduler = TestScheduler(initialClock: 0)
    let service = ScriptedSearchService(scheduler: scheduler)
    let repositories = scheduler.createObserver([Repository].self)
    let hasMore = scheduler.createObserver(Bool.self)
    SharingScheduler.mock(scheduler: scheduler) {
      let text = scheduler.createHotObservable([.next(210, "rx")])
      let nextPage = scheduler.createHotObservable([.next(300, ()), .next(400, ())])
      let model = GitHubSearchViewModel(
        searchText: text.asDriver(onErrorJustReturn: ""),
        loadNextPage: nextPage.asSignal(onErrorJustReturn: ()), service: service)
      let bag = CompositeDisposable()
      scheduler.scheduleAt(200) {
        _ = bag.insert(model.repositories.drive(repositories))
        _ = bag.insert(model.hasMore.drive(hasMore))
      }
      scheduler.scheduleAt(1000) { bag.dispose() }
      scheduler.start()
    }
    // The second request at 300 is the last page: the second "next page" at 400 asks nothing.
    expectEqual(names(repositories.events), [["rx-1", "rx-2"], ["rx-1", "rx-2", "rx-3"]])
    expectEqual(hasMore.events.map(\.value.element), [true, false])
    expectEqual(service.loaded.count, 2)
    expectEqual(service.loaded.last, "https://api.test/search?q=rx&page=2")
  }

  @Test("a failed search shows a message, and the next query searches again")
  func failureThenRecovery() {
    let scheduler = TestScheduler(initialClock: 0)
    let service = ScriptedSearchService(scheduler: scheduler)
    service.failing = ["limited"]
    let repositories = scheduler.createObserver([Repository].self)
    let messages = scheduler.createObserver(String?.self)
    SharingScheduler.mock(scheduler: scheduler) {
      let text = scheduler.createHotObservable([.next(210, "limited"), .next(300, "ok")])
      let model = GitHubSearchViewModel(
        searchText: text.asDriver(onErrorJustReturn: ""), loadNextPage: Signal.never(),
        service: service)
      let bag = CompositeDisposable()
      scheduler.scheduleAt(200) {
        _ = bag.insert(model.repositories.drive(repositories))
        _ = bag.insert(model.errorMessage.drive(messages))
      }
      scheduler.scheduleAt(1000) { bag.dispose() }
      scheduler.start()
    }
    #expect(
      messages.events.compactMap(\.value.element) == [
        "GitHub's rate limit is reached. Try again later.", nil,
      ])
    #expect(names(repositories.events) == [[], ["ok-1", "ok-2"]])
    #expect(!repositories.events.contains { $0.value.isStopEvent })
  }
}

@Suite(
  "RxExample-style GitHub search over URLSession.rx against the replay server",
  .timeLimit(.minutes(1)))
@MainActor
struct GitHubSearchOverHTTPTests {
  /// Collects what a driver delivers; drivers deliver on the main queue, and this test suite
  /// runs on the main actor, so the array needs no lock.
  private final class Collected<Element> {
    var values: [Element] = []
  }

  @Test("searches, follows Link rel=\"next\" page by page, and delivers on the main queue")
  func pagesOverHTTP() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let api = GitHubSearchRepositoriesAPI(
      baseURL: server.baseURL, session: URLSession(configuration: .ephemeral))
    let text = BehaviorRelay(value: "swift")
    // A subject rather than a relay, for `hasObservers`: the view model listens for the next
    // page only after it has delivered a page (a `take(until:)` subscribed behind it, on the
    // session's thread), so the test asks for the next page once someone listens, as a user
    // scrolls once the page is shown. A "next page" sent before that would be dropped.
    let nextPage = PublishSubject<Void>()
    let model = GitHubSearchViewModel(
      searchText: text.asDriver(), loadNextPage: nextPage.asSignal(onErrorJustReturn: ()),
      service: api)
    let counts = Collected<Int>()
    var allOnMain = true
    let subscription = model.repositories.drive(onNext: { repositories in
      allOnMain = allOnMain && MainScheduler.isOnMainQueue
      counts.values.append(repositories.count)
    })
    defer { subscription.dispose() }

    #expect(await waitUntil { counts.values.last == 2 && nextPage.hasObservers })
    nextPage.onNext(())
    #expect(await waitUntil { counts.values.last == 4 && nextPage.hasObservers })
    nextPage.onNext(())
    #expect(await waitUntil { counts.values.last == 5 })

    #expect(counts.values == [2, 4, 5])
    #expect(allOnMain)
    let pages = server.requests(path: ReplayScenario.GitHubPaths.searchRepositories)
      .map { request in request.queryItems.first { $0.name == "page" }?.value }
    #expect(pages == [nil, "2", "3"])
  }

  @Test("a rate-limited search shows the message instead of failing the driver")
  func rateLimited() async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub(
      ReplayScenario.GitHubPaths.searchRepositories,
      .respond(try ReplayFixture.rateLimitPrimary.response()))
    let api = GitHubSearchRepositoriesAPI(
      baseURL: server.baseURL, session: URLSession(configuration: .ephemeral))
    let model = GitHubSearchViewModel(
      searchText: Driver.just("swift"), loadNextPage: Signal.never(), service: api)
    let messages = Collected<String?>()
    let subscription = model.errorMessage.drive(onNext: { messages.values.append($0) })
    defer { subscription.dispose() }

    #expect(await waitUntil { !messages.values.isEmpty })
    #expect(messages.values == ["GitHub's rate limit is reached. Try again later."])
  }

  @Test("disposing the view's subscription cancels the search in flight; the server sees it closed")
  func disposeCancelsRequest() async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub(ReplayScenario.GitHubPaths.searchRepositories, .hang)
    let api = GitHubSearchRepositoriesAPI(
      baseURL: server.baseURL, session: URLSession(configuration: .ephemeral))
    let model = GitHubSearchViewModel(
      searchText: Driver.just("swift"), loadNextPage: Signal.never(), service: api)
    let loading = Collected<Bool>()
    let bag = CompositeDisposable()
    _ = bag.insert(model.repositories.drive(onNext: { _ in }))
    _ = bag.insert(model.loading.drive(onNext: { loading.values.append($0) }))

    #expect(await server.waitForRequests(count: 1))
    #expect(await waitUntil { loading.values.last == true })
    bag.dispose()
    #expect(await server.waitForAbandonedRequests(count: 1))
    #expect(server.requests.count == 1)
  }
}
