// The app-shaped workloads written for RxSwift, as main.swift writes them for us: closures that
// capture a class instance, `disposed(by: bag)`, `_ =` for a source that completes at once.
// Only this file imports RxSwift, so `Observable` and the subjects are RxSwift's here and ours
// everywhere else. Built in only when `RXSWIFT_PATH` is set (see Package.swift).

#if RXSWIFT_PEER
  import RxRelay
  import RxSwift
  #if RXCOCOA_PEER
    import RxCocoa
  #endif

  /// The RxSwift version of each app-shaped workload, by key.
  func rxSwiftWorkloads() -> [String: (Int) -> Void] {
    var bodies: [String: (Int) -> Void] = [:]
    bodies["w1-range"] = { n in
      let s = Sink()
      _ = Observable.range(start: 0, count: n)
        .map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }
        .subscribe(onNext: { s.sum &+= $0 })
      blackHole(s.sum)
    }
    bodies["w2-subject-1"] = { n in
      let s = Sink()
      let bag = DisposeBag()
      let subject = PublishSubject<Int>()
      subject.subscribe(onNext: { s.sum &+= $0 }).disposed(by: bag)
      for value in 0..<n { subject.onNext(value) }
      blackHole(s.sum)
    }
    bodies["w2-subject-10"] = { n in
      let s = Sink()
      let bag = DisposeBag()
      let subject = PublishSubject<Int>()
      for _ in 0..<10 { subject.subscribe(onNext: { s.sum &+= $0 }).disposed(by: bag) }
      for value in 0..<n { subject.onNext(value) }
      blackHole(s.sum)
    }
    bodies["w3-just-map"] = { n in
      let s = Sink()
      for _ in 0..<n {
        _ = Observable.just(1).map { $0 + 1 }.subscribe(onNext: { s.sum &+= $0 })
      }
      blackHole(s.sum)
    }
    bodies["w3-subject-map"] = { n in
      let s = Sink()
      let subject = PublishSubject<Int>()
      for _ in 0..<n {
        let subscription = subject.map { $0 + 1 }.subscribe(onNext: { s.sum &+= $0 })
        subscription.dispose()
      }
      blackHole(s.sum)
    }
    bodies["w7-flat-map-latest"] = { n in
      let s = Sink()
      let bag = DisposeBag()
      let subject = PublishSubject<Int>()
      subject.flatMapLatest { Observable.just($0 * 2) }
        .subscribe(onNext: { s.sum &+= $0 })
        .disposed(by: bag)
      for value in 0..<n { subject.onNext(value) }
      blackHole(s.sum)
    }
    bodies["w8-combine-latest"] = { n in
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
    }
    bodies["w8-combine-latest-3"] = { n in
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
    }
    bodies["w9-share-replay"] = { n in
      let s = Sink()
      let bag = DisposeBag()
      let subject = PublishSubject<Int>()
      let shared = subject.share(replay: 1)
      for _ in 0..<4 { shared.subscribe(onNext: { s.sum &+= $0 }).disposed(by: bag) }
      for value in 0..<n { subject.onNext(value) }
      blackHole(s.sum)
    }
    bodies["w10-app-chain"] = { n in
      let s = Sink()
      let bag = DisposeBag()
      let subject = PublishSubject<Int>()
      subject.map { $0 / 3 }.filter { $0 % 5 != 4 }
        .scan(0) { $0 &+ $1 }.distinctUntilChanged()
        .subscribe(onNext: { s.sum &+= $0 })
        .disposed(by: bag)
      for value in 0..<n { subject.onNext(value) }
      blackHole(s.sum)
    }
    bodies["w11-create"] = { n in
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
    }
    #if RXCOCOA_PEER
      bodies["driver"] = { n in
        let s = Sink()
        let bag = DisposeBag()
        let relay = BehaviorRelay(value: 0)
        relay.asDriver()
          .map { $0 * 2 }.filter { $0 % 3 != 0 }
          .drive(onNext: { s.sum &+= $0 })
          .disposed(by: bag)
        for value in 0..<n { relay.accept(value) }
        blackHole(s.sum)
      }
    #endif
    bodies["bind-relay"] = { n in
      let s = Sink()
      let bag = DisposeBag()
      let subject = PublishSubject<Int>()
      let relay = BehaviorRelay(value: 0)
      relay.subscribe(onNext: { s.sum &+= $0 }).disposed(by: bag)
      subject.map { $0 + 1 }.bind(to: relay).disposed(by: bag)
      for value in 0..<n { subject.onNext(value) }
      blackHole(s.sum)
    }
    return bodies
  }
#else
  /// Without the RxSwift peer (`RXSWIFT_PATH` unset when building), there are no RxSwift rows.
  func rxSwiftWorkloads() -> [String: (Int) -> Void] { [:] }
#endif
