import Dispatch
import ObservableCore
import ObservableTesting
import Testing

@inline(never)
private func stackAddress() -> UInt {
  var marker = 0
  return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}

@Suite("merge")
struct MergeTests {
  @Test("merge() mirrors every inner sequence as it arrives")
  func mergeOfObservables() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let inners = [
        scheduler.createColdObservable([.next(10, 1), .next(40, 2), .completed(50)]),
        scheduler.createColdObservable([.next(10, 3), .completed(20)]),
      ]
      let xs = scheduler.createHotObservable([
        .next(210, inners[0]), .next(220, inners[1]), .completed(230),
      ])
      let res = scheduler.start { xs.merge() }
      expectEqual(res.events, [.next(220, 1), .next(230, 3), .next(250, 2), .completed(260)])
      expectEqual(inners[0].subscriptions, [Subscription(210, 260)])
      expectEqual(inners[1].subscriptions, [Subscription(220, 240)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("merge(maxConcurrent:) runs at most that many inners and queues the rest in order")
  func maxConcurrent() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let inners = [
        scheduler.createColdObservable([.next(10, 1), .completed(50)]),
        scheduler.createColdObservable([.next(10, 2), .completed(20)]),
        scheduler.createColdObservable([.next(10, 3), .completed(20)]),
        scheduler.createColdObservable([.next(10, 4), .completed(20)]),
      ]
      let xs = scheduler.createHotObservable([
        .next(210, inners[0]), .next(211, inners[1]), .next(212, inners[2]),
        .next(213, inners[3]), .completed(214),
      ])
      let res = scheduler.start { xs.merge(maxConcurrent: 2) }
      expectEqual(
        res.events,
        [
          .next(220, 1), .next(221, 2), .next(241, 3), .next(261, 4), .completed(271),
        ])
      expectEqual(inners[0].subscriptions, [Subscription(210, 260)])
      expectEqual(inners[1].subscriptions, [Subscription(211, 231)])
      expectEqual(inners[2].subscriptions, [Subscription(231, 251)])
      expectEqual(inners[3].subscriptions, [Subscription(251, 271)])
    }
  }

  @Test("merge(maxConcurrent:) with a count below 1 fails with argumentOutOfRange")
  func maxConcurrentOutOfRange() {
    withLeakChecking {
      let error = Box<(any Error)?>(nil)
      _ = Observable.of(Observable.just(1)).merge(maxConcurrent: 0)
        .subscribe(onError: { e in error.value = e })
      expectEqual(error.value as? RxError, .argumentOutOfRange)
    }
  }

  @Test("queued inners that complete synchronously are subscribed in a loop", .dedicatedThreads)
  func maxConcurrentStackSafety() {
    withLeakChecking {
      let outer = PublishSubject<Observable<Int>>()
      let gate = PublishSubject<Int>()
      let lowest = Box(UInt.max)
      let highest = Box(UInt(0))
      let count = Box(0)
      let subscription = outer.merge(maxConcurrent: 1).subscribe(onNext: { _ in
        let address = stackAddress()
        lowest.value = min(lowest.value, address)
        highest.value = max(highest.value, address)
        count.value += 1
      })
      outer.onNext(gate.asObservable())
      for _ in 0..<100_000 { outer.onNext(.just(1)) }
      gate.onCompleted()
      expectEqual(count.value, 100_000)
      #expect(highest.value - lowest.value < 64 * 1024)
      subscription.dispose()
    }
  }

