import Foundation
import RxCocoa
import RxRelay
import RxSwift

let bag = DisposeBag()
let scheduler = MainScheduler.instance
let catalog = [
  Repository(name: "rx", stars: 3), Repository(name: "async", stars: 5),
  Repository(name: "bridge", stars: 8),
]

let search = SearchViewModel(
  search: { text in
    Observable.create { observer in
      observer.onNext(catalog.filter { $0.name.hasPrefix(text) })
      observer.onCompleted()
      return Disposables.create()
    }
  },
  scheduler: scheduler)
var lines: [String] = []
search.results.drive(onNext: { lines.append("results \($0.map(\.name))") }).disposed(by: bag)
search.isEmpty.drive(onNext: { lines.append("empty \($0)") }).disposed(by: bag)
search.summary.subscribe(onNext: { lines.append($0) }).disposed(by: bag)
search.query.accept("b")

let signup = SignupViewModel(
  isAvailable: { name in
    Observable.just(name != "taken").delay(.milliseconds(1), scheduler: scheduler)
  },
  scheduler: scheduler)
signup.canSubmit.subscribe(onNext: { lines.append("can submit \($0)") }).disposed(by: bag)
signup.usernameMessage.drive(onNext: { lines.append($0) }).disposed(by: bag)
signup.submitted.subscribe(onNext: { lines.append("submitted \($0)") }).disposed(by: bag)
signup.anyRequired.subscribe(onNext: { lines.append("required \($0)") }).disposed(by: bag)
signup.username.onNext("octocat")
signup.password.onNext("correct horse")
signup.repeated.onNext("correct horse")

let zipped = Observable.zip(Observable.of(1, 2, 3), Observable.of("a", "b", "c"))
  .map { "\($0)\($1)" }
  .toArray()
zipped.subscribe(onSuccess: { lines.append("zipped \($0)") }).disposed(by: bag)
Observable.merge(Observable.of(1, 2), Observable.of(3)).reduce(0, accumulator: +)
  .subscribe(onNext: { lines.append("merged \($0)") }).disposed(by: bag)

RunLoop.main.run(until: Date().addingTimeInterval(0.5))
signup.submitTaps.accept(())
for line in lines { print(line) }
