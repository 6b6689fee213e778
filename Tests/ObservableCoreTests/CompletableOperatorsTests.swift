import ObservableCore
import ObservableTesting
import Testing

extension TestableObservable where Element == Never {
  /// The test source as a `Completable`, so that its subscription windows are visible.
  fileprivate var completable: Completable { Completable(raw: asObservable()) }
}

@Suite("Completable operators")
struct CompletableOperatorsTests {
  // MARK: andThen

  @Test("andThen(Single) subscribes to the Single after completion and returns its outcome")
  func andThenSingle() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let work = scheduler.createHotObservable([.completed(210, Never.self)])
      let next = scheduler.createColdObservable([.next(20, 1), .completed(20)])
      let res = scheduler.start { work.completable.andThen(Single(raw: next.asObservable())) }
      expectEqual(res.events, [.next(230, 1), .completed(230)])
      expectEqual(work.subscriptions, [Subscription(200, 210)])
      expectEqual(next.subscriptions, [Subscription(210, 230)])
    }
  }

  @Test("andThen(Maybe), andThen(Completable) and andThen(Observable) chain the same way")
  func andThenOthers() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let work = scheduler.createHotObservable([.completed(210, Never.self)])
      let maybe = scheduler.createColdObservable([.completed(20, Int.self)])
      let res = scheduler.start { work.completable.andThen(Maybe(raw: maybe.asObservable())) }
      expectEqual(res.events, [.completed(230)])
      expectEqual(maybe.subscriptions, [Subscription(210, 230)])

      let second = scheduler.createColdObservable([.completed(30, Never.self)])
      let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Completable.empty().andThen(second.completable)
      }
      expectEqual(res2.events, [.completed(1230)])
      expectEqual(second.subscriptions, [Subscription(1200, 1230)])

      let elements = scheduler.createColdObservable([.next(5, 1), .next(10, 2), .completed(15)])
      let res3 = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        Completable.empty().andThen(elements.asObservable())
      }
      expectEqual(res3.events, [.next(2205, 1), .next(2210, 2), .completed(2215)])
    }
  }

  @Test("andThen: an error of the first work fails the result and the second never runs")
  func andThenError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let work = scheduler.createHotObservable([.error(210, testError, Never.self)])
      let next = scheduler.createColdObservable([.next(20, 1), .completed(20)])
      let res = scheduler.start { work.completable.andThen(Single(raw: next.asObservable())) }
      expectEqual(res.events, [.error(210, testError)])
      expectEqual(next.subscriptions, [])

      let failing = scheduler.createColdObservable([.error(10, testError, Int.self)])
      let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Completable.empty().andThen(failing.asObservable())
      }
      expectEqual(res2.events, [.error(1210, testError)])
    }
  }

  @Test("andThen releases the finished first work while the second runs, for every trait")
  func andThenReleasesFinishedWork() {
    withLeakChecking {
      let seconds: [(Completable) -> any Disposable] = [
        { $0.andThen(Single<Int>.never()).subscribe() },
        { $0.andThen(Maybe<Int>.never()).subscribe() },
        { $0.andThen(Completable.never()).subscribe() },
        { $0.andThen(Observable<Int>.never()).subscribe() },
        { Completable.concat([$0, .never()]).subscribe() },
      ]
      for second in seconds {
        let probe = CaptureProbe()
        let trigger = PublishSubject<Int>()
        let running = second(probe.completable(completingWith: trigger))
        #expect(!probe.isReleased)
        trigger.onCompleted()
        #expect(probe.isReleased)
        running.dispose()

        let synchronous = CaptureProbe()
        let alsoRunning = second(synchronous.completable())
        #expect(synchronous.isReleased)
        alsoRunning.dispose()
      }
    }
  }

  @Test("andThen: disposing disposes the first work, or the second once it runs")
  func andThenDispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let work = scheduler.createHotObservable([.completed(300, Never.self)])
      let next = scheduler.createColdObservable([.next(20, 1), .completed(20)])
      let res = scheduler.start(disposed: 250) {
        work.completable.andThen(Single(raw: next.asObservable()))
      }
      expectEqual(res.events, [])
      expectEqual(work.subscriptions, [Subscription(200, 250)])
      expectEqual(next.subscriptions, [])

      let work2 = scheduler.createHotObservable([.completed(1210, Never.self)])
      let slow = scheduler.createColdObservable([.next(100, 1), .completed(100)])
      let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 1250) {
        work2.completable.andThen(slow.asObservable())
      }
      expectEqual(res2.events, [])
      expectEqual(slow.subscriptions, [Subscription(1210, 1250)])
    }
  }

  // MARK: catch and retry

  @Test("catch continues with the handler's Completable; retry resubscribes")
  func catchAndRetry() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let work = scheduler.createHotObservable([.error(210, testError, Never.self)])
      let fallback = scheduler.createColdObservable([.completed(10, Never.self)])
      let res = scheduler.start { work.completable.catch { _ in fallback.completable } }
      expectEqual(res.events, [.completed(220)])
      expectEqual(fallback.subscriptions, [Subscription(210, 220)])

      let cold = scheduler.createColdObservable([.error(10, testError, Never.self)])
      let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        cold.completable.retry(2)
      }
      expectEqual(res2.events, [.error(1220, testError)])
      expectEqual(cold.subscriptions, [Subscription(1200, 1210), Subscription(1210, 1220)])

      let attempts = Box(0)
      let flaky = Completable.create { observer in
        attempts.value += 1
        observer(attempts.value < 3 ? .error(testError) : .completed)
        return Disposables.create()
      }
      let res3 = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        flaky.retry()
      }
      expectEqual(res3.events, [.completed(2200)])
      expectEqual(attempts.value, 3)

      let res4 = scheduler.start(created: 3100, subscribed: 3200, disposed: 4000) {
        Completable.error(testError).retry(when: { (errors: Observable<TestError>) in
          errors.map { _ in throw TestError(id: 5) }
        })
      }
      expectEqual(res4.events, [.error(3200, TestError(id: 5))])
    }
  }

  // MARK: zip, merge, concat

  @Test("zip and merge complete when every Completable has completed")
  func zipAndMerge() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createHotObservable([.completed(210, Never.self)])
      let b = scheduler.createHotObservable([.completed(230, Never.self)])
      let zipped = scheduler.start { Completable.zip(a.completable, b.completable) }
      expectEqual(zipped.events, [.completed(230)])
      expectEqual(a.subscriptions, [Subscription(200, 210)])
      expectEqual(b.subscriptions, [Subscription(200, 230)])

      let merged = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Completable.merge(Completable.empty(), Completable.empty())
      }
      expectEqual(merged.events, [.completed(1200)])
      let mergedArray = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        Completable.merge([Completable.empty()])
      }
      expectEqual(mergedArray.events, [.completed(2200)])
      let zippedArray = scheduler.start(created: 3100, subscribed: 3200, disposed: 4000) {
        Completable.zip([Completable]())
      }
      expectEqual(zippedArray.events, [.completed(3200)])
      let zippedCollection = scheduler.start(created: 4100, subscribed: 4200, disposed: 5000) {
        Completable.zip([Completable.empty(), .empty()][...])
      }
      expectEqual(zippedCollection.events, [.completed(4200)])
      let mergedCollection = scheduler.start(created: 5100, subscribed: 5200, disposed: 6000) {
        Completable.merge([Completable.empty(), .empty()][...])
      }
      expectEqual(mergedCollection.events, [.completed(5200)])
    }
  }

  @Test("zip and merge fail at the first error and dispose the others")
  func zipAndMergeError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createHotObservable([.error(220, testError, Never.self)])
      let b = scheduler.createHotObservable([.completed(300, Never.self)])
      let res = scheduler.start { Completable.zip([a.completable, b.completable]) }
      expectEqual(res.events, [.error(220, testError)])
      expectEqual(b.subscriptions, [Subscription(200, 220)])

      let c = scheduler.createHotObservable([.error(1220, testError, Never.self)])
      let d = scheduler.createHotObservable([.completed(1300, Never.self)])
      let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Completable.merge(c.completable, d.completable)
      }
      expectEqual(res2.events, [.error(1220, testError)])
      expectEqual(d.subscriptions, [Subscription(1200, 1220)])
    }
  }

  @Test("concat runs the Completables one after another and stops at an error")
  func concat() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createColdObservable([.completed(10, Never.self)])
      let b = scheduler.createColdObservable([.completed(20, Never.self)])
      let res = scheduler.start { Completable.concat(a.completable, b.completable) }
      expectEqual(res.events, [.completed(230)])
      expectEqual(a.subscriptions, [Subscription(200, 210)])
      expectEqual(b.subscriptions, [Subscription(210, 230)])

      let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Completable.concat([a.completable, b.completable])
      }
      expectEqual(res2.events, [.completed(1230)])
      let res3 = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        a.completable.concat(b.completable)
      }
      expectEqual(res3.events, [.completed(2230)])
      let res4 = scheduler.start(created: 3100, subscribed: 3200, disposed: 4000) {
        Completable.concat(AnySequence([a.completable, b.completable]))
      }
      expectEqual(res4.events, [.completed(3230)])

      let failing = scheduler.createColdObservable([.error(10, testError, Never.self)])
      let never = scheduler.createColdObservable([.completed(10, Never.self)])
      let res5 = scheduler.start(created: 4100, subscribed: 4200, disposed: 5000) {
        Completable.concat(failing.completable, never.completable)
      }
      expectEqual(res5.events, [.error(4210, testError)])
      expectEqual(never.subscriptions, [])
    }
  }

  @Test("concat: disposing disposes the running Completable")
  func concatDispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createColdObservable([.completed(10, Never.self)])
      let b = scheduler.createColdObservable([.completed(100, Never.self)])
      let res = scheduler.start(disposed: 250) { Completable.concat(a.completable, b.completable) }
      expectEqual(res.events, [])
      expectEqual(b.subscriptions, [Subscription(210, 250)])
    }
  }

  // MARK: do

  @Test("do runs its handlers around the outcome and the subscription")
  func doHandlers() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let work = scheduler.createHotObservable([.completed(210, Never.self)])
      let log = Box<[String]>([])
      let res = scheduler.start {
        work.completable.do(
          onError: { _ in log.mutate { $0.append("onError") } },
          onCompleted: { log.mutate { $0.append("onCompleted") } },
          afterCompleted: { log.mutate { $0.append("afterCompleted") } },
          onSubscribe: { log.mutate { $0.append("onSubscribe") } },
          onSubscribed: { log.mutate { $0.append("onSubscribed") } },
          onDispose: { log.mutate { $0.append("onDispose") } })
      }
      expectEqual(res.events, [.completed(210)])
      expectEqual(
        log.value,
        [
          "onSubscribe", "onSubscribed", "onCompleted", "afterCompleted", "onDispose",
        ])

      let errors = Box<[String]>([])
      let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Completable.error(testError).do(
          onError: { _ in errors.mutate { $0.append("onError") } },
          afterError: { _ in errors.mutate { $0.append("afterError") } })
      }
      expectEqual(res2.events, [.error(1200, testError)])
      expectEqual(errors.value, ["onError", "afterError"])

      let res3 = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        Completable.empty().do(onCompleted: { throw testError })
      }
      expectEqual(res3.events, [.error(2200, testError)])
    }
  }

  // MARK: reentrancy and release

  @Test("an observer may dispose its subscription from inside onCompleted")
  func reentrantDispose() {
    withLeakChecking {
      let subject = PublishSubject<Never>()
      let completions = Box(0)
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = subject.asCompletable()
        .andThen(Completable.empty())
        .subscribe(onCompleted: {
          completions.value += 1
          subscription.value?.dispose()
        })
      subject.onCompleted()
      expectEqual(completions.value, 1)
      #expect(!subject.hasObservers)
      subscription.value = nil
    }
  }

  @Test("releases the closures' captures after the outcome")
  func releasesCaptures() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      let subject = PublishSubject<Never>()
      let subscription = subject.asCompletable()
        .catch { [tracked] _ in
          _ = tracked
          return .empty()
        }
        .do(onCompleted: { [tracked] in _ = tracked })
        .andThen(Single.just(1))
        .subscribe()
      subject.onError(testError)
      _ = subscription
    }
    #expect(weakTracked == nil)
  }
}
