import ObservableCore
import ObservableTesting
import Testing

/// RxSwift 5's deprecated spellings, called from a deprecated context.
///
/// Each requirement is met by a deprecated method of ``DeprecatedSpellings``, whose body may use
/// deprecated API without a warning. The tests reach those methods through this protocol,
/// which is not deprecated, so their call sites do not warn either and the test target builds
/// with `-warnings-as-errors`.
private protocol DeprecatedSpellingsCalls: Sendable {
  typealias TypedHandler = @Sendable (Observable<TestError>) -> Observable<Int>
  typealias AnyHandler = @Sendable (Observable<any Error>) -> Observable<Int>

  func observeOn(_ source: Observable<Int>, _ scheduler: TestScheduler) -> Observable<Int>
  func subscribeOn(_ source: Observable<Int>, _ scheduler: TestScheduler) -> Observable<Int>
  func catchError(_ source: Observable<Int>) -> Observable<Int>
  func catchErrorJustReturn(_ source: Observable<Int>) -> Observable<Int>
  func catchErrorSequence(_ sources: [Observable<Int>]) -> Observable<Int>
  func elementAt(_ source: Observable<Int>, _ index: Int) -> Observable<Int>
  func takeUntil(_ source: Observable<Int>, _ other: Observable<String>) -> Observable<Int>
  func takeUntil(_ source: Observable<Int>, _ behavior: TakeBehavior) -> Observable<Int>
  func takeWhile(_ source: Observable<Int>) -> Observable<Int>
  func skipWhile(_ source: Observable<Int>) -> Observable<Int>
  func skipUntil(_ source: Observable<Int>, _ other: Observable<String>) -> Observable<Int>
  func retryWhenTyped(_ source: Observable<Int>, _ scheduler: TestScheduler) -> Observable<Int>
  func retryWhenAny(_ source: Observable<Int>, _ scheduler: TestScheduler) -> Observable<Int>
  func take(_ source: Observable<Int>, _ scheduler: TestScheduler) -> Observable<Int>

  func observeOn(_ source: Single<Int>, _ scheduler: TestScheduler) -> Single<Int>
  func subscribeOn(_ source: Completable, _ scheduler: TestScheduler) -> Completable
  func catchError(_ source: Maybe<Int>) -> Maybe<Int>
  func retryWhenTyped(_ source: Maybe<Int>, _ handler: @escaping TypedHandler) -> Maybe<Int>
  func retryWhenAny(_ source: Completable, _ handler: @escaping AnyHandler) -> Completable
  func retryWhenTyped(_ source: Single<Int>, _ handler: @escaping TypedHandler) -> Single<Int>
  func retryWhenAny(_ source: Single<Int>, _ handler: @escaping AnyHandler) -> Single<Int>
  func catchErrorJustReturn(_ source: Single<Int>) -> Single<Int>
  func catchErrorJustReturn(_ source: Maybe<Int>) -> Maybe<Int>
  func subscribe(_ source: Single<Int>, log: Box<[String]>) -> any Disposable
}

private struct DeprecatedSpellings: DeprecatedSpellingsCalls {
  @available(*, deprecated)
  func observeOn(_ source: Observable<Int>, _ scheduler: TestScheduler) -> Observable<Int> {
    source.observeOn(scheduler)
  }

  @available(*, deprecated)
  func subscribeOn(_ source: Observable<Int>, _ scheduler: TestScheduler) -> Observable<Int> {
    source.subscribeOn(scheduler)
  }

  @available(*, deprecated)
  func catchError(_ source: Observable<Int>) -> Observable<Int> {
    source.catchError { _ in .just(9) }
  }

  @available(*, deprecated)
  func catchErrorJustReturn(_ source: Observable<Int>) -> Observable<Int> {
    source.catchErrorJustReturn(9)
  }

  @available(*, deprecated)
  func catchErrorSequence(_ sources: [Observable<Int>]) -> Observable<Int> {
    Observable.catchError(sources)
  }

  @available(*, deprecated)
  func elementAt(_ source: Observable<Int>, _ index: Int) -> Observable<Int> {
    source.elementAt(index)
  }

  @available(*, deprecated)
  func takeUntil(_ source: Observable<Int>, _ other: Observable<String>) -> Observable<Int> {
    source.takeUntil(other)
  }

  @available(*, deprecated)
  func takeUntil(_ source: Observable<Int>, _ behavior: TakeBehavior) -> Observable<Int> {
    source.takeUntil(behavior, predicate: { $0 >= 2 })
  }

