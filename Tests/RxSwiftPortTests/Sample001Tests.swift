import ObservableCore
import ObservableTesting
import Testing

@Suite("Sample 001: search as you type")
struct Sample001Tests {
  /// One virtual tick is one millisecond, so the sample's `.milliseconds(300)` is 300 ticks.
  private func makeScheduler() -> TestScheduler {
    TestScheduler(initialClock: 0, resolution: 0.001)
  }

  @Test("filters, throttles and deduplicates the query, and flatMapLatest drops stale searches")
  func searchTimeline() {
    let scheduler = makeScheduler()
    var searches: [(query: String, source: TestableObservable<[String]>)] = []
    let viewModel = RepositorySearchViewModel(
      search: { query in
        // Each search answers 400 ms after it starts.
        let source = scheduler.createColdObservable([
          .next(400, ["\(query) result"]), .completed(400),
        ])
        searches.append((query, source))
        return source.asObservable()
      },
      scheduler: scheduler)

    for (time, text) in [
      (210, "r"), (220, "rx"), (230, "rxs"), (250, "rxsw"), (700, "rxsw "), (900, "rxswift"),
    ] {
      scheduler.scheduleAt(time) { viewModel.query.accept(text) }
    }
    let results = scheduler.start(disposed: 3000) { viewModel.results }

    // "r" is too short; "rx" goes at once; "rxs" and "rxsw" fall in the throttle window and
    // only the latest goes at its end (520); "rxsw " trims to a duplicate; "rxswift" waits for
    // the window that started at 820.
    expectEqual(searches.map(\.query), ["rx", "rxsw", "rxswift"])
    expectEqual(viewModel.searchedQueries, ["rx", "rxsw", "rxswift"])
    // The "rx" search was still running when "rxsw" arrived: flatMapLatest disposed it.
    expectEqual(searches[0].source.subscriptions, [Subscription(220, 520)])
    expectEqual(searches[1].source.subscriptions, [Subscription(520, 920)])
    expectEqual(searches[2].source.subscriptions, [Subscription(1120, 1520)])
    expectEqual(results.events, [.next(920, ["rxsw result"]), .next(1520, ["rxswift result"])])
  }

  @Test("a failed search shows no results and the search box keeps working")
  func failedSearch() {
    let scheduler = makeScheduler()
    let viewModel = RepositorySearchViewModel(
      search: { query in
        query == "bad"
          ? scheduler.createColdObservable([.error(10, TestError())]).asObservable()
          : scheduler.createColdObservable([.next(10, [query]), .completed(10)]).asObservable()
      },
      scheduler: scheduler)
    scheduler.scheduleAt(300) { viewModel.query.accept("bad") }
    scheduler.scheduleAt(700) { viewModel.query.accept("good") }
    let results = scheduler.start { viewModel.results }
    expectEqual(results.events, [.next(310, []), .next(710, ["good"])])
  }

  @Test("the main-actor view controller shows every result")
  @MainActor
  func viewController() {
    let scheduler = makeScheduler()
    let viewModel = RepositorySearchViewModel(
      search: { .just(["\($0)-1", "\($0)-2"]) }, scheduler: scheduler)
    let viewController = RepositorySearchViewController(viewModel: viewModel)
    viewController.viewDidLoad()
    viewController.userTyped("swift")
    scheduler.start()
    expectEqual(viewController.shownResults, [["swift-1", "swift-2"]])
    expectEqual(viewController.resultsLabel.text, "swift-1, swift-2")
    expectEqual(viewController.searchField.text, "swift")
  }
}
