import ObservableCore
import ObservableTesting
import Testing

extension TestableObservable {
  /// The test source as a `Single`, unchecked, so that its subscription windows are visible.
  fileprivate var single: Single<Element> { Single(raw: asObservable()) }
}

@Suite("Single operators")
struct SingleOperatorsTests {
  // MARK: map, compactMap, filter

  @Test("map transforms the element and forwards errors")
  func map() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
      let res = scheduler.start { xs.single.map { $0 * 10 } }
      expectEqual(res.events, [.next(210, 10), .completed(210)])
      expectEqual(xs.subscriptions, [Subscription(200, 210)])

      let ys = scheduler.createHotObservable([.error(1210, testError, Int.self)])
      let failed = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        ys.single.map { $0 * 10 }
      }
      expectEqual(failed.events, [.error(1210, testError)])
      expectEqual(ys.subscriptions, [Subscription(1200, 1210)])
    }
  }

  @Test("map: a throwing transform fails the Single")
  func mapThrows() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
      let res = scheduler.start { xs.single.map { _ -> Int in throw testError } }
      expectEqual(res.events, [.error(210, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 210)])
    }
  }

  @Test("map: disposing before the outcome disposes the source")
  func mapDispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(300, 1), .completed(300)])
      let res = scheduler.start(disposed: 250) { xs.single.map { $0 } }
      expectEqual(res.events, [])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("compactMap returns a Maybe: the element, or empty for nil")
  func compactMap() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
      let kept = scheduler.start { xs.single.compactMap { $0 == 1 ? "one" : nil } }
      expectEqual(kept.events, [.next(210, "one"), .completed(210)])
      let ys = scheduler.createHotObservable([.next(1210, 2), .completed(1210)])
      let dropped = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        ys.single.compactMap { $0 == 1 ? "one" : nil }
      }
      expectEqual(dropped.events, [.completed(1210)])
      let zs = scheduler.createHotObservable([.next(2210, 3), .completed(2210)])
      let thrown = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        zs.single.compactMap { _ -> String? in throw testError }
      }
      expectEqual(thrown.events, [.error(2210, testError)])
      expectEqual(zs.subscriptions, [Subscription(2200, 2210)])
    }
  }

  @Test("filter returns a Maybe: the element if it passes, else empty")
  func filter() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 2), .completed(210)])
      let kept = scheduler.start { xs.single.filter { $0.isMultiple(of: 2) } }
      expectEqual(kept.events, [.next(210, 2), .completed(210)])
      let ys = scheduler.createHotObservable([.next(1210, 3), .completed(1210)])
      let dropped = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        ys.single.filter { $0.isMultiple(of: 2) }
      }
      expectEqual(dropped.events, [.completed(1210)])
    }
  }

  // MARK: flatMap family

  @Test("flatMap continues with the inner Single, subscribed when the element arrives")
  func flatMap() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
      let inner = scheduler.createColdObservable([.next(20, "a"), .completed(20)])
      let res = scheduler.start { xs.single.flatMap { _ in inner.single } }
      expectEqual(res.events, [.next(230, "a"), .completed(230)])
      expectEqual(xs.subscriptions, [Subscription(200, 210)])
      expectEqual(inner.subscriptions, [Subscription(210, 230)])
    }
  }

  @Test("flatMap: errors of the source, the selector and the inner Single fail the result")
  func flatMapErrors() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let inner = scheduler.createColdObservable([.error(20, testError, String.self)])
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
      let innerFails = scheduler.start { xs.single.flatMap { _ in inner.single } }
      expectEqual(innerFails.events, [.error(230, testError)])
      expectEqual(inner.subscriptions, [Subscription(210, 230)])

      let ys = scheduler.createHotObservable([.error(1210, testError, Int.self)])
      let sourceFails = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        ys.single.flatMap { _ in Single.just("x") }
      }
      expectEqual(sourceFails.events, [.error(1210, testError)])

      let zs = scheduler.createHotObservable([.next(2210, 1), .completed(2210)])
      let selectorThrows = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        zs.single.flatMap { _ -> Single<String> in throw testError }
      }
      expectEqual(selectorThrows.events, [.error(2210, testError)])
      expectEqual(zs.subscriptions, [Subscription(2200, 2210)])
    }
  }

  @Test("flatMap: disposing while the inner Single runs disposes it")
  func flatMapDispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
      let inner = scheduler.createColdObservable([.next(100, "a"), .completed(100)])
      let res = scheduler.start(disposed: 250) { xs.single.flatMap { _ in inner.single } }
      expectEqual(res.events, [])
      expectEqual(inner.subscriptions, [Subscription(210, 250)])
    }
  }

  @Test("flatMapMaybe continues with the inner Maybe's outcome")
  func flatMapMaybe() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
      let empty = scheduler.createColdObservable([.completed(20, String.self)])
      let res = scheduler.start { xs.single.flatMapMaybe { _ in Maybe(raw: empty.asObservable()) } }
      expectEqual(res.events, [.completed(230)])
      expectEqual(empty.subscriptions, [Subscription(210, 230)])

      let ys = scheduler.createHotObservable([.next(1210, 2), .completed(1210)])
      let value = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        ys.single.flatMapMaybe { Maybe.just("\($0)") }
      }
      expectEqual(value.events, [.next(1210, "2"), .completed(1210)])
      let zs = scheduler.createHotObservable([.next(2210, 2), .completed(2210)])
      let failed = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        zs.single.flatMapMaybe { _ in Maybe<String>.error(testError) }
      }
      expectEqual(failed.events, [.error(2210, testError)])
    }
  }

  @Test("flatMapCompletable continues with the inner Completable's outcome")
  func flatMapCompletable() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
      let work = scheduler.createColdObservable([.completed(30, Never.self)])
      let res = scheduler.start {
        xs.single.flatMapCompletable { _ in Completable(raw: work.asObservable()) }
      }
      expectEqual(res.events, [.completed(240)])
      expectEqual(work.subscriptions, [Subscription(210, 240)])

      let ys = scheduler.createHotObservable([.next(1210, 2), .completed(1210)])
      let failed = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        ys.single.flatMapCompletable { _ in Completable.error(testError) }
      }
      expectEqual(failed.events, [.error(1210, testError)])
    }
  }

  // MARK: errors

  @Test("catch continues with the handler's Single, and not after a success")
  func catchFallback() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.error(210, testError, Int.self)])
      let fallback = scheduler.createColdObservable([.next(10, 7), .completed(10)])
      let res = scheduler.start { xs.single.catch { _ in fallback.single } }
      expectEqual(res.events, [.next(220, 7), .completed(220)])
      expectEqual(xs.subscriptions, [Subscription(200, 210)])
      expectEqual(fallback.subscriptions, [Subscription(210, 220)])

      let calls = Box(0)
      let ys = scheduler.createHotObservable([.next(1210, 1), .completed(1210)])
      let success = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        ys.single.catch { _ in
          calls.value += 1
          return .just(0)
        }
      }
      expectEqual(success.events, [.next(1210, 1), .completed(1210)])
      expectEqual(calls.value, 0)

      let other = TestError(id: 2)
      let zs = scheduler.createHotObservable([.error(2210, testError, Int.self)])
      let rethrown = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        zs.single.catch { _ in throw other }
      }
      expectEqual(rethrown.events, [.error(2210, other)])
    }
  }

  @Test("catch: disposing during the fallback disposes it")
  func catchDispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.error(210, testError, Int.self)])
      let fallback = scheduler.createColdObservable([.next(100, 7), .completed(100)])
      let res = scheduler.start(disposed: 250) { xs.single.catch { _ in fallback.single } }
      expectEqual(res.events, [])
      expectEqual(fallback.subscriptions, [Subscription(210, 250)])
    }
  }

  @Test("catchAndReturn replaces an error with the element")
  func catchAndReturn() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.error(210, testError, Int.self)])
      let res = scheduler.start { xs.single.catchAndReturn(0) }
      expectEqual(res.events, [.next(210, 0), .completed(210)])
      let ys = scheduler.createHotObservable([.next(1210, 5), .completed(1210)])
      let success = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        ys.single.catchAndReturn(0)
      }
      expectEqual(success.events, [.next(1210, 5), .completed(1210)])
    }
  }

  @Test("retry() resubscribes after each error until the Single succeeds")
  func retryForever() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let attempts = Box(0)
      let res = scheduler.start {
        Single<Int>.create { single in
          attempts.value += 1
          if attempts.value < 3 { single(.failure(testError)) } else { single(.success(42)) }
          return Disposables.create()
        }.retry()
      }
      expectEqual(res.events, [.next(200, 42), .completed(200)])
      expectEqual(attempts.value, 3)
    }
  }

  @Test("retry(n) subscribes at most n times and forwards the last error")
  func retryCount() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.error(10, testError, Int.self)])
      let res = scheduler.start { xs.single.retry(2) }
      expectEqual(res.events, [.error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 210), Subscription(210, 220)])
    }
  }

  @Test("retry(0) fails with noElements instead of completing empty")
  func retryZero() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .completed(10)])
      let res = scheduler.start { xs.single.retry(0) }
      expectEqual(res.events, [.error(200, RxError.noElements)])
      expectEqual(xs.subscriptions, [])
    }
  }

  @Test("retry(when:) resubscribes on the trigger, and fails if the trigger completes")
  func retryWhen() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.error(10, testError, Int.self)])
      let res = scheduler.start {
        xs.single.retry(when: { (errors: Observable<TestError>) in
          errors.enumerated().take(while: { $0.index < 1 }).map { _ in 0 }
        })
      }
      expectEqual(res.events, [.error(220, RxError.noElements)])
      expectEqual(xs.subscriptions, [Subscription(200, 210), Subscription(210, 220)])

      let ys = scheduler.createColdObservable([.error(10, testError, Int.self)])
      let untyped = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        ys.single.retry(when: { (errors: Observable<any Error>) in
          errors.flatMap { _ in Observable<Int>.error(TestError(id: 9)) }
        })
      }
      expectEqual(untyped.events, [.error(1210, TestError(id: 9))])
    }
  }

  // MARK: zip

  @Test("zip waits for every Single and combines their elements")
  func zipArities() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createHotObservable([.next(210, 1), .completed(210)])
      let b = scheduler.createHotObservable([.next(230, "b"), .completed(230)])
      let c = scheduler.createHotObservable([.next(220, 3.0), .completed(220)])
      let d = scheduler.createHotObservable([.next(240, true), .completed(240)])
      let two = scheduler.start { Single.zip(a.single, b.single) { "\($0)\($1)" } }
      expectEqual(two.events, [.next(230, "1b"), .completed(230)])
      expectEqual(a.subscriptions, [Subscription(200, 210)])
      expectEqual(b.subscriptions, [Subscription(200, 230)])

      let scheduler2 = TestScheduler(initialClock: 0)
      let a2 = scheduler2.createColdObservable([.next(10, 1), .completed(10)])
      let b2 = scheduler2.createColdObservable([.next(30, "b"), .completed(30)])
      let c2 = scheduler2.createColdObservable([.next(20, 3.0), .completed(20)])
      let d2 = scheduler2.createColdObservable([.next(40, true), .completed(40)])
      let pair = scheduler2.start { Single.zip(a2.single, b2.single).map { "\($0.0)\($0.1)" } }
      expectEqual(pair.events, [.next(230, "1b"), .completed(230)])
      let triple = scheduler2.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Single.zip(a2.single, b2.single, c2.single).map { "\($0.0)\($0.1)\($0.2)" }
      }
      expectEqual(triple.events, [.next(1230, "1b3.0"), .completed(1230)])
      let quad = scheduler2.start(created: 2100, subscribed: 2200, disposed: 3000) {
        Single.zip(a2.single, b2.single, c2.single, d2.single).map {
          "\($0.0)\($0.1)\($0.2)\($0.3)"
        }
      }
      expectEqual(quad.events, [.next(2240, "1b3.0true"), .completed(2240)])
      let selected3 = scheduler2.start(created: 3100, subscribed: 3200, disposed: 4000) {
        Single.zip(a2.single, b2.single, c2.single) { "\($0)\($1)\($2)" }
      }
      expectEqual(selected3.events, [.next(3230, "1b3.0"), .completed(3230)])
      let selected4 = scheduler2.start(created: 4100, subscribed: 4200, disposed: 5000) {
        Single.zip(a2.single, b2.single, c2.single, d2.single) { "\($0)\($1)\($2)\($3)" }
      }
      expectEqual(selected4.events, [.next(4240, "1b3.0true"), .completed(4240)])
      _ = (c, d)
    }
  }

  @Test("zip fails as soon as one Single fails, disposing the others")
  func zipError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createHotObservable([.error(220, testError, Int.self)])
      let b = scheduler.createHotObservable([.next(300, 2), .completed(300)])
      let res = scheduler.start { Single.zip(a.single, b.single) { $0 + $1 } }
      expectEqual(res.events, [.error(220, testError)])
      expectEqual(b.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("zip of a collection combines every element; an empty one succeeds at once")
  func zipCollection() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createHotObservable([.next(210, 1), .completed(210)])
      let b = scheduler.createHotObservable([.next(230, 2), .completed(230)])
      let arrays = scheduler.start { Single.zip([a.single, b.single]) }
      expectEqual(arrays.events, [.next(230, [1, 2]), .completed(230)])
      let sums = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Single.zip([Single.just(1), .just(2), .just(3)]) { $0.reduce(0, +) }
      }
      expectEqual(sums.events, [.next(1200, 6), .completed(1200)])
      let empty = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        Single<Int>.zip([Single<Int>]()) { $0.count + 10 }
      }
      expectEqual(empty.events, [.next(2200, 10), .completed(2200)])
      let emptyArray = scheduler.start(created: 3100, subscribed: 3200, disposed: 4000) {
        Single<Int>.zip([Single<Int>]())
      }
      expectEqual(emptyArray.events, [.next(3200, []), .completed(3200)])
      let thrown = scheduler.start(created: 4100, subscribed: 4200, disposed: 5000) {
        Single<Int>.zip([Single<Int>]()) { _ in throw testError }
      }
      expectEqual(thrown.events, [.error(4200, testError)])
    }
  }

  // MARK: do

  @Test("do runs its handlers around the outcome and the subscription")
  func doHandlers() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
      let log = Box<[String]>([])
      let res = scheduler.start {
        xs.single.do(
          onSuccess: { value in log.mutate { $0.append("onSuccess \(value)") } },
          afterSuccess: { value in log.mutate { $0.append("afterSuccess \(value)") } },
          onError: { _ in log.mutate { $0.append("onError") } },
          onSubscribe: { log.mutate { $0.append("onSubscribe") } },
          onSubscribed: { log.mutate { $0.append("onSubscribed") } },
          onDispose: { log.mutate { $0.append("onDispose") } })
      }
      expectEqual(res.events, [.next(210, 1), .completed(210)])
      expectEqual(
        log.value, ["onSubscribe", "onSubscribed", "onSuccess 1", "afterSuccess 1", "onDispose"])

      let errors = Box<[String]>([])
      let ys = scheduler.createHotObservable([.error(1210, testError, Int.self)])
      let failed = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        ys.single.do(
          onError: { _ in errors.mutate { $0.append("onError") } },
          afterError: { _ in errors.mutate { $0.append("afterError") } })
      }
      expectEqual(failed.events, [.error(1210, testError)])
      expectEqual(errors.value, ["onError", "afterError"])
    }
  }

  @Test("do: a throwing onSuccess fails the Single; a throwing afterSuccess goes to Hooks")
  func doThrowing() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
      let res = scheduler.start { xs.single.do(onSuccess: { _ in throw testError }) }
      expectEqual(res.events, [.error(210, testError)])

      let reported = UnhandledErrors.recorder()
      let marker = TestError(id: 4242)
      let ys = scheduler.createHotObservable([.next(1210, 1), .completed(1210)])
      let after = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        ys.single.do(afterSuccess: { _ in throw marker })
      }
      expectEqual(after.events, [.next(1210, 1), .completed(1210)])
      #expect(reported.value.contains("\(marker)"))
    }
  }

  @Test("do: disposing runs onDispose once and disposes the source")
  func doDispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(300, 1), .completed(300)])
      let disposals = Box(0)
      let res = scheduler.start(disposed: 250) {
        xs.single.do(onDispose: { disposals.value += 1 })
      }
      expectEqual(res.events, [])
      expectEqual(disposals.value, 1)
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  // MARK: conversions

  @Test("asMaybe keeps the outcome; asCompletable drops the element")
  func conversions() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
      let maybe = scheduler.start { xs.single.asMaybe() }
      expectEqual(maybe.events, [.next(210, 1), .completed(210)])
      let completable = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Single.just(1).asCompletable()
      }
      expectEqual(completable.events, [.completed(1200)])
      let failed = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        Single<Int>.error(testError).asCompletable()
      }
      expectEqual(failed.events, [.error(2200, testError)])
      let failedMaybe = scheduler.start(created: 3100, subscribed: 3200, disposed: 4000) {
        Single<Int>.error(testError).asMaybe()
      }
      expectEqual(failedMaybe.events, [.error(3200, testError)])
    }
  }

  // MARK: reentrancy and release

  @Test("an observer may dispose its subscription from inside onSuccess")
  func reentrantDispose() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = subject.take(1).asSingle()
        .map { $0 * 2 }
        .flatMap { Single.just($0 + 1) }
        .subscribe(onSuccess: { value in
          received.mutate { $0.append(value) }
          subscription.value?.dispose()
        })
      subject.onNext(1)
      expectEqual(received.value, [3])
      #expect(!subject.hasObservers)
      subscription.value = nil
    }
  }

  @Test("an observer may subscribe to the same Single again from inside onSuccess")
  func reentrantSubscribe() {
    withLeakChecking {
      let received = Box<[Int]>([])
      let single = Single.just(1).map { $0 + 1 }
      let bag = Box<[any Disposable]>([])
      let first = single.subscribe(onSuccess: { value in
        received.mutate { $0.append(value) }
        let inner = single.subscribe(onSuccess: { again in received.mutate { $0.append(again) } })
        bag.mutate { $0.append(inner) }
      })
      expectEqual(received.value, [2, 2])
      first.dispose()
      bag.value = []
    }
  }

  @Test("releases the closures' captures after the outcome")
  func releasesCaptures() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      let subject = PublishSubject<Int>()
      let subscription = subject.take(1).asSingle()
        .map { [tracked] value in
          _ = tracked
          return value
        }
        .flatMap { [tracked] value in
          _ = tracked
          return Single.just(value)
        }
        .catch { [tracked] _ in
          _ = tracked
          return .just(0)
        }
        .subscribe()
      subject.onNext(1)
      _ = subscription
    }
    #expect(weakTracked == nil)
  }
}