  @available(*, deprecated)
  func takeWhile(_ source: Observable<Int>) -> Observable<Int> {
    source.takeWhile { $0 < 2 }
  }

  @available(*, deprecated)
  func skipWhile(_ source: Observable<Int>) -> Observable<Int> {
    source.skipWhile { $0 < 2 }
  }

  @available(*, deprecated)
  func skipUntil(_ source: Observable<Int>, _ other: Observable<String>) -> Observable<Int> {
    source.skipUntil(other)
  }

  @available(*, deprecated)
  func retryWhenTyped(_ source: Observable<Int>, _ scheduler: TestScheduler) -> Observable<Int> {
    source.retryWhen { (errors: Observable<TestError>) in
      errors.delay(.seconds(5), scheduler: scheduler).take(1)
    }
  }

  @available(*, deprecated)
  func retryWhenAny(_ source: Observable<Int>, _ scheduler: TestScheduler) -> Observable<Int> {
    source.retryWhen { (errors: Observable<any Error>) in
      errors.delay(.seconds(5), scheduler: scheduler).take(1)
    }
  }

  @available(*, deprecated)
  func take(_ source: Observable<Int>, _ scheduler: TestScheduler) -> Observable<Int> {
    source.take(.seconds(25), scheduler: scheduler)
  }

  @available(*, deprecated)
  func observeOn(_ source: Single<Int>, _ scheduler: TestScheduler) -> Single<Int> {
    source.observeOn(scheduler)
  }

  @available(*, deprecated)
  func subscribeOn(_ source: Completable, _ scheduler: TestScheduler) -> Completable {
    source.subscribeOn(scheduler)
  }

  @available(*, deprecated)
  func catchError(_ source: Maybe<Int>) -> Maybe<Int> {
    source.catchError { _ in .just(9) }
  }

  @available(*, deprecated)
  func retryWhenTyped(_ source: Maybe<Int>, _ handler: @escaping TypedHandler) -> Maybe<Int> {
    source.retryWhen(handler)
  }

  @available(*, deprecated)
  func retryWhenAny(_ source: Completable, _ handler: @escaping AnyHandler) -> Completable {
    source.retryWhen(handler)
  }

  @available(*, deprecated)
  func retryWhenTyped(_ source: Single<Int>, _ handler: @escaping TypedHandler) -> Single<Int> {
    source.retryWhen(handler)
  }

  @available(*, deprecated)
  func retryWhenAny(_ source: Single<Int>, _ handler: @escaping AnyHandler) -> Single<Int> {
    source.retryWhen(handler)
  }

  @available(*, deprecated)
  func catchErrorJustReturn(_ source: Single<Int>) -> Single<Int> {
    source.catchErrorJustReturn(9)
  }

  @available(*, deprecated)
  func catchErrorJustReturn(_ source: Maybe<Int>) -> Maybe<Int> {
    source.catchErrorJustReturn(9)
  }

  @available(*, deprecated)
  func subscribe(_ source: Single<Int>, log: Box<[String]>) -> any Disposable {
    source.subscribe(
      onSuccess: { value in log.mutate { $0.append("success \(value)") } },
      onError: { error in log.mutate { $0.append("error \(error)") } },
      onDisposed: { log.mutate { $0.append("disposed") } })
  }
}

private let legacy: any DeprecatedSpellingsCalls = DeprecatedSpellings()

/// What a run recorded: the result's events and the source's subscriptions.
private struct Run<Element: Sendable & Equatable>: Equatable {
  var events: [Recorded<Event<Element>>]
  var subscriptions: [Subscription]
}

/// Runs `make` on a fresh scheduler with a source of `events` (hot, or cold if `cold`) and
/// records the result's events and the source's subscriptions.
private func run<Element: Sendable & Equatable>(
  _ events: [Recorded<Event<Int>>], cold: Bool = false,
  _ make: @escaping @Sendable (TestScheduler, Observable<Int>) -> Observable<Element>
) -> Run<Element> {
  let scheduler = TestScheduler(initialClock: 0)
  let source =
    cold ? scheduler.createColdObservable(events) : scheduler.createHotObservable(events)
  let res = scheduler.start { make(scheduler, source.asObservable()) }
  return Run(events: res.events, subscriptions: source.subscriptions)
}

