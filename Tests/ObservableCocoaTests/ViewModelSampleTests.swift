import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

/// The view model of the module's DocC overview, as written there.
private struct SearchViewModel {
  let results: Driver<[String]>
  let isSearching: Driver<Bool>

  init(query: Observable<String>, search: @escaping @Sendable (String) -> Observable<[String]>) {
    let activity = BehaviorRelay(value: false)
    results =
      query
      .asDriver(onErrorJustReturn: "")
      .debounce(.milliseconds(300))
      .distinctUntilChanged()
      .flatMapLatest { query in
        search(query)
          .do(onSubscribe: { activity.accept(true) }, onDispose: { activity.accept(false) })
          .asDriver(onErrorJustReturn: [])
      }
    isSearching = activity.asDriver()
  }
}

@Suite("the DocC overview's view model")
struct ViewModelSampleTests {
  @Test("debounces the query, searches, and reports activity, in virtual time")
  func search() {
    withLeakChecking {
      // 100 ms per tick, so the 300 ms debounce is 3 ticks.
      let scheduler = TestScheduler(initialClock: 0, resolution: 0.1)
      let query = scheduler.createHotObservable([
        .next(210, "r"), .next(211, "rx"), .next(230, "rx"), .next(240, "swift"),
        .error(260, TestError()),
      ])
      let results = scheduler.createObserver([String].self)
      let searching = scheduler.createObserver(Bool.self)
      SharingScheduler.mock(scheduler: scheduler) {
        let model = SearchViewModel(query: query.asObservable()) { text in
          scheduler.createColdObservable([.next(5, ["\(text)!"]), .completed(5)]).asObservable()
        }
        let bag = CompositeDisposable()
        scheduler.scheduleAt(200) {
          _ = bag.insert(model.results.drive(results))
          _ = bag.insert(model.isSearching.drive(searching))
        }
        scheduler.scheduleAt(400) { bag.dispose() }
        scheduler.start()
      }
      // "r" is debounced away, the repeated "rx" is dropped as unchanged, and the failing
      // query becomes "" (onErrorJustReturn) and completes the driver after its search. The
      // timeline is RxSwift 6.10.2's for the same code, ticks included: a Driver observes on
      // its scheduler, which delivers each event a step after the one before.
      expectEqual(
        results.events,
        [
          .next(221, ["rx!"]), .next(250, ["swift!"]), .next(267, ["!"]), .completed(268),
        ])
      // The relay's value is replayed at subscription, then each search switches it on and off.
      expectEqual(
        searching.events,
        [
          .next(201, false), .next(216, true), .next(221, false), .next(245, true),
          .next(250, false), .next(262, true), .next(267, false),
        ])
    }
  }
}
