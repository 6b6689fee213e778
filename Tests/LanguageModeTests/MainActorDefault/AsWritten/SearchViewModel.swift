// A search-as-you-type view model, as in RxExample's GitHub search: the query is debounced,
// each new query replaces the one in flight with `flatMapLatest`, and the results are driven
// into the view model's state.

import ObservableCocoa
import ObservableCore

struct Repository: Equatable {
  let name: String
  let stars: Int
}

protocol SearchAPI {
  func search(_ query: String) -> Single<[Repository]>
}

final class SearchViewModel {
  let results: Driver<[Repository]>
  let isSearching: Driver<Bool>

  private(set) var shown: [Repository] = []
  private(set) var queriesSent = 0
  private let disposeBag = DisposeBag()

  init(query: Driver<String>, api: SearchAPI, minimumStars: Int) {
    let activity = ActivityIndicator()
    isSearching = activity.asDriver()

    results =
      query
      .debounce(.milliseconds(300))
      .distinctUntilChanged()
      .flatMapLatest { query -> Driver<[Repository]> in
        if query.isEmpty {
          return .just([])
        }
        return api.search(query)
          .asObservable()
          .trackActivity(activity)
          .asDriver(onErrorJustReturn: [])
      }
      .map { repositories in
        repositories.filter { $0.stars >= minimumStars }
      }

    query
      .filter { !$0.isEmpty }
      .drive(onNext: { _ in self.queriesSent += 1 })
      .disposed(by: disposeBag)

    results
      .drive(onNext: { self.shown = $0 })
      .disposed(by: disposeBag)
  }
}