/// Like `run`, with a second hot source of `otherEvents` for the operators that take one.
private func run<Element: Sendable & Equatable>(
  _ events: [Recorded<Event<Int>>], other otherEvents: [Recorded<Event<String>>],
  _ make: @escaping @Sendable (Observable<Int>, Observable<String>) -> Observable<Element>
) -> Run<Element> {
  let scheduler = TestScheduler(initialClock: 0)
  let source = scheduler.createHotObservable(events)
  let other = scheduler.createHotObservable(otherEvents)
  let res = scheduler.start { make(source.asObservable(), other.asObservable()) }
  return Run(events: res.events, subscriptions: source.subscriptions + other.subscriptions)
}

private let elements: [Recorded<Event<Int>>] = [
  .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
]
private let failing: [Recorded<Event<Int>>] = [.next(210, 1), .error(220, testError)]

@Suite("RxSwift's deprecated spellings on Observable")
struct DeprecatedObservableSpellingsTests {
  @Test("observeOn is observe(on:)")
  func observeOn() {
    withLeakChecking {
      let old = run(elements) { scheduler, xs in legacy.observeOn(xs, scheduler) }
      #expect(old.events == [.next(211, 1), .next(221, 2), .next(231, 3), .completed(301)])
      #expect(old == run(elements) { scheduler, xs in xs.observe(on: scheduler) })
    }
  }

  @Test("subscribeOn is subscribe(on:)")
  func subscribeOn() {
    withLeakChecking {
      let old = run(elements) { scheduler, xs in legacy.subscribeOn(xs, scheduler) }
      #expect(old.subscriptions == [Subscription(201, 301)])
      #expect(old == run(elements) { scheduler, xs in xs.subscribe(on: scheduler) })
    }
  }

  @Test("catchError is catch(_:)")
  func catchError() {
    withLeakChecking {
      let old = run(failing) { _, xs in legacy.catchError(xs) }
      #expect(old.events == [.next(210, 1), .next(220, 9), .completed(220)])
      #expect(old == run(failing) { _, xs in xs.catch { _ in .just(9) } })
    }
  }

  @Test("catchErrorJustReturn is catchAndReturn(_:)")
  func catchErrorJustReturn() {
    withLeakChecking {
      let old = run(failing) { _, xs in legacy.catchErrorJustReturn(xs) }
      #expect(old.events == [.next(210, 1), .next(220, 9), .completed(220)])
      #expect(old == run(failing) { _, xs in xs.catchAndReturn(9) })
    }
  }

  @Test("Observable.catchError(_:) with sources is catch(sequence:)")
  func catchErrorSequence() {
    withLeakChecking {
      let old = run(failing) { _, xs in legacy.catchErrorSequence([xs, .just(9)]) }
      #expect(old.events == [.next(210, 1), .next(220, 9), .completed(220)])
      #expect(old == run(failing) { _, xs in Observable.catch(sequence: [xs, .just(9)]) })
    }
  }

  @Test("elementAt is element(at:), a negative index included")
  func elementAt() {
    withLeakChecking {
      let old = run(elements) { _, xs in legacy.elementAt(xs, 1) }
      #expect(old.events == [.next(220, 2), .completed(220)])
      #expect(old == run(elements) { _, xs in xs.element(at: 1) })
      let negative = run(elements) { _, xs in legacy.elementAt(xs, -1) }
      #expect(negative.events == [.error(200, RxError.argumentOutOfRange)])
      #expect(negative == run(elements) { _, xs in xs.element(at: -1) })
    }
  }

  @Test("takeUntil(_:) is take(until:) with a sequence")
  func takeUntilOther() {
    withLeakChecking {
      let stop: [Recorded<Event<String>>] = [.next(225, "stop")]
      let old = run(elements, other: stop) { xs, other in legacy.takeUntil(xs, other) }
      #expect(old.events == [.next(210, 1), .next(220, 2), .completed(225)])
      #expect(old == run(elements, other: stop) { xs, other in xs.take(until: other) })
    }
  }

