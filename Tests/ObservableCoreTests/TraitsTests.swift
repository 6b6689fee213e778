import Dispatch
import ObservableCore
import ObservableTesting
import Testing

@Suite("Single")
struct SingleTests {
  @Test("create: the first outcome counts, then the disposable runs once")
  func create() {
    withLeakChecking {
      let disposals = Box(0)
      let results = Box<[String]>([])
      let single = Single<Int>.create { single in
        single(.success(1))
        single(.success(2))
        single(.failure(testError))
        return Disposables.create { disposals.value += 1 }
      }
      _ = single.subscribe { result in
        switch result {
        case .success(let value): results.mutate { $0.append("success \(value)") }
        case .failure: results.mutate { $0.append("failure") }
        }
      }
      expectEqual(results.value, ["success 1"])
      expectEqual(disposals.value, 1)
    }
  }

  @Test("SingleEvent is a Result")
  func singleEventIsResult() {
    let event: SingleEvent<Int> = .success(1)
    let result: Result<Int, any Error> = event
    expectEqual((try? result.get()), 1)
  }

  @Test("subscribe(onSuccess:onFailure:onDisposed:) reports one outcome, then disposal")
  func subscribeHandlers() {
    withLeakChecking {
      let log = Box<[String]>([])
      _ = Single.just(1).subscribe(
        onSuccess: { value in log.mutate { $0.append("success \(value)") } },
        onFailure: { _ in log.mutate { $0.append("failure") } },
        onDisposed: { log.mutate { $0.append("disposed") } })
      _ = Single<Int>.error(testError).subscribe(
        onSuccess: { value in log.mutate { $0.append("success \(value)") } },
        onFailure: { error in
          log.mutate { $0.append("failure \(error as? TestError == testError)") }
        },
        onDisposed: { log.mutate { $0.append("disposed") } })
      expectEqual(log.value, ["success 1", "disposed", "failure true", "disposed"])
    }
  }

  @Test("disposing before the outcome runs the create disposable and drops the outcome")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let cancelled = Box(false)
      let res = scheduler.start(disposed: 250) {
        Single<Int>.create { single in
          scheduler.scheduleAt(300) { single(.success(1)) }
          return Disposables.create { cancelled.value = true }
        }
      }
      scheduler.start()
      expectEqual(res.events, [])
      #expect(cancelled.value)
    }
  }

  @Test("an outcome sent from another thread, or reentrantly, is delivered once")
  func reentrantOutcome() {
    withLeakChecking {
      let results = Box<[Int]>([])
      let holder = Box<(@Sendable (SingleEvent<Int>) -> Void)?>(nil)
      let single = Single<Int>.create { single in
        holder.value = single
        return Disposables.create()
      }
      _ = single.subscribe(onSuccess: { value in
        results.mutate { $0.append(value) }
        holder.value?(.success(value + 1))
      })
      holder.value?(.success(1))
      expectEqual(results.value, [1])
      holder.value = nil
    }
  }

  @Test("two outcomes racing on two threads: exactly one is delivered")
  func racingOutcomes() {
    for _ in 0..<200 {
      let results = Box<[Int]>([])
      let holder = Box<(@Sendable (SingleEvent<Int>) -> Void)?>(nil)
      let subscription = Single<Int>.create { single in
        holder.value = single
        return Disposables.create()
      }.subscribe(onSuccess: { value in results.mutate { $0.append(value) } })
      let report = holder.value
      DispatchQueue.concurrentPerform(iterations: 2) { report?(.success($0)) }
      expectEqual(results.value.count, 1)
      subscription.dispose()
      holder.value = nil
    }
  }

  @Test("never never reports")
  func neverAndError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let never = scheduler.start { Single<Int>.never() }
      expectEqual(never.events, [])
    }
  }
}

@Suite("Maybe")
struct MaybeTests {
  @Test("create: success, completion or error; only the first counts")
  func create() {
    withLeakChecking {
      let log = Box<[String]>([])
      @Sendable func record(_ event: MaybeEvent<Int>) {
        switch event {
        case .success(let value): log.mutate { $0.append("success \(value)") }
        case .error: log.mutate { $0.append("error") }
        case .completed: log.mutate { $0.append("completed") }
        }
      }
      _ = Maybe<Int>.create { maybe in
        maybe(.success(1))
        maybe(.completed)
        return Disposables.create()
      }.subscribe { record($0) }
      _ = Maybe<Int>.create { maybe in
        maybe(.completed)
        maybe(.success(2))
        return Disposables.create()
      }.subscribe { record($0) }
      _ = Maybe<Int>.create { maybe in
        maybe(.error(testError))
        maybe(.success(3))
        return Disposables.create()
      }.subscribe { record($0) }
      expectEqual(log.value, ["success 1", "completed", "error"])
    }
  }