  @Test("static merge subscribes every source at once, in order")
  func staticMerge() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createColdObservable([.next(10, 1), .next(30, 2), .completed(40)])
      let b = scheduler.createColdObservable([.next(20, 3), .completed(50)])
      let res = scheduler.start { Observable.merge(a.asObservable(), b.asObservable()) }
      expectEqual(res.events, [.next(210, 1), .next(220, 3), .next(230, 2), .completed(250)])
      expectEqual(a.subscriptions, [Subscription(200, 240)])
      expectEqual(b.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("the array, collection and variadic forms agree; no sources completes at once")
  func forms() {
    withLeakChecking {
      let sources: [Observable<Int>] = [.of(1, 2), .just(3)]
      let results = Box<[[Int]]>([])
      for form in [
        Observable.merge(sources), Observable.merge(sources[...]),
        Observable.merge(Observable.of(1, 2), Observable.just(3)),
      ] {
        let values = Box<[Int]>([])
        _ = form.subscribe(
          onNext: { v in values.mutate { $0.append(v) } },
          onCompleted: { results.mutate { $0.append(values.value) } })
      }
      // As in RxSwift, `just` emits during subscribe; `of` waits for its turn.
      expectEqual(results.value, Array(repeating: [3, 1, 2], count: 3))
      let completed = Box(false)
      _ = Observable<Int>.merge([Observable<Int>]()).subscribe(onCompleted: {
        completed.value = true
      })
      #expect(completed.value)
    }
  }

  @Test("a source error fails the result and disposes the other sources")
  func error() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
      let b = scheduler.createColdObservable([.error(20, testError, Int.self)])
      let res = scheduler.start { Observable.merge([a.asObservable(), b.asObservable()]) }
      expectEqual(res.events, [.next(210, 1), .error(220, testError)])
      expectEqual(a.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("disposing the result disposes every source")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
      let b = scheduler.createColdObservable([.next(20, 3), .next(100, 4)])
      let res = scheduler.start(disposed: 250) {
        Observable.merge(a.asObservable(), b.asObservable())
      }
      expectEqual(res.events, [.next(210, 1), .next(220, 3)])
      expectEqual(a.subscriptions, [Subscription(200, 250)])
      expectEqual(b.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("an observer may emit into a source and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = Observable.merge(a.asObservable(), b.asObservable())
        .subscribe(onNext: { value in
          received.mutate { $0.append(value) }
          if value == 1 { b.onNext(2) }
          if value == 2 { subscription.value?.dispose() }
        })
      a.onNext(1)
      a.onNext(3)
      expectEqual(received.value, [1, 2])
      #expect(!a.hasObservers && !b.hasObservers)
      subscription.value = nil
    }
  }

  @Test("sources emitting and completing on other threads: every element, no overlapping calls")
  func threaded() async {
    await withLeakChecking {
      let group = DispatchGroup()
      let sources = (0..<32).map { tag in
        Observable<Int>.create { observer in
          group.enter()
          DispatchQueue.global().async {
            for offset in 0..<200 { observer.onNext(tag * 200 + offset) }
            observer.onCompleted()
            group.leave()
          }
          return Disposables.create()
        }
      }
      let observer = TestableObserver<Int>()
      let subscription = Observable.merge(sources).subscribe(observer)
      #expect(await observer.waitForTermination())
      await withCheckedContinuation { done in group.notify(queue: .global()) { done.resume() } }
      #expect(observer.elements.sorted() == Array(0..<6_400))
      #expect(observer.events.filter { $0.value.isStopEvent }.map(\.value) == [.completed])
      #expect(observer.grammarViolations.isEmpty)
      subscription.dispose()
    }
  }

  @Test("merge(maxConcurrent:) with inners on other threads never runs more than the limit")
  func threadedLimit() async {
    await withLeakChecking {
      let group = DispatchGroup()
      let running = _Atomic<Int>(0)
      let peak = _Atomic<Int>(0)
      let sources = (0..<40).map { tag in
        Observable<Int>.create { observer in
          let now = running.add(1, ordering: .sequentiallyConsistent).newValue
          peak.max(now, ordering: .sequentiallyConsistent)
          group.enter()
          DispatchQueue.global().async {
            for offset in 0..<50 { observer.onNext(tag * 50 + offset) }
            running.subtract(1, ordering: .sequentiallyConsistent)
            observer.onCompleted()
            group.leave()
          }
          return Disposables.create()
        }
      }
      let observer = TestableObserver<Int>()
      let subscription = Observable.from(sources).merge(maxConcurrent: 3).subscribe(observer)
      #expect(await observer.waitForTermination())
      await withCheckedContinuation { done in group.notify(queue: .global()) { done.resume() } }
      expectEqual(observer.elements.sorted(), Array(0..<2_000))
      #expect(peak.load(ordering: .sequentiallyConsistent) <= 3)
      #expect(observer.grammarViolations.isEmpty)
      subscription.dispose()
    }
  }

  @Test("releases the sources' captures after dispose and after termination")
  func releasesCaptures() {
    withLeakChecking {
      let hot = PublishSubject<Int>()
      weak var weakCapture: Tracked?
      let disposable: any Disposable
      do {
        let tracked = Tracked()
        weakCapture = tracked
        let captured = Observable<Int>.create { _ in
          Disposables.create { [tracked] in _ = tracked }
        }
        disposable = Observable.merge(hot.asObservable(), captured).subscribe()
      }
      #expect(weakCapture != nil)
      disposable.dispose()
      #expect(weakCapture == nil)
      #expect(!hot.hasObservers)

      weak var terminatedCapture: Tracked?
      do {
        let tracked = Tracked()
        terminatedCapture = tracked
        let captured = Observable<Int>.create { observer in
          let subscription = hot.subscribe(observer)
          return Disposables.create { [tracked] in
            _ = tracked
            subscription.dispose()
          }
        }
        _ = Observable.merge(captured, .just(1)).subscribe()
      }
      #expect(terminatedCapture != nil)
      hot.onCompleted()
      #expect(terminatedCapture == nil)
    }
  }

  @Test("an observer may subscribe to the same chain from inside onNext")
  func reentrantSubscribeToChain() {
    withLeakChecking {
      let chain = Observable.merge(Observable.of(1, 10), Observable.of(2, 20))
      let received = Box<[String]>([])
      _ = chain.subscribe(onNext: { value in
        received.mutate { $0.append("a\(value)") }
        if value == 1 {
          _ = chain.subscribe(onNext: { v in received.mutate { $0.append("b\(v)") } })
        }
      })
      // RxSwift 6.10.2's order: the synchronous sources take turns on the trampoline.
      expectEqual(received.value, ["a1", "a2", "b1", "b2", "a10", "a20", "b10", "b20"])
    }
  }

  @Test("disposing from inside onNext while sources emit on other threads stops delivery at once")
  func threadedDispose() async {
    await withLeakChecking {
      let group = DispatchGroup()
      let disposedSources = _Atomic<Int>(0)
      let delivered = _Atomic<Int>(0)
      let afterDispose = _Atomic<Int>(0)
      let disposed = _Atomic<Bool>(false)
      let subscription = Box<(any Disposable)?>(nil)
      let sources = (0..<6).map { _ in
        Observable<Int>.create { observer in
          let stop = Box(false)
          group.enter()
          DispatchQueue.global().async {
            var sent = 0
            while !stop.value, sent < 200_000 {
              observer.onNext(1)
              sent += 1
            }
            group.leave()
          }
          return Disposables.create {
            stop.value = true
            disposedSources.add(1, ordering: .relaxed)
          }
        }
      }
      let observer = TestableObserver<Int>()
      let disposable = Observable.merge(sources).subscribe(onNext: { value in
        observer.onNext(value)
        if disposed.load(ordering: .relaxed) { afterDispose.add(1, ordering: .relaxed) }
        if delivered.add(1, ordering: .relaxed).newValue >= 500, let current = subscription.value {
          disposed.store(true, ordering: .relaxed)
          current.dispose()
        }
      })
      subscription.value = disposable
      await withCheckedContinuation { done in group.notify(queue: .global()) { done.resume() } }
      expectEqual(disposed.load(ordering: .relaxed), true)
      expectEqual(disposedSources.load(ordering: .relaxed), 6)
      expectEqual(afterDispose.load(ordering: .relaxed), 0)
      #expect(observer.grammarViolations.isEmpty)
      subscription.value = nil
    }
  }

  @Test("releases a finished source while the others run")
  func releasesFinishedSource() {
    withLeakChecking {
      let probe = CaptureProbe()
      let trigger = PublishSubject<Int>()
      let running = Observable.merge(probe.source(completingWith: trigger), Observable.never())
        .subscribe()
      #expect(!probe.isReleased)
      trigger.onCompleted()
      #expect(probe.isReleased)
      running.dispose()

      let synchronous = CaptureProbe()
      let alsoRunning = Observable.merge([synchronous.source(), Observable.never()]).subscribe()
      #expect(synchronous.isReleased)
      alsoRunning.dispose()

      let limited = CaptureProbe()
      let limitedTrigger = PublishSubject<Int>()
      let waiting = PublishSubject<Int>()
      let limitedRunning = Observable.from([
        limited.source(completingWith: limitedTrigger), waiting.asObservable(),
      ]).merge(maxConcurrent: 1).subscribe()
      limitedTrigger.onCompleted()
      #expect(limited.isReleased)
      #expect(waiting.hasObservers)
      limitedRunning.dispose()
    }
  }
}
