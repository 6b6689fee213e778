import ObservableCore
import ObservableTesting
import Testing

@inline(never)
private func stackAddress() -> UInt {
  var marker = 0
  return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}

private struct OtherError: Error {}

@Suite("retry(when:)")
struct RetryWhenTests {
  @Test("each trigger element after an error resubscribes")
  func resubscribesOnTrigger() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
      let res = scheduler.start(disposed: 300) {
        xs.retry(when: { (errors: Observable<TestError>) in errors })
      }
      expectEqual(
        res.events, [.next(210, 1), .next(230, 1), .next(250, 1), .next(270, 1), .next(290, 1)])
      expectEqual(
        xs.subscriptions,
        [
          Subscription(200, 220), Subscription(220, 240), Subscription(240, 260),
          Subscription(260, 280), Subscription(280, 300),
        ])
    }
  }

  @Test("the handler sees each error; a trigger error after a failure fails the result")
  func triggerErrorAfterFailure() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, testError)])
      let seen = Box(0)
      let res = scheduler.start {
        xs.retry(when: { (errors: Observable<TestError>) in
          errors.flatMap { _ -> Observable<Int> in
            seen.value += 1
            return seen.value < 2 ? .just(0) : .error(TestError(id: 2))
          }
        })
      }
      expectEqual(
        res.events,
        [
          .next(210, 1), .next(220, 2), .next(240, 1), .next(250, 2),
          .error(260, TestError(id: 2)),
        ])
      expectEqual(xs.subscriptions, [Subscription(200, 230), Subscription(230, 260)])
      expectEqual(seen.value, 2)
    }
  }

  @Test("a trigger that completes right after an element ends the result at the next failure")
  func triggerCompletesAfterElement() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, testError)])
      let res = scheduler.start {
        xs.retry(when: { (errors: Observable<TestError>) in errors.take(1) })
      }
      expectEqual(
        res.events, [.next(210, 1), .next(220, 2), .next(240, 1), .next(250, 2), .completed(260)])
      expectEqual(xs.subscriptions, [Subscription(200, 230), Subscription(230, 260)])
    }
  }

  @Test("a trigger completing while a failure waits completes the result")
  func triggerCompletesWhileWaiting() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .error(30, testError)])
      let trigger = scheduler.createHotObservable([.completed(260, Int.self)])
      let res = scheduler.start {
        xs.retry(when: { (_: Observable<TestError>) in trigger })
      }
      expectEqual(res.events, [.next(210, 1), .completed(260)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
      expectEqual(trigger.subscriptions, [Subscription(200, 260)])
    }
  }

  @Test("a trigger failing while a failure waits fails the result with the trigger's error")
  func triggerFailsWhileWaiting() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.error(30, testError, Int.self)])
      let trigger = scheduler.createHotObservable([.error(260, TestError(id: 9), Int.self)])
      let res = scheduler.start { xs.retry(when: { (_: Observable<any Error>) in trigger }) }
      expectEqual(res.events, [.error(260, TestError(id: 9))])
    }
  }

  @Test("as in RxSwift, a trigger completing while the source runs does not end the result")
  func triggerCompletesWhileRunning() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .completed(250)])
      let trigger = scheduler.createHotObservable([.next(150, 1), .completed(210)])
      let res = scheduler.start(disposed: 300) {
        xs.retry(when: { (_: Observable<TestError>) in trigger })
      }
      expectEqual(res.events, [.next(220, 2), .completed(250)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])

      let second = TestScheduler(initialClock: 0)
      let ys = second.createColdObservable([.next(10, 1), .error(30, testError)])
      let res2 = second.start {
        ys.retry(when: { (_: Observable<TestError>) in Observable<Int>.empty() })
      }
      expectEqual(res2.events, [.next(210, 1), .completed(230)])
    }
  }

  @Test("trigger elements while the source runs are ignored")
  func triggerElementsWhileRunning() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .error(30, testError)])
      let trigger = scheduler.createHotObservable([.next(215, 0), .next(250, 0)])
      let res = scheduler.start(disposed: 270) {
        xs.retry(when: { (_: Observable<TestError>) in trigger })
      }
      expectEqual(res.events, [.next(210, 1), .next(260, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 230), Subscription(250, 270)])
    }
  }

  @Test("errors that are not of the handler's error type end the result at once")
  func otherErrorTypes() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(5, 1), .error(10, testError)])
      let res = scheduler.start {
        xs.retry(when: { (errors: Observable<OtherError>) in errors })
      }
      expectEqual(res.events, [.next(205, 1), .error(210, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 210)])
    }
  }

  @Test("disposing the result disposes the running attempt and the trigger")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
      let trigger = scheduler.createHotObservable([.next(500, 0)])
      let res = scheduler.start(disposed: 250) {
        xs.retry(when: { (_: Observable<TestError>) in trigger })
      }
      expectEqual(res.events, [.next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
      expectEqual(trigger.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test(
    "100,000 synchronous failures answered by a synchronous trigger run in a loop",
    .dedicatedThreads)
  func stackSafety() {
    withLeakChecking {
      let lowest = Box(UInt.max)
      let highest = Box(UInt(0))
      let attempts = Box(0)
      let source = Observable<Int>.create { observer in
        let address = stackAddress()
        lowest.value = min(lowest.value, address)
        highest.value = max(highest.value, address)
        attempts.value += 1
        if attempts.value <= 100_000 {
          observer.onError(testError)
        } else {
          observer.onNext(attempts.value)
          observer.onCompleted()
        }
        return Disposables.create()
      }
      let events = Box<[String]>([])
      _ = source.retry(when: { (errors: Observable<any Error>) in errors }).subscribe(
        onNext: { v in events.mutate { $0.append("\(v)") } },
        onCompleted: { events.mutate { $0.append("|") } })
      expectEqual(events.value, ["100001", "|"])
      #expect(highest.value - lowest.value < 64 * 1024)
    }
  }

  @Test("an observer may emit into the source and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let events = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = subject.retry(when: { (errors: Observable<TestError>) in errors })
        .subscribe(onNext: { value in
          events.mutate { $0.append(value) }
          if value == 1 { subject.onNext(2) }
          if value == 2 { subscription.value?.dispose() }
        })
      subject.onNext(1)
      subject.onNext(3)
      expectEqual(events.value, [1, 2])
      #expect(!subject.hasObservers)

      let source = PublishSubject<Int>()
      let trigger = PublishSubject<Void>()
      let received = Box<[Int]>([])
      let second = Box<(any Disposable)?>(nil)
      second.value = source.retry(when: { (_: Observable<TestError>) in trigger })
        .subscribe(onNext: { value in
          received.mutate { $0.append(value) }
          second.value?.dispose()
        })
      source.onNext(5)
      source.onNext(6)
      expectEqual(received.value, [5])
      #expect(!source.hasObservers && !trigger.hasObservers)
      subscription.value?.dispose()
      subscription.value = nil
      second.value = nil
    }
  }

  @Test("releases the handler's captures after dispose and after termination")
  func releasesCaptures() {
    withLeakChecking {
      let hot = PublishSubject<Int>()
      weak var disposedCapture: Tracked?
      let disposable: any Disposable
      do {
        let tracked = Tracked()
        disposedCapture = tracked
        disposable = hot.retry(when: { [tracked] (errors: Observable<TestError>) in
          errors.map { _ in
            _ = tracked
            return 0
          }
        }).subscribe()
      }
      #expect(disposedCapture != nil)
      disposable.dispose()
      #expect(disposedCapture == nil)

      weak var terminatedCapture: Tracked?
      do {
        let tracked = Tracked()
        terminatedCapture = tracked
        _ = hot.retry(when: { [tracked] (errors: Observable<TestError>) in
          errors.map { _ in
            _ = tracked
            return 0
          }
        }).subscribe()
      }
      #expect(terminatedCapture != nil)
      hot.onCompleted()
      #expect(terminatedCapture == nil)
    }
  }

  @Test("an observer may subscribe to the same chain from inside onNext")
  func reentrantSubscribeToChain() {
    withLeakChecking {
      let chain = Observable.of(1, 10).retry(when: { (errors: Observable<any Error>) in errors })
      let received = Box<[String]>([])
      _ = chain.subscribe(onNext: { value in
        received.mutate { $0.append("a\(value)") }
        if value == 1 {
          _ = chain.subscribe(onNext: { v in received.mutate { $0.append("b\(v)") } })
        }
      })
      // RxSwift 6.10.2's order: the synchronous sources take turns on the trampoline.
      expectEqual(received.value, ["a1", "b1", "a10", "b10"])
    }
  }
}
