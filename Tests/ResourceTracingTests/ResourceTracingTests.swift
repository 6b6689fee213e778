import AsyncBridge
import Dispatch
import ObservableCocoa
import ObservableCore
import ObservableTesting
import XCTest

// RxSwift's resource tracing, checked the way RxSwift's own tests and its users check it: an
// XCTest case reads `Resources.total` when it starts and expects the same number once it is
// over. XCTest runs these one at a time, in a process of their own (Swift Testing's tests run
// in another), so nothing else moves the process-wide total meanwhile.
//
// Run with the trait: `swift test --traits TraceResources --filter ResourceTracingTests`.
// Without it, only the check that nothing of it is compiled in runs.

#if TRACE_RESOURCES

  private struct TracingError: Error {}

  /// Reads `Resources.total` before each test and, after it, waits for asynchronous clean-up
  /// (at most 10 s, polling) and checks that the total came back to where it was.
  class ResourceBalanceTestCase: XCTestCase {
    private var startTotal: Int32 = 0

    override func setUp() {
      super.setUp()
      startTotal = Resources.total
    }

    override func tearDown() {
      XCTAssertTrue(
        waitForTotal(toReturnTo: startTotal),
        "Resources.total is \(Resources.total), was \(startTotal) when the test started")
      super.tearDown()
    }

    /// Polls until `Resources.total` equals `start`, for at most 10 seconds.
    func waitForTotal(toReturnTo start: Int32) -> Bool {
      let deadline = DispatchTime.now() + .seconds(10)
      while Resources.total != start {
        guard DispatchTime.now() < deadline else { return false }
        RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.002))
      }
      return true
    }
  }

  final class ResourceTracingTests: ResourceBalanceTestCase {
    // MARK: The counter itself

    func testCountsLiveObservablesSubscriptionsAndDisposables() {
      let start = Resources.total
      let subject = PublishSubject<Int>()
      let afterSubject = Resources.total
      XCTAssertGreaterThan(afterSubject, start, "a subject is counted, as in RxSwift")
      let subscription = subject.map { $0 + 1 }.subscribe(onNext: { _ in })
      XCTAssertGreaterThan(Resources.total, afterSubject, "a subscription is counted")
      subscription.dispose()
    }

    func testIncrementAndDecrementTotal() {
      let start = Resources.total
      XCTAssertEqual(Resources.incrementTotal(), start + 1)
      XCTAssertEqual(Resources.total, start + 1)
      XCTAssertEqual(Resources.decrementTotal(), start)
    }

    func testCatchesADeliberateLeak() {
      let start = Resources.total
      // The subscription is never disposed, and the subject never terminates: a leak.
      var leaked: (subject: PublishSubject<Int>, subscription: any Disposable)? = {
        let subject = PublishSubject<Int>()
        return (subject, subject.subscribe(onNext: { _ in }))
      }()
      XCTAssertFalse(waitForTotal(toReturnTo: start, within: .milliseconds(50)))
      XCTAssertGreaterThan(Resources.total, start)
      // Cleaning up is what brings the total back; tearDown checks it.
      leaked?.subscription.dispose()
      leaked = nil
    }

    func testALeakedSubscriptionKeepsTheTotalUp() {
      let start = Resources.total
      let bag: DisposeBag? = DisposeBag()
      var source: BehaviorRelay<Int>? = BehaviorRelay(value: 0)
      source?.map { $0 * 2 }.subscribe(onNext: { _ in }).disposed(by: bag!)
      source = nil
      // The bag still holds the subscription, which holds the relay.
      XCTAssertGreaterThan(Resources.total, start)
      _ = bag
    }

    // MARK: Operator families

    func testCreationAndTransformation() {
      _ = Observable.of(1, 2, 3).map { $0 * 2 }.filter { $0 > 2 }.compactMap { $0 }.subscribe()
      _ = Observable.just(1).scan(0, accumulator: +).toArray().subscribe()
      _ = Observable<Int>.empty().subscribe()
      _ = Observable<Int>.error(TracingError()).subscribe(onError: { _ in })
      Observable<Int>.never().subscribe().dispose()
      _ = Observable.range(start: 0, count: 10).take(3).skip(1).subscribe()
      _ = Observable.repeatElement(1).take(5).subscribe()
      _ = Observable.generate(initialState: 0, condition: { $0 < 5 }, iterate: { $0 + 1 })
        .subscribe()
      _ = Observable.deferred { Observable.just(1) }.subscribe()
      _ = Observable<Int>.create { observer in
        observer.onNext(1)
        observer.onCompleted()
        return Disposables.create {}
      }.subscribe()
      _ = Observable.of(1, 1, 2).distinctUntilChanged().enumerated().materialize()
        .dematerialize().subscribe()
      _ = Observable.of(1, 2).groupBy { $0 % 2 }.flatMap { $0 }.subscribe()
      _ = Observable.using({ BooleanDisposable() }, observableFactory: { _ in Observable.just(1) })
        .subscribe()
    }

    func testSubjectsAndRelays() {
      let publish = PublishSubject<Int>()
      let behavior = BehaviorSubject(value: 0)
      let replay = ReplaySubject<Int>.create(bufferSize: 2)
      let async = AsyncSubject<Int>()
      let relay = BehaviorRelay(value: 0)
      let bag = DisposeBag()
      for subject in [publish.asObservable(), behavior.asObservable(), replay.asObservable()] {
        subject.subscribe(onNext: { _ in }, onError: { _ in }).disposed(by: bag)
      }
      async.subscribe().disposed(by: bag)
      relay.subscribe(onNext: { _ in }).disposed(by: bag)
      publish.onNext(1)
      behavior.onNext(1)
      replay.onNext(1)
      async.onNext(1)
      relay.accept(1)
      publish.onCompleted()
      behavior.onError(TracingError())
      replay.dispose()
      async.onCompleted()
    }

    func testCombining() {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      let bag = DisposeBag()
      Observable.combineLatest(a, b).subscribe(onError: { _ in }).disposed(by: bag)
      Observable.zip(a, b).subscribe(onError: { _ in }).disposed(by: bag)
      a.withLatestFrom(b).subscribe(onError: { _ in }).disposed(by: bag)
      Observable.merge(a, b).subscribe(onError: { _ in }).disposed(by: bag)
      Observable.concat(a, b).subscribe(onError: { _ in }).disposed(by: bag)
      a.startWith(0).subscribe(onError: { _ in }).disposed(by: bag)
      Observable.amb([a, b]).subscribe(onError: { _ in }).disposed(by: bag)
      a.take(until: b).subscribe(onError: { _ in }).disposed(by: bag)
      a.skip(until: b).subscribe(onError: { _ in }).disposed(by: bag)
      a.sample(b).subscribe(onError: { _ in }).disposed(by: bag)
      a.onNext(1)
      b.onNext(2)
      a.onError(TracingError())
    }

    func testFlattening() {
      let outer = PublishSubject<Observable<Int>>()
      let bag = DisposeBag()
      outer.switchLatest().subscribe().disposed(by: bag)
      outer.merge().subscribe().disposed(by: bag)
      outer.concat().subscribe().disposed(by: bag)
      Observable.of(1, 2).flatMap { Observable.just($0) }.subscribe().disposed(by: bag)
      Observable.of(1, 2).flatMapLatest { _ in Observable<Int>.never() }.subscribe()
        .disposed(by: bag)
      Observable.of(1, 2).flatMapFirst { Observable.just($0) }.subscribe().disposed(by: bag)
      Observable.of(1, 2).concatMap { Observable.just($0) }.subscribe().disposed(by: bag)
      outer.onNext(.just(1))
      outer.onNext(.never())
      outer.onCompleted()
    }

    func testSharing() {
      let source = Observable.of(1, 2, 3)
      _ = source.share(replay: 1).subscribe()
      _ = source.share(replay: 1, scope: .forever).subscribe()
      _ = source.publish().refCount().subscribe()
      let connectable = source.replay(2)
      let subscription = connectable.subscribe()
      connectable.connect().dispose()
      subscription.dispose()
      let multicast = Observable<Int>.error(TracingError()).multicast { PublishSubject<Int>() }
      _ = multicast.subscribe(onError: { _ in })
      _ = multicast.connect()
    }

    func testErrorHandling() {
      let failing = Observable<Int>.error(TracingError())
      _ = failing.catch { _ in .just(1) }.subscribe()
      _ = failing.catchAndReturn(1).subscribe()
      _ = failing.retry(3).subscribe(onError: { _ in })
      _ = failing.retry(when: { errors in errors.take(2) }).subscribe()
      _ = Observable.catch(sequence: [failing, .just(1)]).subscribe()
      _ = failing.materialize().subscribe()
    }

    func testTimeOperatorsOnVirtualTime() {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(400, 3), .completed(500),
      ])
      _ = scheduler.start { xs.debounce(.seconds(5), scheduler: scheduler) }
      let operators: [@Sendable (Observable<Int>) -> Observable<Int>] = [
        { $0.throttle(.seconds(5), scheduler: scheduler) },
        { $0.delay(.seconds(5), scheduler: scheduler) },
        { $0.timeout(.seconds(50), scheduler: scheduler) },
        { $0.delaySubscription(.seconds(5), scheduler: scheduler) },
        { $0.observe(on: scheduler) },
        { $0.subscribe(on: scheduler) },
        { $0.take(for: .seconds(100), scheduler: scheduler) },
        { $0.skip(for: .seconds(10), scheduler: scheduler) },
        { $0.buffer(timeSpan: .seconds(30), count: 2, scheduler: scheduler).map { $0.count } },
        { $0.window(timeSpan: .seconds(30), count: 2, scheduler: scheduler).flatMap { $0 } },
        { _ in Observable<Int>.interval(.seconds(10), scheduler: scheduler).take(3) },
        { _ in Observable<Int>.timer(.seconds(10), scheduler: scheduler) },
      ]
      for op in operators {
        let local = TestScheduler(initialClock: 0)
        _ = local.start { op(xs.asObservable()) }
      }
      // Disposed before anything is due.
      let early = TestScheduler(initialClock: 0)
      _ = early.start(disposed: 205) { xs.delay(.seconds(50), scheduler: early) }
    }

    func testRealSchedulers() {
      let done = expectation(description: "delivered on queues")
      done.expectedFulfillmentCount = 3
      let serial = SerialDispatchQueueScheduler(qos: .default)
      let concurrent = ConcurrentDispatchQueueScheduler(qos: .default)
      let operations = OperationQueueScheduler(operationQueue: OperationQueue())
      _ = Observable.of(1, 2).observe(on: serial).subscribe(onCompleted: { done.fulfill() })
      _ = Observable<Int>.timer(.milliseconds(5), scheduler: concurrent)
        .subscribe(onCompleted: { done.fulfill() })
      _ = Observable.of(1).subscribe(on: operations).subscribe(onCompleted: { done.fulfill() })
      wait(for: [done], timeout: 30)
      // A timer disposed before it fires.
      Observable<Int>.timer(.seconds(60), scheduler: concurrent).subscribe().dispose()
    }

    func testTraits() {
      _ = Single.just(1).map { $0 + 1 }.flatMap { Single.just($0) }.subscribe()
      _ = Single<Int>.error(TracingError()).catchAndReturn(1).subscribe()
      _ = Maybe<Int>.empty().ifEmpty(default: 1).subscribe()
      _ = Completable.empty().andThen(Single.just(1)).subscribe()
      _ = Infallible.just(1).map { $0 }.subscribe(onNext: { _ in })
      let scheduler = TestScheduler(initialClock: 0)
      _ = scheduler.start { Single.just(1).observe(on: scheduler) }
    }

    func testCocoaTraits() {
      let relay = BehaviorRelay(value: 1)
      let disposable = relay.asDriver().map { $0 * 2 }.drive(onNext: { _ in })
      let signal = PublishRelay<Int>().asSignal().emit(onNext: { _ in })
      disposable.dispose()
      signal.dispose()
      _ = Observable.of(1).asDriver(onErrorJustReturn: 0).drive(onNext: { _ in })
    }

    func testBridgeToAsync() async throws {
      var seen: [Int] = []
      for try await value in Observable.of(1, 2, 3).values { seen.append(value) }
      XCTAssertEqual(seen, [1, 2, 3])
      // Leaving the loop early disposes the subscription.
      for try await _ in Observable<Int>.interval(
        .milliseconds(1), scheduler: ConcurrentDispatchQueueScheduler(qos: .default)
      ).values {
        break
      }
      let single = try await Single.just(7).value
      XCTAssertEqual(single, 7)
    }

    func testBridgeFromAsync() {
      let done = expectation(description: "completed")
      let stream = AsyncStream<Int> { continuation in
        continuation.yield(1)
        continuation.finish()
      }
      _ = stream.asObservable().subscribe(onCompleted: { done.fulfill() })
      wait(for: [done], timeout: 30)
      // Disposed while the task waits.
      let never = AsyncStream<Int> { _ in }
      never.asObservable().subscribe().dispose()
    }

    func testDisposables() {
      let composite = CompositeDisposable()
      _ = composite.insert(Disposables.create {})
      composite.dispose()
      let serial = SerialDisposable()
      serial.disposable = BooleanDisposable()
      serial.disposable = Disposables.create()
      serial.dispose()
      let single = SingleAssignmentDisposable()
      single.setDisposable(BooleanDisposable())
      single.dispose()
      let refCount = RefCountDisposable(disposable: BooleanDisposable())
      let retained = refCount.retain()
      refCount.dispose()
      retained.dispose()
      var bag = DisposeBag()
      Observable<Int>.never().subscribe().disposed(by: bag)
      bag = DisposeBag()
      _ = bag
    }
  }

  extension ResourceBalanceTestCase {
    /// Polls until `Resources.total` equals `start`, for at most `duration`.
    func waitForTotal(toReturnTo start: Int32, within duration: DispatchTimeInterval) -> Bool {
      let deadline = DispatchTime.now() + duration
      while Resources.total != start {
        guard DispatchTime.now() < deadline else { return false }
        RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.002))
      }
      return true
    }
  }

  /// Shapes from RxSwift's own tests that leave a subscription undisposed.
  ///
  /// RxSwift's total returns to its start once the objects are released, and so must this
  /// one. Each test builds its objects in a function, so that they are released when it
  /// returns, before tearDown reads the total.
  final class ReleasedWithoutDisposeTests: ResourceBalanceTestCase {
    func testPublishRelayBoundTo() {
      func run() {
        let relay = PublishRelay<Int>()
        let received = _Mutex<[Int]>([])
        _ = relay.subscribe(onNext: { value in received.withLock { $0.append(value) } })
        _ = Observable.just(1).bind(to: relay)
        XCTAssertEqual(received.withLock { $0 }, [1])
      }
      run()
    }

    func testReplayRelayBoundTo() {
      func run() {
        let relay = ReplayRelay<Int>.create(bufferSize: 1)
        let received = _Mutex<[Int]>([])
        _ = relay.subscribe(onNext: { value in received.withLock { $0.append(value) } })
        _ = Observable.just(1).bind(to: relay)
        XCTAssertEqual(received.withLock { $0 }, [1])
      }
      run()
    }

    func testReplaySubjectSubscribedWithoutEvents() {
      func run() {
        let subject = ReplaySubject<Int>.create(bufferSize: 3)
        _ = subject.subscribe(onNext: { _ in })
      }
      run()
    }

    func testReplayAllConnectedAndSubscribed() {
      func run() {
        let replayed = Observable.just(1).replayAll()
        _ = replayed.connect()
        let received = _Mutex<[Int]>([])
        _ = replayed.subscribe(onNext: { value in received.withLock { $0.append(value) } })
        // As in RxSwift, the connection's completion releases its subject, and a subscriber
        // that comes later gets a new one.
        XCTAssertEqual(received.withLock { $0 }, [])
      }
      run()
    }

    func testRelayAsInfallibleSubscribed() {
      func run() {
        let behavior = BehaviorRelay(value: 0)
        let publish = PublishRelay<Int>()
        let replay = ReplayRelay<Int>.create(bufferSize: 1)
        let received = _Mutex<[Int]>([])
        _ = behavior.asInfallible().subscribe(onNext: { value in
          received.withLock { $0.append(value) }
        })
        _ = publish.asInfallible().subscribe(onNext: { value in
          received.withLock { $0.append(value) }
        })
        _ = replay.asInfallible().subscribe(onNext: { value in
          received.withLock { $0.append(value) }
        })
        publish.accept(1)
        replay.accept(2)
        XCTAssertEqual(received.withLock { $0 }, [0, 1, 2])
      }
      run()
    }
  }

#else

  /// Without the trait, nothing of RxSwift's resource tracing is compiled in.
  final class ResourceTracingTests: XCTestCase {
    func testTotalKeepsRxSwiftsType() {
      let total: Int32 = Resources.total
      XCTAssertGreaterThanOrEqual(total, 0)
    }
  }

#endif