  @Test("subscribe(onSuccess:onError:onCompleted:onDisposed:) calls onCompleted only when empty")
  func subscribeHandlers() {
    withLeakChecking {
      let log = Box<[String]>([])
      for maybe in [Maybe.just(1), .empty(), .error(testError)] {
        _ = maybe.subscribe(
          onSuccess: { value in log.mutate { $0.append("success \(value)") } },
          onError: { _ in log.mutate { $0.append("error") } },
          onCompleted: { log.mutate { $0.append("completed") } },
          onDisposed: { log.mutate { $0.append("disposed") } })
      }
      expectEqual(
        log.value, ["success 1", "disposed", "completed", "disposed", "error", "disposed"])
    }
  }

  @Test("an outcome reported from inside the observer of the first one is ignored")
  func reentrantOutcome() {
    withLeakChecking {
      let log = Box<[String]>([])
      let holder = Box<(@Sendable (MaybeEvent<Int>) -> Void)?>(nil)
      let maybe = Maybe<Int>.create { maybe in
        holder.value = maybe
        return Disposables.create()
      }
      _ = maybe.subscribe(
        onSuccess: { value in
          log.mutate { $0.append("success \(value)") }
          holder.value?(.success(value + 1))
          holder.value?(.error(testError))
        },
        onError: { _ in log.mutate { $0.append("error") } },
        onCompleted: { log.mutate { $0.append("completed") } })
      holder.value?(.success(1))
      expectEqual(log.value, ["success 1"])
      holder.value = nil
    }
  }

  @Test("disposing before the outcome runs the create disposable")
  func dispose() {
    withLeakChecking {
      let cancelled = Box(false)
      let subscription = Maybe<Int>.create { _ in
        Disposables.create { cancelled.value = true }
      }.subscribe()
      #expect(!cancelled.value)
      subscription.dispose()
      #expect(cancelled.value)
    }
  }
}

@Suite("Completable")
struct CompletableTests {
  @Test("create: completion or error; only the first counts")
  func create() {
    withLeakChecking {
      let log = Box<[String]>([])
      _ = Completable.create { completable in
        completable(.completed)
        completable(.error(testError))
        return Disposables.create()
      }.subscribe { event in
        switch event {
        case .completed: log.mutate { $0.append("completed") }
        case .error: log.mutate { $0.append("error") }
        }
      }
      _ = Completable.create { completable in
        completable(.error(testError))
        completable(.completed)
        return Disposables.create()
      }.subscribe(
        onCompleted: { log.mutate { $0.append("completed") } },
        onError: { _ in log.mutate { $0.append("error") } },
        onDisposed: { log.mutate { $0.append("disposed") } })
      expectEqual(log.value, ["completed", "error", "disposed"])
    }
  }

  @Test("empty completes, error fails, never stays silent until disposed")
  func factories() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let empty = scheduler.start { Completable.empty() }
      expectEqual(empty.events, [.completed(200)])
      let failed = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Completable.error(testError)
      }
      expectEqual(failed.events, [.error(1200, testError)])
      let never = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        Completable.never()
      }
      expectEqual(never.events, [])
    }
  }

  @Test("disposing before the outcome runs the create disposable")
  func dispose() {
    withLeakChecking {
      let cancelled = Box(false)
      let subscription = Completable.create { _ in
        Disposables.create { cancelled.value = true }
      }.subscribe()
      subscription.dispose()
      #expect(cancelled.value)
    }
  }
}

@Suite("Infallible")
struct InfallibleTests {
  @Test("create forwards elements and completion; subscribe calls onDisposed last")
  func create() {
    withLeakChecking {
      let log = Box<[String]>([])
      _ = Infallible<Int>.create { observer in
        observer(.next(1))
        observer(.completed)
        observer(.next(2))
        return Disposables.create()
      }.subscribe(
        onNext: { value in log.mutate { $0.append("next \(value)") } },
        onCompleted: { log.mutate { $0.append("completed") } },
        onDisposed: { log.mutate { $0.append("disposed") } })
      expectEqual(log.value, ["next 1", "completed", "disposed"])
    }
  }

  @Test("just, empty and never")
  func factories() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let just = scheduler.start { Infallible.just(1) }
      expectEqual(just.events, [.next(200, 1), .completed(200)])
      let empty = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Infallible<Int>.empty()
      }
      expectEqual(empty.events, [.completed(1200)])
      let never = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        Infallible<Int>.never()
      }
      expectEqual(never.events, [])
    }
  }

  @Test("disposing runs the create disposable")
  func dispose() {
    withLeakChecking {
      let cancelled = Box(false)
      let subscription = Infallible<Int>.create { _ in
        Disposables.create { cancelled.value = true }
      }.subscribe()
      subscription.dispose()
      #expect(cancelled.value)
    }
  }
}

