// App-shaped benchmarks: the workloads written as app code is, in top-level code, with
// closures that capture a class instance (`s`, as app code captures `self`), subscriptions kept
// in a `DisposeBag` or dropped with `_ =` where the source completes synchronously.
//
// Compiled twice from this one text: `app-benchmarks` in Swift 5 language mode (as most RxSwift
// code is), `app-benchmarks-swift6` in Swift 6 mode (Sources/app-benchmarks-swift6 holds
// symbolic links to these files). `benchmarks` runs both and prints their rows beside RxSwift.
//
//   .build/release/app-benchmarks                     table of this binary's rows
//   .build/release/app-benchmarks --rows [--quick]    machine-readable rows, for `benchmarks`
//   .build/release/app-benchmarks --profile NAME N    one workload, untimed, for callgrind
//                                                     (rx-NAME: the RxSwift version)

import ObservableCocoa
import ObservableCore

let workloads: [AppWorkload] = [
  AppWorkload(
    key: "w1-range", title: "W1 range→map→filter→map", unit: "element", count: 400_000
  ) { n in
    let s = Sink()
    _ = Observable.range(start: 0, count: n)
      .map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }
      .subscribe(onNext: { s.sum &+= $0 })
    blackHole(s.sum)
  },
  AppWorkload(
    key: "w2-subject-1", title: "W2 PublishSubject, 1 subscriber", unit: "send", count: 1_000_000
  ) { n in
    let s = Sink()
    let bag = DisposeBag()
    let subject = PublishSubject<Int>()
    subject.subscribe(onNext: { s.sum &+= $0 }).disposed(by: bag)
    for value in 0..<n { subject.onNext(value) }
    blackHole(s.sum)
  },
  AppWorkload(
    key: "w2-subject-10", title: "W2 PublishSubject, 10 subscribers", unit: "send",
    count: 200_000
  ) { n in
    let s = Sink()
    let bag = DisposeBag()
    let subject = PublishSubject<Int>()
    for _ in 0..<10 { subject.subscribe(onNext: { s.sum &+= $0 }).disposed(by: bag) }
    for value in 0..<n { subject.onNext(value) }
    blackHole(s.sum)
  },
  AppWorkload(
    key: "w3-just-map", title: "W3 just(1).map subscribe+dispose", unit: "cycle", count: 200_000
  ) { n in
    let s = Sink()
    for _ in 0..<n {
      _ = Observable.just(1).map { $0 + 1 }.subscribe(onNext: { s.sum &+= $0 })
    }
    blackHole(s.sum)
  },
  AppWorkload(
    key: "w3-subject-map", title: "W3 subject.map subscribe+dispose", unit: "cycle",
    count: 200_000
  ) { n in
    let s = Sink()
    let subject = PublishSubject<Int>()
    for _ in 0..<n {
      let subscription = subject.map { $0 + 1 }.subscribe(onNext: { s.sum &+= $0 })
      subscription.dispose()
    }
    blackHole(s.sum)
  },
  AppWorkload(
    key: "w15-main-chain", title: "W15 subject.observe(on: main).map.filter.map (on main)",
    unit: "send", count: 200_000
  ) { n in
    // In Swift 6 mode a MainActorObservable: its closures are @MainActor and called through
    // the main-thread check; in Swift 5 mode a plain Observable.
    let s = Sink()
    let bag = DisposeBag()
    let subject = PublishSubject<Int>()
    subject.observe(on: MainScheduler.instance)
      .map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }
      .subscribe(onNext: { s.sum &+= $0 })
      .disposed(by: bag)
    for value in 0..<n { subject.onNext(value) }
    blackHole(s.sum)
  },
  AppWorkload(
    key: "w7-flat-map-latest", title: "W7 subject.flatMapLatest { just($0 * 2) }", unit: "send",
    count: 200_000
  ) { n in
    let s = Sink()
    let bag = DisposeBag()
    let subject = PublishSubject<Int>()
    subject.flatMapLatest { Observable.just($0 * 2) }
      .subscribe(onNext: { s.sum &+= $0 })
      .disposed(by: bag)
    for value in 0..<n { subject.onNext(value) }
    blackHole(s.sum)
  },
  AppWorkload(
    key: "w8-combine-latest", title: "W8 combineLatest of two subjects, alternating",
    unit: "send", count: 500_000
  ) { n in
    let s = Sink()
    let bag = DisposeBag()
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    Observable.combineLatest(first, second)
      .subscribe(onNext: { s.sum &+= $0.0 &+ $0.1 })
      .disposed(by: bag)
    for value in 0..<(n / 2) {
      first.onNext(value)
      second.onNext(value)
    }
    blackHole(s.sum)
  },
  AppWorkload(
    key: "w8-combine-latest-3", title: "W8 combineLatest of three subjects, in turn",
    unit: "send", count: 300_000
  ) { n in
    let s = Sink()
    let bag = DisposeBag()
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let third = PublishSubject<Int>()
    Observable.combineLatest(first, second, third)
      .subscribe(onNext: { s.sum &+= $0.0 &+ $0.1 &+ $0.2 })
      .disposed(by: bag)
    for value in 0..<(n / 3) {
      first.onNext(value)
      second.onNext(value)
      third.onNext(value)
    }
    blackHole(s.sum)
  },
  AppWorkload(
    key: "w9-share-replay", title: "W9 share(replay: 1), 4 subscribers", unit: "send",
    count: 300_000
  ) { n in
    let s = Sink()
    let bag = DisposeBag()
    let subject = PublishSubject<Int>()
    let shared = subject.share(replay: 1)
    for _ in 0..<4 { shared.subscribe(onNext: { s.sum &+= $0 }).disposed(by: bag) }
    for value in 0..<n { subject.onNext(value) }
    blackHole(s.sum)
  },
  AppWorkload(
    key: "w10-app-chain", title: "W10 subject.map.filter.scan.distinctUntilChanged",
    unit: "send", count: 500_000
  ) { n in
    let s = Sink()
    let bag = DisposeBag()
    let subject = PublishSubject<Int>()
    subject.map { $0 / 3 }.filter { $0 % 5 != 4 }
      .scan(0) { $0 &+ $1 }.distinctUntilChanged()
      .subscribe(onNext: { s.sum &+= $0 })
      .disposed(by: bag)
    for value in 0..<n { subject.onNext(value) }
    blackHole(s.sum)
  },
  AppWorkload(
    key: "w11-create", title: "W11 create { 10 elements } subscribe+dispose", unit: "cycle",
    count: 100_000
  ) { n in
    let s = Sink()
    let tens = Observable<Int>.create { observer in
      for value in 0..<10 { observer.onNext(value) }
      observer.onCompleted()
      return Disposables.create()
    }
    for _ in 0..<n {
      _ = tens.subscribe(onNext: { s.sum &+= $0 })
    }
    blackHole(s.sum)
  },
  AppWorkload(
    key: "driver", title: "BehaviorRelay.asDriver().map.filter.drive(onNext:)", unit: "accept",
    count: 500_000
  ) { n in
    let s = Sink()
    let bag = DisposeBag()
    let relay = BehaviorRelay(value: 0)
    relay.asDriver()
      .map { $0 * 2 }.filter { $0 % 3 != 0 }
      .drive(onNext: { s.sum &+= $0 })
      .disposed(by: bag)
    for value in 0..<n { relay.accept(value) }
    blackHole(s.sum)
  },
  AppWorkload(
    key: "bind-relay", title: "subject.map.bind(to: BehaviorRelay), relay observed", unit: "send",
    count: 500_000
  ) { n in
    let s = Sink()
    let bag = DisposeBag()
    let subject = PublishSubject<Int>()
    let relay = BehaviorRelay(value: 0)
    relay.subscribe(onNext: { s.sum &+= $0 }).disposed(by: bag)
    subject.map { $0 + 1 }.bind(to: relay).disposed(by: bag)
    for value in 0..<n { subject.onNext(value) }
    blackHole(s.sum)
  },
]

runAppBenchmarks(workloads, rxSwift: rxSwiftWorkloads())
