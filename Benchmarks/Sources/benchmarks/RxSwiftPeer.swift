#if RXSWIFT_PEER
  import Dispatch
  import Foundation
  import RxRelay
  import RxSwift

  // Only this file imports RxSwift, so its `Observable`, `PublishSubject` and schedulers are
  // RxSwift's here and ours everywhere else.

  /// Measures every workload of ``RxSwiftWorkload`` with RxSwift, written as an RxSwift user
  /// would write it, with the same sizes and harness as ours.
  func measureRxSwift(_ sizes: Sizes) async -> [RxSwiftWorkload: Double] {
    var figures: [RxSwiftWorkload: Double] = [:]

    let chain = sizes.chain
    currentGroup = RxSwiftWorkload.w1Range.group
    figures[.w1Range] = measure(elements: chain) {
      let sum = Accumulator()
      let subscription = Observable.range(start: 0, count: chain)
        .map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }
        .subscribe(onNext: { sum.total &+= $0 })
      blackHole(subscription)
      blackHole(sum.total)
    }
    let array = Array(0..<chain)
    currentGroup = RxSwiftWorkload.w1Array.group
    figures[.w1Array] = measure(elements: chain) {
      let sum = Accumulator()
      let subscription = Observable.from(array)
        .map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }
        .subscribe(onNext: { sum.total &+= $0 })
      blackHole(subscription)
      blackHole(sum.total)
    }

    let sends = sizes.subject
    func subject(_ subscribers: Int) -> Double {
      measure(elements: sends) {
        let sum = Accumulator()
        let subject = PublishSubject<Int>()
        let subscriptions = (0..<subscribers).map { _ in
          subject.subscribe(onNext: { sum.total &+= $0 })
        }
        for value in 0..<sends { subject.onNext(value) }
        for subscription in subscriptions { subscription.dispose() }
        blackHole(sum.total)
      }
    }
    func relay(_ subscribers: Int) -> Double {
      measure(elements: sends) {
        let sum = Accumulator()
        let relay = PublishRelay<Int>()
        let subscriptions = (0..<subscribers).map { _ in
          relay.subscribe(onNext: { sum.total &+= $0 })
        }
        for value in 0..<sends { relay.accept(value) }
        for subscription in subscriptions { subscription.dispose() }
        blackHole(sum.total)
      }
    }
    currentGroup = RxSwiftWorkload.w2Subject1.group
    figures[.w2Subject1] = subject(1)
    currentGroup = RxSwiftWorkload.w2Subject10.group
    figures[.w2Subject10] = subject(10)
    currentGroup = RxSwiftWorkload.w2Relay1.group
    figures[.w2Relay1] = relay(1)
    currentGroup = RxSwiftWorkload.w2Relay10.group
    figures[.w2Relay10] = relay(10)

    let cycles = sizes.churn
    currentGroup = RxSwiftWorkload.w3JustMap.group
    figures[.w3JustMap] = measure(elements: cycles) {
      for _ in 0..<cycles {
        Observable.just(1).map { $0 + 1 }.subscribe(onNext: { blackHole($0) }).dispose()
      }
    }
    let churnSubject = PublishSubject<Int>()
    currentGroup = RxSwiftWorkload.w3SubjectMap.group
    figures[.w3SubjectMap] = measure(elements: cycles) {
      for _ in 0..<cycles {
        churnSubject.map { $0 + 1 }.subscribe(onNext: { blackHole($0) }).dispose()
      }
    }

    let bridge = sizes.bridge
    currentGroup = RxSwiftWorkload.w4RangeValues.group
    figures[.w4RangeValues] = await measure(elements: bridge) {
      var sum = 0
      do {
        for try await value in Observable.range(start: 0, count: bridge).values { sum &+= value }
      } catch {}
      blackHole(sum)
    }
    currentGroup = RxSwiftWorkload.w5Prefilled.group
    figures[.w5Prefilled] = await measure(
      elements: bridge,
      setup: {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        for value in 0..<bridge { continuation.yield(value) }
        continuation.finish()
        return stream
      },
      body: { stream in
        let sum = Accumulator()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
          _ = stream.asObservable().subscribe(
            onNext: { sum.total &+= $0 }, onError: { _ in continuation.resume() },
            onCompleted: { continuation.resume() })
        }
        blackHole(sum.total)
      })

    let switches = sizes.flatMapLatest
    currentGroup = RxSwiftWorkload.w7FlatMapLatest.group
    figures[.w7FlatMapLatest] = measure(elements: switches) {
      let sum = Accumulator()
      let subject = PublishSubject<Int>()
      let subscription = subject.flatMapLatest { Observable.just($0 * 2) }
        .subscribe(onNext: { sum.total &+= $0 })
      for value in 0..<switches { subject.onNext(value) }
      subscription.dispose()
      blackHole(sum.total)
    }
    let pairs = sizes.combineLatest
    currentGroup = RxSwiftWorkload.w8CombineLatest.group
    figures[.w8CombineLatest] = measure(elements: pairs) {
      let sum = Accumulator()
      let first = PublishSubject<Int>()
      let second = PublishSubject<Int>()
      let subscription = Observable.combineLatest(first, second)
        .subscribe(onNext: { sum.total &+= $0.0 &+ $0.1 })
      for value in 0..<(pairs / 2) {
        first.onNext(value)
        second.onNext(value)
      }
      subscription.dispose()
      blackHole(sum.total)
    }
    let shared = sizes.share
    currentGroup = RxSwiftWorkload.w9ShareReplay.group
    figures[.w9ShareReplay] = measure(elements: shared) {
      let sum = Accumulator()
      let subject = PublishSubject<Int>()
      let replayed = subject.share(replay: 1)
      let subscriptions = (0..<4).map { _ in replayed.subscribe(onNext: { sum.total &+= $0 }) }
      for value in 0..<shared { subject.onNext(value) }
      for subscription in subscriptions { subscription.dispose() }
      blackHole(sum.total)
    }

    let appSends = sizes.appChain
    currentGroup = RxSwiftWorkload.w10AppChain.group
    figures[.w10AppChain] = measure(elements: appSends) {
      let sum = Accumulator()
      let subject = PublishSubject<Int>()
      let subscription = subject.map { $0 / 3 }.filter { $0 % 5 != 4 }
        .scan(0) { $0 &+ $1 }.distinctUntilChanged()
        .subscribe(onNext: { sum.total &+= $0 })
      for value in 0..<appSends { subject.onNext(value) }
      subscription.dispose()
      blackHole(sum.total)
    }
    let creations = sizes.create
    currentGroup = RxSwiftWorkload.w11Create.group
    figures[.w11Create] = measure(elements: creations) {
      let sum = Accumulator()
      let tens = Observable<Int>.create { observer in
        for value in 0..<10 { observer.onNext(value) }
        observer.onCompleted()
        return Disposables.create()
      }
      for _ in 0..<creations {
        tens.subscribe(onNext: { sum.total &+= $0 }).dispose()
      }
      blackHole(sum.total)
    }

    let events = sizes.timeOperators
    func timed(_ apply: (Observable<Int>, HistoricalScheduler) -> Observable<Int>) -> Double {
      measure(elements: events) {
        let sum = Accumulator()
        let scheduler = HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 0))
        let subject = PublishSubject<Int>()
        let subscription = apply(subject.asObservable(), scheduler)
          .subscribe(onNext: { sum.total &+= $0 })
        for value in 0..<events {
          subject.onNext(value)
          scheduler.advanceTo(Date(timeIntervalSince1970: Double(value + 1)))
        }
        subscription.dispose()
        blackHole(sum.total)
      }
    }
    currentGroup = RxSwiftWorkload.w13Debounce.group
    figures[.w13Debounce] = timed { $0.debounce(.milliseconds(500), scheduler: $1) }
    currentGroup = RxSwiftWorkload.w13Throttle.group
    figures[.w13Throttle] = timed { $0.throttle(.milliseconds(500), scheduler: $1) }

    let hops = sizes.observeOn
    currentGroup = RxSwiftWorkload.w14ObserveOn.group
    figures[.w14ObserveOn] = measure(elements: hops) {
      let sum = Accumulator()
      let done = DispatchSemaphore(value: 0)
      let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "benchmarks.rxswift")
      let subject = PublishSubject<Int>()
      let subscription = subject.observe(on: scheduler)
        .subscribe(onNext: { sum.total &+= $0 }, onCompleted: { done.signal() })
      for value in 0..<hops { subject.onNext(value) }
      subject.onCompleted()
      done.wait()
      subscription.dispose()
      blackHole(sum.total)
    }
    return figures
  }
#else
  /// Without the RxSwift peer (RXSWIFT_PATH unset when building), there are no RxSwift
  /// figures.
  func measureRxSwift(_ sizes: Sizes) async -> [RxSwiftWorkload: Double] { [:] }
#endif