  @Test("takeUntil(_:predicate:) is take(until:behavior:), both behaviors")
  func takeUntilPredicate() {
    withLeakChecking {
      let exclusive = run(elements) { _, xs in legacy.takeUntil(xs, .exclusive) }
      #expect(exclusive.events == [.next(210, 1), .completed(220)])
      #expect(exclusive == run(elements) { _, xs in xs.take(until: { $0 >= 2 }) })
      let inclusive = run(elements) { _, xs in legacy.takeUntil(xs, .inclusive) }
      #expect(inclusive.events == [.next(210, 1), .next(220, 2), .completed(220)])
      #expect(
        inclusive == run(elements) { _, xs in xs.take(until: { $0 >= 2 }, behavior: .inclusive) })
    }
  }

  @Test("takeWhile is take(while:)")
  func takeWhile() {
    withLeakChecking {
      let old = run(elements) { _, xs in legacy.takeWhile(xs) }
      #expect(old.events == [.next(210, 1), .completed(220)])
      #expect(old == run(elements) { _, xs in xs.take(while: { $0 < 2 }) })
    }
  }

  @Test("skipWhile is skip(while:)")
  func skipWhile() {
    withLeakChecking {
      let old = run(elements) { _, xs in legacy.skipWhile(xs) }
      #expect(old.events == [.next(220, 2), .next(230, 3), .completed(300)])
      #expect(old == run(elements) { _, xs in xs.skip(while: { $0 < 2 }) })
    }
  }

  @Test("skipUntil is skip(until:)")
  func skipUntil() {
    withLeakChecking {
      let go: [Recorded<Event<String>>] = [.next(215, "go")]
      let old = run(elements, other: go) { xs, other in legacy.skipUntil(xs, other) }
      #expect(old.events == [.next(220, 2), .next(230, 3), .completed(300)])
      #expect(old == run(elements, other: go) { xs, other in xs.skip(until: other) })
    }
  }

  @Test("retryWhen with typed errors is retry(when:)")
  func retryWhenTyped() {
    withLeakChecking {
      let source: [Recorded<Event<Int>>] = [.next(10, 1), .error(20, testError)]
      let old = run(source, cold: true) { scheduler, xs in legacy.retryWhenTyped(xs, scheduler) }
      expectEqual(old.subscriptions, [Subscription(200, 220), Subscription(225, 245)])
      let new = run(source, cold: true) { scheduler, xs in
        xs.retry(when: { (errors: Observable<TestError>) in
          errors.delay(.seconds(5), scheduler: scheduler).take(1)
        })
      }
      expectEqual(old, new)
    }
  }

  @Test("retryWhen with untyped errors is retry(when:)")
  func retryWhenAny() {
    withLeakChecking {
      let source: [Recorded<Event<Int>>] = [.next(10, 1), .error(20, testError)]
      let old = run(source, cold: true) { scheduler, xs in legacy.retryWhenAny(xs, scheduler) }
      expectEqual(old.events.first, .next(210, 1))
      let new = run(source, cold: true) { scheduler, xs in
        xs.retry(when: { (errors: Observable<any Error>) in
          errors.delay(.seconds(5), scheduler: scheduler).take(1)
        })
      }
      expectEqual(old, new)
    }
  }

  @Test("take(_:scheduler:) with a duration is take(for:scheduler:)")
  func takeDuration() {
    withLeakChecking {
      let old = run(elements) { scheduler, xs in legacy.take(xs, scheduler) }
      #expect(old.events == [.next(210, 1), .next(220, 2), .completed(225)])
      #expect(
        old == run(elements) { scheduler, xs in xs.take(for: .seconds(25), scheduler: scheduler) })
    }
  }
}

