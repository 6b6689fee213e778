import Foundation
import ObservableCore
import ObservableTesting

/// Runs one workload's body `count` times without timing, for `valgrind --tool=callgrind`.
///
///   valgrind --tool=callgrind .build/release/benchmarks --profile subject-map 100000
func runProfile(_ name: String, count: Int) {
  switch name {
  case "just-map":
    for _ in 0..<count {
      Observable.just(1).map { $0 + 1 }.subscribe(onNext: { blackHole($0) }).dispose()
    }
  case "subject-map":
    let subject = PublishSubject<Int>()
    for _ in 0..<count {
      subject.map { $0 + 1 }.subscribe(onNext: { blackHole($0) }).dispose()
    }
  case "subject-send":
    let sum = Accumulator()
    let subject = PublishSubject<Int>()
    let subscription = subject.subscribe(onNext: { sum.total &+= $0 })
    for value in 0..<count { subject.onNext(value) }
    subscription.dispose()
    blackHole(sum.total)
  case "flat-map-latest":
    let sum = Accumulator()
    let subject = PublishSubject<Int>()
    let subscription = subject.flatMapLatest { Observable.just($0 * 2) }
      .subscribe(onNext: { sum.total &+= $0 })
    for value in 0..<count { subject.onNext(value) }
    subscription.dispose()
    blackHole(sum.total)
  case "w1-range":
    let sum = Accumulator()
    let subscription = Observable.range(start: 0, count: count)
      .map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }
      .subscribe(onNext: { sum.total &+= $0 })
    blackHole(subscription)
    blackHole(sum.total)
  case "w1-floor":
    let sum = Accumulator()
    let sink: (Int) -> Void = opaque { sum.total &+= $0 }
    let second: (Int) -> Void = opaque { sink($0 * 2) }
    let keep: (Int) -> Void = opaque { if $0 % 2 == 0 { second($0) } }
    let first: (Int) -> Void = opaque { keep($0 + 1) }
    for value in 0..<count { first(value) }
    blackHole(sum.total)
  case "create-10":
    let sum = Accumulator()
    let tens = Observable<Int>.create { observer in
      for value in 0..<10 { observer.onNext(value) }
      observer.onCompleted()
      return Disposables.create()
    }
    for _ in 0..<count { tens.subscribe(onNext: { sum.total &+= $0 }).dispose() }
    blackHole(sum.total)
  case "combine-latest":
    let sum = Accumulator()
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let subscription = Observable.combineLatest(first, second)
      .subscribe(onNext: { sum.total &+= $0.0 &+ $0.1 })
    for value in 0..<(count / 2) {
      first.onNext(value)
      second.onNext(value)
    }
    subscription.dispose()
    blackHole(sum.total)
  case "share-replay":
    let sum = Accumulator()
    let subject = PublishSubject<Int>()
    let shared = subject.share(replay: 1)
    let subscriptions = (0..<4).map { _ in shared.subscribe(onNext: { sum.total &+= $0 }) }
    for value in 0..<count { subject.onNext(value) }
    for subscription in subscriptions { subscription.dispose() }
    blackHole(sum.total)
  case "app-chain":
    let sum = Accumulator()
    let subject = PublishSubject<Int>()
    let subscription = subject.map { $0 / 3 }.filter { $0 % 5 != 4 }
      .scan(0) { $0 &+ $1 }.distinctUntilChanged()
      .subscribe(onNext: { sum.total &+= $0 })
    for value in 0..<count { subject.onNext(value) }
    subscription.dispose()
    blackHole(sum.total)
  case "debounce-historical":
    let sum = Accumulator()
    let scheduler = HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 0))
    let subject = PublishSubject<Int>()
    let subscription = subject.debounce(.milliseconds(500), scheduler: scheduler)
      .subscribe(onNext: { sum.total &+= $0 })
    for value in 0..<count {
      subject.onNext(value)
      scheduler.advanceTo(Date(timeIntervalSince1970: Double(value + 1)))
    }
    subscription.dispose()
    blackHole(sum.total)
  default:
    print("unknown profile \(name)")
  }
}