@Suite("trait conversions")
struct TraitConversionTests {
  @Test("asSingle: the only element; noElements when empty; moreThanOneElement at once")
  func asSingle() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let one = scheduler.createHotObservable([.next(210, 1), .completed(220)])
      let res = scheduler.start { one.asSingle() }
      expectEqual(res.events, [.next(220, 1), .completed(220)])
      expectEqual(one.subscriptions, [Subscription(200, 220)])

      let empty = scheduler.createHotObservable([.completed(1220, Int.self)])
      let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        empty.asSingle()
      }
      expectEqual(res2.events, [.error(1220, RxError.noElements)])

      let two = scheduler.createHotObservable([.next(2210, 1), .next(2220, 2), .completed(2300)])
      let res3 = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        two.asSingle()
      }
      expectEqual(res3.events, [.error(2220, RxError.moreThanOneElement)])
      expectEqual(two.subscriptions, [Subscription(2200, 2220)])

      let failing = scheduler.createHotObservable([.next(3210, 1), .error(3220, testError)])
      let res4 = scheduler.start(created: 3100, subscribed: 3200, disposed: 4000) {
        failing.asSingle()
      }
      expectEqual(res4.events, [.error(3220, testError)])

      let slow = scheduler.createHotObservable([.next(4300, 1), .completed(4300)])
      let res5 = scheduler.start(created: 4100, subscribed: 4200, disposed: 4250) {
        slow.asSingle()
      }
      expectEqual(res5.events, [])
      expectEqual(slow.subscriptions, [Subscription(4200, 4250)])
    }
  }

  @Test("asMaybe: the only element, or empty; moreThanOneElement at once")
  func asMaybe() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let empty = scheduler.createHotObservable([.completed(220, Int.self)])
      let res = scheduler.start { empty.asMaybe() }
      expectEqual(res.events, [.completed(220)])
      let one = scheduler.createHotObservable([.next(1210, 1), .completed(1220)])
      let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        one.asMaybe()
      }
      expectEqual(res2.events, [.next(1220, 1), .completed(1220)])
      let two = scheduler.createHotObservable([.next(2210, 1), .next(2220, 2), .completed(2300)])
      let res3 = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        two.asMaybe()
      }
      expectEqual(res3.events, [.error(2220, RxError.moreThanOneElement)])
      expectEqual(two.subscriptions, [Subscription(2200, 2220)])
    }
  }

  @Test("first: the first element at once, or nil when empty; errors pass through")
  func first() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
      let res = scheduler.start { xs.first() }
      expectEqual(res.events, [.next(210, 1), .completed(210)])
      expectEqual(xs.subscriptions, [Subscription(200, 210)])
      let empty = scheduler.createHotObservable([.completed(1220, Int.self)])
      let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        empty.first()
      }
      expectEqual(res2.events, [.next(1220, nil), .completed(1220)])
      let failing = scheduler.createHotObservable([.error(2220, testError, Int.self)])
      let res3 = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        failing.first()
      }
      expectEqual(res3.events, [.error(2220, testError)])
    }
  }

  @Test("asCompletable: the outcome of a sequence without elements")
  func asCompletable() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.completed(220, Never.self)])
      let res = scheduler.start { xs.asCompletable() }
      expectEqual(res.events, [.completed(220)])
      let failing = scheduler.createHotObservable([.error(1220, testError, Never.self)])
      let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        failing.asCompletable()
      }
      expectEqual(res2.events, [.error(1220, testError)])
    }
  }

  @Test("asInfallible(onErrorJustReturn:) replaces an error with one element")
  func asInfallible() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
      let res = scheduler.start { xs.asInfallible(onErrorJustReturn: 0) }
      expectEqual(res.events, [.next(210, 1), .next(220, 0), .completed(220)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
      let ys = scheduler.createHotObservable([.next(1210, 1), .completed(1220)])
      let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        ys.asInfallible(onErrorJustReturn: 0)
      }
      expectEqual(res2.events, [.next(1210, 1), .completed(1220)])
      let zs = scheduler.createHotObservable([.next(2210, 1), .next(2300, 2)])
      let res3 = scheduler.start(created: 2100, subscribed: 2200, disposed: 2250) {
        zs.asInfallible(onErrorJustReturn: 0)
      }
      expectEqual(res3.events, [.next(2210, 1)])
      expectEqual(zs.subscriptions, [Subscription(2200, 2250)])
    }
  }

  @Test("conversions let an observer dispose from inside its handler, and release")
  func reentrancyAndRelease() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      let subject = PublishSubject<Int>()
      let received = Box<[Int?]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = subject.map { [tracked] value in
        _ = tracked
        return value
      }.first().subscribe(onSuccess: { value in
        received.mutate { $0.append(value) }
        subscription.value?.dispose()
        subject.onNext(99)
      })
      subject.onNext(1)
      expectEqual(received.value, [1])
      #expect(!subject.hasObservers)
      subscription.value = nil
    }
    #expect(weakTracked == nil)
  }
}
