import Dispatch
import ObservableCore
import ObservableTesting
import Testing

@Suite("flatMapLatest")
struct FlatMapLatestTests {
  @Test("mirrors the latest inner and disposes the previous one when a new element arrives")
  func switchesToLatest() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 9), .next(210, 0), .next(250, 1), .completed(300),
      ])
      let inners = [
        scheduler.createColdObservable([
          .next(10, 11), .next(20, 12), .next(50, 13), .completed(60),
        ]),
        scheduler.createColdObservable([.next(10, 21), .next(100, 22), .completed(120)]),
      ]
      let res = scheduler.start { xs.flatMapLatest { inners[$0] } }
      expectEqual(
        res.events,
        [
          .next(220, 11), .next(230, 12), .next(260, 21), .next(350, 22), .completed(370),
        ])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
      expectEqual(inners[0].subscriptions, [Subscription(210, 250)])
      expectEqual(inners[1].subscriptions, [Subscription(250, 370)])
    }
  }

  @Test("completes when the outer completes after the latest inner has completed")
  func outerCompletesLast() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 0), .completed(400)])
      let inner = scheduler.createColdObservable([.next(10, 1), .completed(20)])
      let res = scheduler.start { xs.flatMapLatest { _ in inner } }
      expectEqual(res.events, [.next(220, 1), .completed(400)])
      expectEqual(inner.subscriptions, [Subscription(210, 230)])
    }
  }

  @Test("an empty outer completes at once")
  func emptyOuter() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.completed(250, Int.self)])
      let res = scheduler.start { xs.flatMapLatest { Observable.just($0) } }
      expectEqual(res.events, [.completed(250)])
    }
  }

  @Test("an inner error fails the result and disposes the outer")
  func innerError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 0), .next(300, 1), .completed(400)])
      let inner = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
      let res = scheduler.start { xs.flatMapLatest { _ in inner } }
      expectEqual(res.events, [.next(220, 1), .error(230, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
      expectEqual(inner.subscriptions, [Subscription(210, 230)])
    }
  }

  @Test("an outer error fails the result and disposes the latest inner")
  func outerError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 0), .error(240, testError)])
      let inner = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
      let res = scheduler.start { xs.flatMapLatest { _ in inner } }
      expectEqual(res.events, [.next(220, 1), .error(240, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 240)])
      expectEqual(inner.subscriptions, [Subscription(210, 240)])
    }
  }

  @Test("a throwing selector fails the result and disposes the outer and the inner")
  func throwingSelector() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 0), .next(250, 1), .completed(400)])
      let inner = scheduler.createColdObservable([.next(10, 5), .next(100, 6)])
      let res = scheduler.start {
        xs.flatMapLatest { value -> TestableObservable<Int> in
          if value == 1 { throw testError }
          return inner
        }
      }
      expectEqual(res.events, [.next(220, 5), .error(250, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
      expectEqual(inner.subscriptions, [Subscription(210, 250)])
    }
  }

  @Test("disposing the result disposes the outer and the latest inner")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 0), .next(300, 1)])
      let inner = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
      let res = scheduler.start(disposed: 250) { xs.flatMapLatest { _ in inner } }
      expectEqual(res.events, [.next(220, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
      expectEqual(inner.subscriptions, [Subscription(210, 250)])
    }
  }

  @Test("ignores everything a replaced inner still sends")
  func staleInnerIgnored() {
    withLeakChecking {
      let outer = PublishSubject<Int>()
      let first = PublishSubject<Int>()
      let second = PublishSubject<Int>()
      let observer = TestableObserver<Int>()
      let subscription = outer.flatMapLatest { $0 == 0 ? first : second }.subscribe(observer)
      outer.onNext(0)
      first.onNext(1)
      outer.onNext(1)
      #expect(!first.hasObservers)
      first.onNext(2)
      first.onError(testError)
      second.onNext(3)
      second.onCompleted()
      outer.onCompleted()
      expectEqual(observer.events.map(\.value), [.next(1), .next(3), .completed])
      subscription.dispose()
    }
  }

  @Test("accepts traits such as Single as inner sequences")
  func singleInner() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
      let res = scheduler.start { xs.flatMapLatest { Single.just($0 * 10) } }
      expectEqual(res.events, [.next(210, 10), .next(220, 20), .completed(230)])
    }
  }

  @Test("an observer may emit into the outer sequence from inside onNext")
  func reentrantEmit() {
    withLeakChecking {
      let outer = PublishSubject<Int>()
      let first = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let subscription = outer.flatMapLatest { $0 == 0 ? first.asObservable() : .of($0, $0 + 1) }
        .subscribe(onNext: { value in
          received.mutate { $0.append(value) }
          if value == 1 { outer.onNext(10) }
        })
      outer.onNext(0)
      first.onNext(1)
      // The switch happened inside onNext: the first inner is gone, and the new inner's
      // elements were delivered after onNext returned.
      #expect(!first.hasObservers)
      first.onNext(2)
      expectEqual(received.value, [1, 10, 11])
      subscription.dispose()
    }
  }

  @Test("an observer may dispose its subscription from inside onNext")
  func reentrantDispose() {
    withLeakChecking {
      let outer = PublishSubject<Int>()
      let inner = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = outer.flatMapLatest { _ in inner }.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        subscription.value?.dispose()
      })
      outer.onNext(0)
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
      let chain = outer.flatMapLatest { Observable.just($0) }
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
        disposable = outer.flatMapLatest { [tracked] _ in
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
        _ = outer.flatMapLatest { [tracked] value in
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

  @Test(
    "inners emitting on other threads: stale events never follow newer ones, calls never overlap")
  func threadedSwitching() async {
    await withLeakChecking {
      let group = DispatchGroup()
      let outer = PublishSubject<Int>()
      let observer = TestableObserver<Int>()
      let subscription = outer.flatMapLatest { tag in
        Observable<Int>.create { inner in
          group.enter()
          DispatchQueue.global().async {
            for _ in 0..<20 { inner.onNext(tag) }
            inner.onCompleted()
            group.leave()
          }
          return Disposables.create()
        }
      }.subscribe(observer)
      for tag in 0..<300 { outer.onNext(tag) }
      outer.onCompleted()
      #expect(await observer.waitForTermination())
      await withCheckedContinuation { done in group.notify(queue: .global()) { done.resume() } }
      let tags = observer.elements
      #expect(tags == tags.sorted())
      #expect(tags.suffix(20) == Array(repeating: 299, count: 20))
      #expect(observer.events.filter { $0.value.isStopEvent }.map(\.value) == [.completed])
      #expect(observer.grammarViolations.isEmpty)
      subscription.dispose()
    }
  }

  @Test("disposing while an inner emits on another thread stops delivery and reaches the inner")
  func threadedDispose() async {
    await withLeakChecking {
      let group = DispatchGroup()
      let outer = PublishSubject<Int>()
      let innerDisposed = _Atomic<Bool>(false)
      let delivered = _Atomic<Int>(0)
      let afterDispose = _Atomic<Int>(0)
      let disposed = _Atomic<Bool>(false)
      let subscription = Box<(any Disposable)?>(nil)
      let disposable = outer.flatMapLatest { _ in
        Observable<Int>.create { inner in
          let stop = Box(false)
          group.enter()
          DispatchQueue.global().async {
            var sent = 0
            while !stop.value, sent < 1_000_000 {
              inner.onNext(1)
              sent += 1
            }
            group.leave()
          }
          return Disposables.create {
            stop.value = true
            innerDisposed.store(true, ordering: .relaxed)
          }
        }
      }.subscribe(onNext: { _ in
        if disposed.load(ordering: .relaxed) { afterDispose.add(1, ordering: .relaxed) }
        if delivered.add(1, ordering: .relaxed).newValue >= 100, let current = subscription.value {
          disposed.store(true, ordering: .relaxed)
          current.dispose()
        }
      })
      subscription.value = disposable
      outer.onNext(0)
      await withCheckedContinuation { done in group.notify(queue: .global()) { done.resume() } }
      expectEqual(disposed.load(ordering: .relaxed), true)
      expectEqual(innerDisposed.load(ordering: .relaxed), true)
      expectEqual(afterDispose.load(ordering: .relaxed), 0)
      #expect(!outer.hasObservers)
      subscription.value = nil
    }
  }

  @Test("a just inner replaces a running inner, which is disposed and silenced")
  func justReplacesRunningInner() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 0), .next(250, 1), .next(270, 2), .completed(300),
      ])
      let slow = scheduler.createColdObservable([.next(10, 10), .next(50, 11), .completed(90)])
      let res = scheduler.start {
        xs.flatMapLatest { value -> Observable<Int> in
          value == 1 ? .just(100) : slow.asObservable()
        }
      }
      expectEqual(
        res.events,
        [
          .next(220, 10), .next(250, 100), .next(280, 10), .next(320, 11), .completed(360),
        ])
      expectEqual(slow.subscriptions, [Subscription(210, 250), Subscription(270, 360)])
    }
  }

  @Test("just inners deliver in order, and the outer's completion completes the result")
  func justInners() {
    withLeakChecking {
      let outer = PublishSubject<Int>()
      let observer = TestableObserver<Int>()
      let subscription = outer.flatMapLatest { Observable.just($0 * 2) }.subscribe(observer)
      outer.onNext(1)
      outer.onNext(2)
      outer.onCompleted()
      expectEqual(observer.events.map(\.value), [.next(2), .next(4), .completed])
      subscription.dispose()
    }
  }

  @Test("an observer that sends into the outer from onNext of a just inner gets elements in order")
  func justInnerReentrant() {
    withLeakChecking {
      let outer = PublishSubject<Int>()
      let seen = Box<[Int]>([])
      let subscription = outer.flatMapLatest { Observable.just($0) }
        .subscribe(onNext: { value in
          seen.mutate { $0.append(value) }
          if value < 3 { outer.onNext(value + 1) }
          seen.mutate { $0.append(-value) }
        })
      outer.onNext(1)
      // The reentrant element waits until the current delivery returns.
      expectEqual(seen.value, [1, -1, 2, -2, 3, -3])
      subscription.dispose()
    }
  }

  @Test("disposing from onNext of a just inner stops later elements")
  func justInnerDisposeFromOnNext() {
    withLeakChecking {
      let outer = PublishSubject<Int>()
      let seen = Box<[Int]>([])
      let holder = SerialDisposable()
      holder.disposable = outer.flatMapLatest { Observable.just($0) }
        .subscribe(onNext: { value in
          seen.mutate { $0.append(value) }
          holder.dispose()
        })
      outer.onNext(1)
      outer.onNext(2)
      expectEqual(seen.value, [1])
      #expect(!outer.hasObservers)
    }
  }
}
