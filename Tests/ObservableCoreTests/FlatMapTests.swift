import Dispatch
import ObservableCore
import ObservableTesting
import Testing

@Suite("flatMap")
struct FlatMapTests {
  @Test("merges every inner and completes after the outer and all inners complete")
  func mergesInners() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 9), .next(210, 0), .next(240, 1), .completed(300),
      ])
      let inners = [
        scheduler.createColdObservable([.next(10, 1), .next(50, 2), .completed(70)]),
        scheduler.createColdObservable([.next(10, 3), .next(30, 4), .completed(100)]),
      ]
      let res = scheduler.start { xs.flatMap { inners[$0] } }
      expectEqual(
        res.events,
        [
          .next(220, 1), .next(250, 3), .next(260, 2), .next(270, 4), .completed(340),
        ])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
      expectEqual(inners[0].subscriptions, [Subscription(210, 280)])
      expectEqual(inners[1].subscriptions, [Subscription(240, 340)])
    }
  }

  @Test("completes when the outer completes after every inner has completed")
  func outerCompletesLast() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 0), .completed(400)])
      let inner = scheduler.createColdObservable([.next(10, 1), .completed(20)])
      let res = scheduler.start { xs.flatMap { _ in inner } }
      expectEqual(res.events, [.next(220, 1), .completed(400)])
    }
  }

  @Test("subscribes the same cold inner once per outer element")
  func resubscribesInner() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 0), .next(215, 0), .completed(300)])
      let inner = scheduler.createColdObservable([.next(10, 7), .completed(20)])
      let res = scheduler.start { xs.flatMap { _ in inner } }
      expectEqual(res.events, [.next(220, 7), .next(225, 7), .completed(300)])
      expectEqual(inner.subscriptions, [Subscription(210, 230), Subscription(215, 235)])
    }
  }

  @Test("an inner error fails the result and disposes the outer and the other inners")
  func innerError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 0), .next(220, 1), .completed(400)])
      let inners = [
        scheduler.createColdObservable([.next(10, 1), .next(100, 2)]),
        scheduler.createColdObservable([.next(5, 3), .error(30, testError)]),
      ]
      let res = scheduler.start { xs.flatMap { inners[$0] } }
      expectEqual(res.events, [.next(220, 1), .next(225, 3), .error(250, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
      expectEqual(inners[0].subscriptions, [Subscription(210, 250)])
      expectEqual(inners[1].subscriptions, [Subscription(220, 250)])
    }
  }

  @Test("an outer error fails the result and disposes the inners")
  func outerError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 0), .error(240, testError)])
      let inner = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
      let res = scheduler.start { xs.flatMap { _ in inner } }
      expectEqual(res.events, [.next(220, 1), .error(240, testError)])
      expectEqual(inner.subscriptions, [Subscription(210, 240)])
    }
  }

  @Test("a throwing selector fails the result and disposes everything")
  func throwingSelector() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 0), .next(250, 1), .completed(400)])
      let inner = scheduler.createColdObservable([.next(10, 5), .next(100, 6)])
      let res = scheduler.start {
        xs.flatMap { value -> TestableObservable<Int> in
          if value == 1 { throw testError }
          return inner
        }
      }
      expectEqual(res.events, [.next(220, 5), .error(250, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
      expectEqual(inner.subscriptions, [Subscription(210, 250)])
    }
  }

  @Test("disposing the result disposes the outer and every inner")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 0), .next(230, 1), .next(300, 0)])
      let inners = [
        scheduler.createColdObservable([.next(10, 1), .next(100, 2)]),
        scheduler.createColdObservable([.next(10, 3), .next(100, 4)]),
      ]
      let res = scheduler.start(disposed: 260) { xs.flatMap { inners[$0] } }
      expectEqual(res.events, [.next(220, 1), .next(240, 3)])
      expectEqual(xs.subscriptions, [Subscription(200, 260)])
      expectEqual(inners[0].subscriptions, [Subscription(210, 260)])
      expectEqual(inners[1].subscriptions, [Subscription(230, 260)])
    }
  }

  @Test("accepts traits such as Single as inner sequences")
  func singleInner() {
    withLeakChecking {
      let values = Box<[Int]>([])
      let subscription = Observable.of(1, 2, 3).flatMap { Single.just($0 * 2) }
        .subscribe(onNext: { v in values.mutate { $0.append(v) } })
      expectEqual(values.value, [2, 4, 6])
      subscription.dispose()
    }
  }

  @Test("an observer may emit into the outer sequence from inside onNext")
  func reentrantEmit() {
    withLeakChecking {
      let outer = PublishSubject<Int>()
      let first = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let subscription = outer.flatMap { $0 == 0 ? first.asObservable() : .of($0, $0 + 1) }
        .subscribe(onNext: { value in
          received.mutate { $0.append(value) }
          if value == 1 { outer.onNext(10) }
        })
      outer.onNext(0)
      first.onNext(1)
      first.onNext(2)
      expectEqual(received.value, [1, 10, 11, 2])
      subscription.dispose()
      #expect(!first.hasObservers)
    }
  }

  @Test("an observer may dispose its subscription from inside onNext")
  func reentrantDispose() {
    withLeakChecking {
      let outer = PublishSubject<Int>()
      let inner = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = outer.flatMap { _ in inner }.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        subscription.value?.dispose()
      })
      outer.onNext(0)
      outer.onNext(1)
      inner.onNext(1)
      inner.onNext(2)
      expectEqual(received.value, [1])
      #expect(!outer.hasObservers)
      #expect(!inner.hasObservers)
      subscription.value = nil
    }
  }

  @Test("an observer may subscribe to the same chain from inside onNext")
  func reentrantSubscribe() {
    withLeakChecking {
      let outer = PublishSubject<Int>()
      let chain = outer.flatMap { Observable.just($0) }
      let received = Box<[String]>([])
      let nested = Box<[any Disposable]>([])
      let subscription = chain.subscribe(onNext: { value in
        received.mutate { $0.append("a\(value)") }
        if value == 1 {
          let inner = chain.subscribe(onNext: { v in received.mutate { $0.append("b\(v)") } })
          nested.mutate { $0.append(inner) }
        }
      })
      outer.onNext(1)
      outer.onNext(2)
      expectEqual(received.value, ["a1", "a2", "b2"])
      subscription.dispose()
      for disposable in nested.value { disposable.dispose() }
    }
  }

  @Test("releases what the selector captured after dispose and after termination")
  func releasesCaptures() {
    withLeakChecking {
      let outer = PublishSubject<Int>()
      weak var disposedCapture: Tracked?
      let disposable: any Disposable
      do {
        let tracked = Tracked()
        disposedCapture = tracked
        disposable = outer.flatMap { [tracked] _ in
          _ = tracked
          return Observable<Int>.never()
        }.subscribe()
      }
      outer.onNext(1)
      #expect(disposedCapture != nil)
      disposable.dispose()
      #expect(disposedCapture == nil)

      weak var terminatedCapture: Tracked?
      do {
        let tracked = Tracked()
        terminatedCapture = tracked
        _ = outer.flatMap { [tracked] value in
          _ = tracked
          return Observable.just(value)
        }.subscribe()
      }
      outer.onNext(2)
      #expect(terminatedCapture != nil)
      outer.onCompleted()
      #expect(terminatedCapture == nil)
    }
  }

  @Test("inners emitting and completing on other threads: every element, no overlapping calls")
  func threadedInners() async {
    await withLeakChecking {
      let group = DispatchGroup()
      let observer = TestableObserver<Int>()
      let subscription = Observable.from(Array(0..<64)).flatMap { tag in
        Observable<Int>.create { inner in
          group.enter()
          DispatchQueue.global().async {
            for offset in 0..<100 { inner.onNext(tag * 100 + offset) }
            inner.onCompleted()
            group.leave()
          }
          return Disposables.create()
        }
      }.subscribe(observer)
      #expect(await observer.waitForTermination())
      await withCheckedContinuation { done in group.notify(queue: .global()) { done.resume() } }
      expectEqual(observer.elements.sorted(), Array(0..<6_400))
      expectEqual(observer.events.last?.value, .completed)
      #expect(observer.grammarViolations.isEmpty)
      subscription.dispose()
    }
  }

  @Test("an inner failing on another thread fails the result once and disposes the rest")
  func threadedFailure() async {
    await withLeakChecking {
      let group = DispatchGroup()
      let disposedInners = _Atomic<Int>(0)
      let subscribedInners = _Atomic<Int>(0)
      let observer = TestableObserver<Int>()
      let subscription = Observable.from(Array(0..<16)).flatMap { tag in
        Observable<Int>.create { inner in
          subscribedInners.add(1, ordering: .relaxed)
          let stop = Box(false)
          group.enter()
          DispatchQueue.global().async {
            var sent = 0
            while !stop.value, sent < 20_000 {
              inner.onNext(tag)
              sent += 1
              if tag == 0, sent == 50 { inner.onError(testError) }
            }
            group.leave()
          }
          return Disposables.create {
            stop.value = true
            disposedInners.add(1, ordering: .relaxed)
          }
        }
      }.subscribe(observer)
      #expect(await observer.waitForTermination())
      await withCheckedContinuation { done in group.notify(queue: .global()) { done.resume() } }
      #expect(observer.events.filter { $0.value.isStopEvent }.map(\.value) == [.error(testError)])
      // The failure may arrive before every outer element has been mapped.
      let subscribed = subscribedInners.load(ordering: .relaxed)
      #expect(subscribed >= 1)
      #expect(disposedInners.load(ordering: .relaxed) == subscribed)
      #expect(observer.grammarViolations.isEmpty)
      subscription.dispose()
    }
  }

  @Test("disposing while inners emit on other threads stops delivery and reaches every inner")
  func threadedDispose() async {
    await withLeakChecking {
      let group = DispatchGroup()
      let disposedInners = _Atomic<Int>(0)
      let delivered = _Atomic<Int>(0)
      let afterDispose = _Atomic<Int>(0)
      let disposed = _Atomic<Bool>(false)
      let subscription = Box<(any Disposable)?>(nil)
      let detector = OverlapDetector()
      let disposable = Observable.from(Array(0..<8)).flatMap { _ in
        Observable<Int>.create { inner in
          let stop = Box(false)
          group.enter()
          DispatchQueue.global().async {
            var sent = 0
            while !stop.value, sent < 200_000 {
              inner.onNext(1)
              sent += 1
            }
            group.leave()
          }
          return Disposables.create {
            stop.value = true
            disposedInners.add(1, ordering: .relaxed)
          }
        }
      }.subscribe(onNext: { _ in
        detector.enter()
        if disposed.load(ordering: .relaxed) { afterDispose.add(1, ordering: .relaxed) }
        if delivered.add(1, ordering: .relaxed).newValue >= 1_000, let current = subscription.value
        {
          disposed.store(true, ordering: .relaxed)
          current.dispose()
        }
      })
      subscription.value = disposable
      await withCheckedContinuation { done in group.notify(queue: .global()) { done.resume() } }
      expectEqual(disposed.load(ordering: .relaxed), true)
      expectEqual(disposedInners.load(ordering: .relaxed), 8)
      expectEqual(afterDispose.load(ordering: .relaxed), 0)
      expectEqual(detector.overlaps, 0)
      disposable.dispose()
      subscription.value = nil
    }
  }
}
