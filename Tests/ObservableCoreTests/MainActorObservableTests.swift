import Dispatch
import Foundation
import ObservableCore
import ObservableTesting
import Testing

/// Main-actor state that the closures below touch directly.
///
/// That compiles only because the operators of `MainActorObservable` take `@MainActor` closures.
/// Each call records whether it ran on the main actor's executor (the main queue, or the main
/// thread before `dispatchMain()`).
@MainActor
private final class MainActorLog {
  var calls: [String] = []
  var offMain: [String] = []

  func record(_ name: String) {
    calls.append(name)
    if !(MainScheduler.isOnMainQueue || Thread.isMainThread) { offMain.append(name) }
  }
}

/// Records, from any thread, whether each event an observer receives arrives on the main actor.
private final class DeliveryLog: Sendable {
  private let state = LockedEvents()

  func observer<Element: Sendable>(_ name: String) -> AnyObserver<Element> {
    AnyObserver { event in
      let onMain = MainScheduler.isOnMainQueue || Thread.isMainThread
      self.state.append("\(name) \(event)", onMain: onMain)
    }
  }

  var offMain: [String] { state.offMain }
}

private final class LockedEvents: @unchecked Sendable {
  // SAFETY: every access to `offMainEvents` holds `lock`, and no call is made under it.
  private let lock = NSLock()
  private var offMainEvents: [String] = []

  func append(_ event: String, onMain: Bool) {
    lock.lock()
    if !onMain { offMainEvents.append(event) }
    lock.unlock()
  }

  var offMain: [String] {
    lock.lock()
    defer { lock.unlock() }
    return offMainEvents
  }
}

private struct Failure: Error {}

