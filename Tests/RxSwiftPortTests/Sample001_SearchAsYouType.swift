// Sample 001: search as you type. The query is filtered, throttled, deduplicated, and each new
// query replaces the search in flight with `flatMapLatest`.
//
// Written as the articles write it for RxSwift 6; only the import differs. The text field's
// `rx.text.orEmpty` is a `BehaviorRelay<String>` here (RxCocoa is not part of this sample).

import Foundation
import ObservableCore

final class RepositorySearchViewModel {
  /// What the user has typed.
  let query = BehaviorRelay<String>(value: "")
  /// The names found for the latest query.
  let results: Observable<[String]>
  /// Every query that reached the API, stale ones included.
  var searchedQueries: [String] { log.queries }
  private let log = QueryLog()

  init(
    search: @escaping (String) -> Observable<[String]>,
    scheduler: SchedulerType
  ) {
    let log = self.log
    var searchCount = 0
    results = query.asObservable()
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.count >= 2 }
      .throttle(.milliseconds(300), scheduler: scheduler)
      .distinctUntilChanged()
      .do(onNext: { query in
        searchCount += 1
        log.queries.append(query)
      })
      .flatMapLatest { query in
        search(query).catchAndReturn([])
      }
  }
}

final class QueryLog {
  var queries: [String] = []
}

final class RepositorySearchViewController: UIViewController {
  let searchField = UITextField()
  let resultsLabel = UILabel()
  private(set) var shownResults: [[String]] = []
  private let disposeBag = DisposeBag()
  private let viewModel: RepositorySearchViewModel

  init(viewModel: RepositorySearchViewModel) {
    self.viewModel = viewModel
  }

  override func viewDidLoad() {
    viewModel.results
      .subscribe(onNext: { [weak self] names in
        self?.shownResults.append(names)
        self?.resultsLabel.text = names.joined(separator: ", ")
      })
      .disposed(by: disposeBag)
  }

  /// What the text field's editing-changed event does.
  func userTyped(_ text: String) {
    searchField.text = text
    viewModel.query.accept(text)
  }
}