@Suite("RxSwift's deprecated spellings on Single, Maybe and Completable")
struct DeprecatedPrimitiveSequenceSpellingsTests {
  @Test("observeOn is observe(on:)")
  func observeOn() {
    withLeakChecking {
      let success: [Recorded<Event<Int>>] = [.next(210, 1), .completed(210)]
      let old = run(success) { scheduler, xs in
        legacy.observeOn(Single(raw: xs), scheduler).asObservable()
      }
      #expect(old.events == [.next(211, 1), .completed(212)])
      #expect(
        old
          == run(success) { scheduler, xs in Single(raw: xs).observe(on: scheduler).asObservable() }
      )
    }
  }

  @Test("subscribeOn is subscribe(on:)")
  func subscribeOn() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let work: TestableObservable<Never> = scheduler.createHotObservable([.completed(300)])
      let old = scheduler.start {
        legacy.subscribeOn(Completable(raw: work.asObservable()), scheduler)
      }
      let new = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Completable(raw: work.asObservable()).subscribe(on: scheduler)
      }
      expectEqual(old.events, [.completed(300)])
      expectEqual(new.events, [])
      expectEqual(work.subscriptions, [Subscription(201, 301), Subscription(1201, 2001)])
    }
  }

  @Test("catchError is catch(_:)")
  func catchError() {
    withLeakChecking {
      let failed: [Recorded<Event<Int>>] = [.error(220, testError)]
      let old = run(failed) { _, xs in legacy.catchError(Maybe(raw: xs)).asObservable() }
      #expect(old.events == [.next(220, 9), .completed(220)])
      #expect(old == run(failed) { _, xs in Maybe(raw: xs).catch { _ in .just(9) }.asObservable() })
    }
  }

  @Test("retryWhen on a Maybe or a Completable is retry(when:): the trigger's completion completes")
  func retryWhenGeneric() {
    withLeakChecking {
      let failed: [Recorded<Event<Int>>] = [.error(10, testError)]
      // Retries once, then the trigger completes, which completes the result.
      let handler: @Sendable (Observable<TestError>) -> Observable<Int> = { errors in
        errors.enumerated().take(while: { $0.index < 1 }).map { $0.index }
      }
      let old = run(failed, cold: true) { _, xs in
        legacy.retryWhenTyped(Maybe(raw: xs), handler).asObservable()
      }
      #expect(old.events == [.completed(220)])
      #expect(old.subscriptions == [Subscription(200, 210), Subscription(210, 220)])
      #expect(
        old
          == run(failed, cold: true) { _, xs in
            Maybe(raw: xs).retry(when: handler).asObservable()
          })
      let scheduler = TestScheduler(initialClock: 0)
      let work: TestableObservable<Never> = scheduler.createColdObservable([.error(10, testError)])
      let res = scheduler.start {
        legacy.retryWhenAny(Completable(raw: work.asObservable())) { errors in
          errors.enumerated().map { pair in
            guard pair.index < 2 else { throw pair.element }
            return pair.index
          }
        }
      }
      #expect(res.events == [.error(230, testError)])
      #expect(
        work.subscriptions == [
          Subscription(200, 210), Subscription(210, 220), Subscription(220, 230),
        ])
    }
  }

  @Test("retryWhen on a Single is the Single's retry(when:): a completed trigger fails it")
  func retryWhenSingle() {
    withLeakChecking {
      let failed: [Recorded<Event<Int>>] = [.error(10, testError)]
      let typedHandler: @Sendable (Observable<TestError>) -> Observable<Int> = { errors in
        errors.enumerated().take(while: { $0.index < 1 }).map { $0.index }
      }
      let anyHandler: @Sendable (Observable<any Error>) -> Observable<Int> = { errors in
        errors.enumerated().take(while: { $0.index < 1 }).map { $0.index }
      }
      let typed = run(failed, cold: true) { _, xs in
        legacy.retryWhenTyped(Single(raw: xs), typedHandler).asObservable()
      }
      #expect(typed.events == [.error(220, RxError.noElements)])
      #expect(typed.subscriptions == [Subscription(200, 210), Subscription(210, 220)])
      let untyped = run(failed, cold: true) { _, xs in
        legacy.retryWhenAny(Single(raw: xs), anyHandler).asObservable()
      }
      #expect(typed == untyped)
      #expect(
        typed
          == run(failed, cold: true) { _, xs in
            Single(raw: xs).retry(when: anyHandler).asObservable()
          })
    }
  }

  @Test("catchErrorJustReturn is catchAndReturn(_:) on Single and Maybe")
  func catchErrorJustReturn() {
    withLeakChecking {
      let failed: [Recorded<Event<Int>>] = [.error(220, testError)]
      let single = run(failed) { _, xs in
        legacy.catchErrorJustReturn(Single(raw: xs)).asObservable()
      }
      #expect(single.events == [.next(220, 9), .completed(220)])
      #expect(single == run(failed) { _, xs in Single(raw: xs).catchAndReturn(9).asObservable() })
      let maybe = run(failed) { _, xs in legacy.catchErrorJustReturn(Maybe(raw: xs)).asObservable()
      }
      #expect(maybe == single)
    }
  }

  @Test(
    "Single's subscribe(onSuccess:onError:onDisposed:) is subscribe(onSuccess:onFailure:onDisposed:)"
  )
  func subscribeOnError() {
    withLeakChecking {
      let log = Box<[String]>([])
      _ = legacy.subscribe(.just(1), log: log)
      _ = legacy.subscribe(.error(testError), log: log)
      expectEqual(log.value, ["success 1", "disposed", "error \(testError)", "disposed"])

      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(300, 1), .completed(300)])
      let early = Box<[String]>([])
      let subscription = legacy.subscribe(Single(raw: xs.asObservable()), log: early)
      scheduler.scheduleAt(250) { subscription.dispose() }
      scheduler.start()
      expectEqual(early.value, ["disposed"])
      expectEqual(xs.subscriptions, [Subscription(0, 250)])
    }
  }
}