@Suite("MainActorObservable: closures after observe(on: MainScheduler) run on the main actor")
struct MainActorObservableTests {
  @Test(
    "a chain fed from background threads runs every closure on the main actor",
    .timeLimit(.minutes(1)))
  func chainFedFromBackground() async {
    let log = MainActorLog()
    let deliveries = DeliveryLog()
    let source = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let background = SerialDispatchQueueScheduler(qos: .default)
    let bag = DisposeBag()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Task { @MainActor in
        let chain: MainActorObservable<String> =
          source
          .observe(on: MainScheduler.instance)
          .do(onNext: { _ in log.record("do") })
          .map { value -> Int in
            log.record("map")
            return value
          }
          .filter { value in
            log.record("filter")
            return value > 0
          }
          .compactMap { value -> Int? in
            log.record("compactMap")
            return value
          }
          .distinctUntilChanged { previous, next in
            log.record("distinctUntilChanged")
            return previous == next
          }
          .scan(0) { sum, value in
            log.record("scan")
            return sum + value
          }
          .withLatestFrom(second) { sum, ten in
            log.record("withLatestFrom")
            return sum + ten
          }
          .flatMap { value -> Observable<String> in
            log.record("flatMap")
            // The inner sequence delivers on a background queue (one, so that they keep order).
            return Observable.just("\(value)").subscribe(on: background)
          }
          .share(replay: 1)
        chain.subscribe(deliveries.observer("chain")).disposed(by: bag)
        chain
          .subscribe(
            onNext: { value in log.record("onNext \(value)") },
            onCompleted: {
              log.record("onCompleted")
            },
            onDisposed: {
              log.record("onDisposed")
              done.resume()
            }
          )
          .disposed(by: bag)
        DispatchQueue.global().async {
          second.onNext(100)
          for value in [1, -1, 2, 2, 3] { source.onNext(value) }
          source.onCompleted()
        }
      }
    }
    let (calls, offMain) = await MainActor.run { (log.calls, log.offMain) }
    #expect(calls.filter { $0.hasPrefix("onNext") } == ["onNext 101", "onNext 103", "onNext 106"])
    #expect(calls.suffix(2) == ["onCompleted", "onDisposed"])
    #expect(calls.filter { $0 == "map" }.count == 5)
    #expect(offMain == [])
    #expect(deliveries.offMain == [])
  }

  @Test(
    "withLatestFrom's second sequence failing on a background thread fails on the main actor",
    .timeLimit(.minutes(1)))
  func secondFailsFromBackground() async {
    let log = MainActorLog()
    let deliveries = DeliveryLog()
    let source = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let bag = DisposeBag()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Task { @MainActor in
        let chain = source.observe(on: MainScheduler.instance).withLatestFrom(second)
        chain.subscribe(deliveries.observer("chain")).disposed(by: bag)
        chain
          .do(onError: { _ in log.record("do onError") })
          .subscribe(onError: { _ in
            log.record("onError")
            done.resume()
          })
          .disposed(by: bag)
        DispatchQueue.global().async { second.onError(Failure()) }
      }
    }
    let (calls, offMain) = await MainActor.run { (log.calls, log.offMain) }
    expectEqual(calls, ["do onError", "onError"])
    expectEqual(offMain, [])
    expectEqual(deliveries.offMain, [])
  }

  @Test(
    "combineLatest of main-actor sequences and bind(onNext:) run on the main actor",
    .timeLimit(.minutes(1)))
  func combineLatestAndBind() async {
    let log = MainActorLog()
    let first = PublishSubject<Int>()
    let second = PublishSubject<Int>()
    let bag = DisposeBag()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Task { @MainActor in
        let left = first.observe(on: MainScheduler.instance)
        let right = second.observe(on: MainScheduler.instance)
        let sums: MainActorObservable<Int> = Observable.combineLatest(left, right) { a, b in
          log.record("combineLatest")
          return a + b
        }
        sums
          .distinctUntilChanged()
          .bind(onNext: { sum in
            log.record("bind \(sum)")
            // The next element once this one is through, so that the two are not one batch.
            if sum == 11 { DispatchQueue.global().async { first.onNext(12) } }
            if sum == 22 { done.resume() }
          })
          .disposed(by: bag)
        DispatchQueue.global().async {
          first.onNext(1)
          second.onNext(10)
        }
      }
    }
    let (calls, offMain) = await MainActor.run { (log.calls, log.offMain) }
    expectEqual(calls, ["combineLatest", "bind 11", "combineLatest", "bind 22"])
    expectEqual(offMain, [])
  }

  @Test(
    "flatMapLatest with an inner sequence sending on a background thread delivers on the main actor",
    .timeLimit(.minutes(1)))
  func flatMapLatestInnerFromBackground() async {
    let log = MainActorLog()
    let deliveries = DeliveryLog()
    let source = PublishSubject<Int>()
    let background = ConcurrentDispatchQueueScheduler(qos: .default)
    let bag = DisposeBag()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Task { @MainActor in
        let chain =
          source
          .observe(on: MainScheduler.instance)
          .flatMapLatest { value -> Observable<String> in
            log.record("flatMapLatest \(value)")
            // Sends from a background thread.
            return Observable.just("inner \(value)").subscribe(on: background)
          }
          .share()
        chain.subscribe(deliveries.observer("chain")).disposed(by: bag)
        chain
          .map { value -> String in
            log.record("map \(value)")
            return value
          }
          .subscribe(
            onNext: { value in
              log.record(value)
              // The next outer event once the inner sequence has delivered.
              if value == "inner 1" { DispatchQueue.global().async { source.onNext(2) } }
              if value == "inner 2" { DispatchQueue.global().async { source.onCompleted() } }
            },
            onCompleted: { done.resume() }
          )
          .disposed(by: bag)
        DispatchQueue.global().async { source.onNext(1) }
      }
    }
    let (calls, offMain) = await MainActor.run { (log.calls, log.offMain) }
    expectEqual(
      calls,
      [
        "flatMapLatest 1", "map inner 1", "inner 1", "flatMapLatest 2", "map inner 2", "inner 2",
      ])
    expectEqual(offMain, [])
    expectEqual(deliveries.offMain, [])
  }

  @Test(
    "flatMapLatest delivers an inner sequence's events sent on the main thread at once",
    .timeLimit(.minutes(1)))
  func innerOnMainIsImmediate() async {
    let log = MainActorLog()
    let source = PublishSubject<Int>()
    let bag = DisposeBag()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Task { @MainActor in
        source
          .observe(on: MainScheduler.instance)
          .do(afterNext: { value in log.record("after \(value)") })
          .flatMapLatest { value in Observable.just(value * 10) }
          .subscribe(
            onNext: { value in log.record("inner \(value)") },
            onCompleted: { done.resume() }
          )
          .disposed(by: bag)
        DispatchQueue.global().async {
          source.onNext(1)
          source.onNext(2)
          source.onCompleted()
        }
      }
    }
    let calls = await MainActor.run { log.calls }
    // `observe(on: MainScheduler.instance)` on the inner sequence would queue it behind the
    // outer delivery that is running: "after 1" before "inner 10".
    expectEqual(calls, ["inner 10", "after 1", "inner 20", "after 2"])
  }

  @Test("a main-actor closure that throws fails the sequence", .timeLimit(.minutes(1)))
  func throwingClosure() async {
    let log = MainActorLog()
    let source = PublishSubject<Int>()
    let bag = DisposeBag()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Task { @MainActor in
        source
          .observe(on: MainScheduler.instance)
          .map { value -> Int in
            log.record("map \(value)")
            if value == 2 { throw Failure() }
            return value
          }
          .subscribe(
            onNext: { value in log.record("onNext \(value)") },
            onError: { error in
              log.record("onError \(error is Failure)")
              done.resume()
            }
          )
          .disposed(by: bag)
        DispatchQueue.global().async {
          source.onNext(1)
          source.onNext(2)
          source.onNext(3)
        }
      }
    }
    let (calls, offMain) = await MainActor.run { (log.calls, log.offMain) }
    expectEqual(calls, ["map 1", "onNext 1", "map 2", "onError true"])
    expectEqual(offMain, [])
  }

  @Test(
    "startWith, take, skip, catchAndReturn and retry keep a main-actor sequence, on the main actor",
    .timeLimit(.minutes(1)))
  func forwardingOperators() async {
    let log = MainActorLog()
    let source = PublishSubject<Int>()
    let bag = DisposeBag()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Task { @MainActor in
        let chain: MainActorObservable<Int> =
          source
          .observe(on: MainScheduler.instance)
          .retry(1)
          .retry()
          .startWith(-2, -1)
          .skip(1)
          .take(4)
          .catchAndReturn(0)
        chain
          .map { value -> Int in
            log.record("map \(value)")
            return value
          }
          .subscribe(
            onNext: { value in log.record("onNext \(value)") },
            onCompleted: {
              log.record("onCompleted")
              done.resume()
            }
          )
          .disposed(by: bag)
        DispatchQueue.global().async {
          source.onNext(1)
          source.onNext(2)
          source.onNext(3)
        }
      }
    }
    let (calls, offMain) = await MainActor.run { (log.calls, log.offMain) }
    expectEqual(
      calls,
      [
        "map -1", "onNext -1", "map 1", "onNext 1", "map 2", "onNext 2", "map 3", "onNext 3",
        "onCompleted",
      ])
    expectEqual(offMain, [])
  }

  @Test("debounce and throttle on the main scheduler keep a main-actor sequence")
  func timeOperatorsKeepTheType() {
    let main = PublishSubject<Int>().observe(on: MainScheduler.instance)
    let debounced: MainActorObservable<Int> = main.debounce(
      .milliseconds(300), scheduler: MainScheduler.instance)
    let throttled: MainActorObservable<Int> = main.throttle(
      .milliseconds(300), latest: false, scheduler: MainScheduler.instance)
    // On another scheduler they are the plain operators.
    let elsewhere = main.debounce(
      .milliseconds(300), scheduler: MainScheduler.instance as any SchedulerType)
    #expect(type(of: elsewhere) != MainActorObservable<Int>.self)
    _ = (debounced, throttled)
  }

  @Test("observe(on:) with any other scheduler, and every other operator, return an Observable")
  func otherOperatorsReturnObservable() {
    let subject = PublishSubject<Int>()
    let plain: Observable<Int> = subject.map { $0 + 1 }
    let queued: Observable<Int> = subject.observe(on: MainScheduler.asyncInstance)
    let main = subject.observe(on: MainScheduler.instance)
    let converted: Observable<Int> = main.asObservable()
    let other = main.element(at: 0)
    let viaExistential: Observable<Int> = subject.observe(
      on: MainScheduler.instance as any ImmediateSchedulerType)
    #expect(type(of: main) == MainActorObservable<Int>.self)
    #expect(type(of: other) != MainActorObservable<Int>.self)
    _ = (plain, queued, converted, viaExistential)
  }

  @Test("a main-actor sequence is an Observable: it goes where RxSwift code expects one")
  func isAnObservable() {
    func takesObservable(_ observable: Observable<Int>) -> Observable<Int> { observable }
    let subject = PublishSubject<Int>()
    // Code written for RxSwift, where observe(on:) returns an Observable, still compiles.
    let annotated: Observable<Int> = subject.observe(on: MainScheduler.instance)
    let passed = takesObservable(subject.observe(on: MainScheduler.instance).map { $0 + 1 })
    let mixed = [subject.observe(on: MainScheduler.instance), subject.asObservable()]
    let chosen =
      Bool.random() ? subject.observe(on: MainScheduler.instance) : subject.asObservable()
    #expect(annotated is MainActorObservable<Int>)
    #expect(passed is MainActorObservable<Int>)
    _ = (mixed, chosen)
  }
}
