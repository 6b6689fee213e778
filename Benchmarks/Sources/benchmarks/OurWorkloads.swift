import Foundation
import ObservableCore
import ObservableTesting

/// The bodies of our workloads, shared by the timed runs (W1–W13) and `--profile`, so that
/// what callgrind profiles is exactly what the table times.
enum OurWorkloads {
  /// W1: `range → map → filter → map` over `count` elements.
  static func rangeChain(_ count: Int) {
    let sum = Accumulator()
    let subscription = Observable.range(start: 0, count: count)
      .map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }
      .subscribe(onNext: { sum.total &+= $0 })
    blackHole(subscription)
    blackHole(sum.total)
  }

  /// W1's floor: the same three stages as nested closures the optimizer cannot see through.
  static func chainFloor(_ count: Int) {
    let sum = Accumulator()
    let sink: (Int) -> Void = opaque { sum.total &+= $0 }
    let second: (Int) -> Void = opaque { sink($0 * 2) }
    let keep: (Int) -> Void = opaque { if $0 % 2 == 0 { second($0) } }
    let first: (Int) -> Void = opaque { keep($0 + 1) }
    for value in 0..<count { first(value) }
    blackHole(sum.total)
  }

  /// W2: `count` sends into a `PublishSubject` with `subscribers` subscribers.
  static func subjectSends(_ count: Int, subscribers: Int) {
    let sum = Accumulator()
    let subject = PublishSubject<Int>()
    let subscriptions = (0..<subscribers).map { _ in
      subject.subscribe(onNext: { sum.total &+= $0 })
    }
    for value in 0..<count { subject.onNext(value) }
    for subscription in subscriptions { subscription.dispose() }
    blackHole(sum.total)
  }

  /// W2's floor: `count` sends into a `Mutex`-guarded array of closures, snapshotted per send.
  static func subjectFloor(_ count: Int, subscribers: Int) {
    let sum = Accumulator()
    let subject = FloorSubject()
    for _ in 0..<subscribers { subject.subscribe { sum.total &+= $0 } }
    for value in 0..<count { subject.send(value) }
    blackHole(sum.total)
  }

  /// W3: `count` cycles of subscribing to `just(1).map` and disposing.
  static func justMapCycles(_ count: Int) {
    for _ in 0..<count {
      Observable.just(1).map { $0 + 1 }.subscribe(onNext: { blackHole($0) }).dispose()
    }
  }

  /// W3: `count` cycles of subscribing to `subject.map` and disposing.
  static func subjectMapCycles(_ count: Int, subject: PublishSubject<Int>) {
    for _ in 0..<count {
      subject.map { $0 + 1 }.subscribe(onNext: { blackHole($0) }).dispose()
    }
  }

  /// W7: `count` sends through `flatMapLatest { just($0 * 2) }`.
  static func flatMapLatestJust(_ count: Int) {
    let sum = Accumulator()
    let subject = PublishSubject<Int>()
    let subscription = subject.flatMapLatest { Observable.just($0 * 2) }
      .subscribe(onNext: { sum.total &+= $0 })
    for value in 0..<count { subject.onNext(value) }
    subscription.dispose()
    blackHole(sum.total)
  }

  /// `count` sends through `subject.flatMap { of(value, value) }`: an inner subscription per
  /// send, two elements through the merge's serial output.
  static func flatMapOf(_ count: Int) {
    let sum = Accumulator()
    let subject = PublishSubject<Int>()
    let subscription = subject.flatMap { Observable.of($0, $0 &+ 1) }
      .subscribe(onNext: { sum.total &+= $0 })
    for value in 0..<count { subject.onNext(value) }
    subscription.dispose()
    blackHole(sum.total)
  }

  /// `count` cycles of subscribing to `just(1).concat(just(2))`, which runs to completion.
  static func concatCycles(_ count: Int) {
    let sum = Accumulator()
    let pair = Observable.just(1).concat(Observable.just(2))
    for _ in 0..<count {
      pair.subscribe(onNext: { sum.total &+= $0 }).dispose()
    }
    blackHole(sum.total)
  }

  /// `count` cycles of subscribing to `error.retry(2)`: two attempts, each failing at once.
  static func retryCycles(_ count: Int) {
    let failures = Accumulator()
    let retried = Observable<Int>.error(RxError.unknown).retry(2)
    for _ in 0..<count {
      retried.subscribe(onError: { _ in failures.total &+= 1 }).dispose()
    }
    blackHole(failures.total)
  }

  /// `count` cycles of subscribing to `error.catch { _ in just(1) }`.
  static func catchCycles(_ count: Int) {
    let sum = Accumulator()
    let recovered = Observable<Int>.error(RxError.unknown).catch { _ in .just(1) }
    for _ in 0..<count {
      recovered.subscribe(onNext: { sum.total &+= $0 }).dispose()
    }
    blackHole(sum.total)
  }

  /// `count` sends through `subject.take(until: other)`, `other` never firing.
  static func takeUntil(_ count: Int) {
    let sum = Accumulator()
    let subject = PublishSubject<Int>()
    let other = PublishSubject<Void>()
    let subscription = subject.take(until: other).subscribe(onNext: { sum.total &+= $0 })
    for value in 0..<count { subject.onNext(value) }
    subscription.dispose()
    blackHole(sum.total)
  }

  /// W8: `count` sends, alternating between the two sources of a `combineLatest`.
  static func combineLatest(_ count: Int) {
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
  }

  /// W9: `count` sends through `share(replay: 1)` to four subscribers.
  static func shareReplay(_ count: Int) {
    let sum = Accumulator()
    let subject = PublishSubject<Int>()
    let shared = subject.share(replay: 1)
    let subscriptions = (0..<4).map { _ in shared.subscribe(onNext: { sum.total &+= $0 }) }
    for value in 0..<count { subject.onNext(value) }
    for subscription in subscriptions { subscription.dispose() }
    blackHole(sum.total)
  }

  /// W10: `count` sends through `map.filter.scan.distinctUntilChanged`.
  static func appChain(_ count: Int) {
    let sum = Accumulator()
    let subject = PublishSubject<Int>()
    let subscription = subject.map { $0 / 3 }.filter { $0 % 5 != 4 }
      .scan(0) { $0 &+ $1 }.distinctUntilChanged()
      .subscribe(onNext: { sum.total &+= $0 })
    for value in 0..<count { subject.onNext(value) }
    subscription.dispose()
    blackHole(sum.total)
  }

  /// W11: `count` cycles of subscribing to a `create` that sends 10 elements and completes.
  static func create10Cycles(_ count: Int) {
    let sum = Accumulator()
    let tens = Observable<Int>.create { observer in
      for value in 0..<10 { observer.onNext(value) }
      observer.onCompleted()
      return Disposables.create()
    }
    for _ in 0..<count {
      tens.subscribe(onNext: { sum.total &+= $0 }).dispose()
    }
    blackHole(sum.total)
  }

  /// W13: `count` events through `apply` on a `HistoricalScheduler`, advancing a second after
  /// each, so every event's timer is scheduled and fires (or the window opens again).
  static func timeOperator(
    _ count: Int, _ apply: (Observable<Int>, HistoricalScheduler) -> Observable<Int>
  ) {
    let sum = Accumulator()
    let scheduler = HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 0))
    let subject = PublishSubject<Int>()
    let subscription = apply(subject.asObservable(), scheduler)
      .subscribe(onNext: { sum.total &+= $0 })
    for value in 0..<count {
      subject.onNext(value)
      scheduler.advanceTo(Date(timeIntervalSince1970: Double(value + 1)))
    }
    subscription.dispose()
    blackHole(sum.total)
  }
}
