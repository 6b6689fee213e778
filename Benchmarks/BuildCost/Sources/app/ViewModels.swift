// A small app-shaped client for the build-cost comparison (Benchmarks/build-cost.sh): two view
// models and a dozen chains, written for RxSwift. The same text builds against RxSwift and
// against this package's RxNames products, so the two builds differ only in the library.

import Foundation
import RxCocoa
import RxRelay
import RxSwift

struct Repository: Equatable {
  let name: String
  let stars: Int
}

enum SearchError: Error { case offline }

/// Search as you type: throttle, distinctUntilChanged, flatMapLatest, a Driver for the view.
final class SearchViewModel {
  let query = BehaviorRelay<String>(value: "")
  let results: Driver<[Repository]>
  let isEmpty: Driver<Bool>
  let summary: Observable<String>

  init(search: @escaping (String) -> Observable<[Repository]>, scheduler: SchedulerType) {
    results = query.asObservable()
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
      .throttle(.milliseconds(300), scheduler: scheduler)
      .distinctUntilChanged()
      .flatMapLatest { text in
        search(text)
          .retry(2)
          .catchAndReturn([])
      }
      .asDriver(onErrorJustReturn: [])
    isEmpty = results.map { $0.isEmpty }.startWith(true)
    summary = results.asObservable()
      .map { repositories in repositories.map(\.stars).reduce(0, +) }
      .scan(0) { $0 + $1 }
      .map { "\($0) stars seen" }
      .share(replay: 1)
  }
}

/// A signup form: combineLatest of validated fields, startWith, switchLatest.
final class SignupViewModel {
  let username = PublishSubject<String>()
  let password = PublishSubject<String>()
  let repeated = PublishSubject<String>()
  let submitTaps = PublishRelay<Void>()
  let mode = BehaviorSubject<Observable<Bool>>(value: .just(false))

  let canSubmit: Observable<Bool>
  let usernameMessage: Driver<String>
  let submitted: Observable<String>
  let anyRequired: Observable<Bool>

  init(isAvailable: @escaping (String) -> Observable<Bool>, scheduler: SchedulerType) {
    let validUsername =
      username
      .debounce(.milliseconds(200), scheduler: scheduler)
      .flatMapLatest { name -> Observable<Bool> in
        name.count < 3 ? .just(false) : isAvailable(name).startWith(false)
      }
      .startWith(false)
      .share(replay: 1, scope: .whileConnected)
    let validPassword = Observable.combineLatest(password, repeated) { first, second in
      first.count >= 8 && first == second
    }
    .startWith(false)
    canSubmit = Observable.combineLatest(validUsername, validPassword) { $0 && $1 }
      .distinctUntilChanged()
    usernameMessage =
      validUsername
      .map { $0 ? "available" : "choose another name" }
      .asDriver(onErrorJustReturn: "")
    submitted = submitTaps.asObservable()
      .withLatestFrom(Observable.combineLatest(username, password))
      .map { name, _ in name }
      .take(until: canSubmit.filter { !$0 }.skip(1))
    anyRequired = mode.switchLatest()
      .concat(Observable.just(true))
      .takeLast(1)
  }
}
