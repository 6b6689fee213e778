import ObservableCore
import ObservableTesting
import Testing

@inline(never)
private func stackAddress() -> UInt {
  var marker = 0
  return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}

@Suite("retry")
struct RetryTests {
  @Test("retry() resubscribes after every error")
  func retryForever() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, testError)])
      let res = scheduler.start(disposed: 300) { xs.retry() }
      expectEqual(
        res.events,
        [
          .next(210, 1), .next(220, 2), .next(240, 1), .next(250, 2), .next(270, 1),
          .next(280, 2),
        ])
      expectEqual(
        xs.subscriptions,
        [
          Subscription(200, 230), Subscription(230, 260), Subscription(260, 290),
          Subscription(290, 300),
        ])
    }
  }

  @Test("retry() completes when an attempt completes")
  func retryUntilSuccess() {
    withLeakChecking {
      let attempt = Box(0)
      let source = Observable<Int>.create { observer in
        attempt.value += 1
        observer.onNext(attempt.value)
        if attempt.value < 3 { observer.onError(testError) } else { observer.onCompleted() }
        return Disposables.create()
      }
      let events = Box<[String]>([])
      _ = source.retry().subscribe(
        onNext: { v in events.mutate { $0.append("\(v)") } },
        onCompleted: { events.mutate { $0.append("|") } })
      expectEqual(events.value, ["1", "2", "3", "|"])
    }
  }

  @Test("retry(n) subscribes at most n times, then fails with the last error")
  func retryCount() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(5, 1), .error(15, testError)])
      let res = scheduler.start { xs.retry(3) }
      expectEqual(
        res.events, [.next(205, 1), .next(220, 1), .next(235, 1), .error(245, testError)])
      expectEqual(
        xs.subscriptions,
        [
          Subscription(200, 215), Subscription(215, 230), Subscription(230, 245),
        ])
    }
  }

  @Test("retry(1) does not retry; retry(0) completes without subscribing")
  func smallCounts() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(5, 1), .error(15, testError)])
      let once = scheduler.start { xs.retry(1) }
      expectEqual(once.events, [.next(205, 1), .error(215, testError)])

      let zero = TestScheduler(initialClock: 0)
      let ys = zero.createColdObservable([.next(5, 1), .error(15, testError)])
      let none = zero.start { ys.retry(0) }
      expectEqual(none.events, [.completed(200)])
      expectEqual(ys.subscriptions, [])
    }
  }

  @Test("a negative count fails with argumentOutOfRange")
  func negativeCount() {
    withLeakChecking {
      let error = Box<(any Error)?>(nil)
      _ = Observable.just(1).retry(-1).subscribe(onError: { e in error.value = e })
      expectEqual(error.value as? RxError, .argumentOutOfRange)
    }
  }

  @Test("disposing the result disposes the running attempt")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
      let res = scheduler.start(disposed: 235) { xs.retry(5) }
      expectEqual(res.events, [.next(210, 1), .next(230, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 235)])
    }
  }

  @Test("retry(100_000) on a source that fails synchronously runs in a loop", .dedicatedThreads)
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
        observer.onError(testError)
        return Disposables.create()
      }
      let error = Box<(any Error)?>(nil)
      _ = source.retry(100_000).subscribe(onError: { e in error.value = e })
      expectEqual(attempts.value, 100_000)
      expectEqual(error.value as? TestError, testError)
      #expect(highest.value - lowest.value < 64 * 1024)
    }
  }

  @Test("disposing from inside onNext stops a synchronous retry loop")
  func reentrantDispose() {
    withLeakChecking {
      let attempts = Box(0)
      let source = Observable<Int>.create { observer in
        attempts.value += 1
        observer.onNext(attempts.value)
        observer.onError(testError)
        return Disposables.create()
      }
      let events = Box<[String]>([])
      // `take(3)` disposes the shared subscription from inside the third onNext.
      _ = source.retry().take(3).subscribe(
        onNext: { v in events.mutate { $0.append("\(v)") } },
        onCompleted: { events.mutate { $0.append("|") } })
      expectEqual(events.value, ["1", "2", "3", "|"])
      expectEqual(attempts.value, 3)
    }
  }

  @Test("an observer may emit into the source and dispose from inside onNext")
  func reentrantEmit() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let events = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = subject.retry().subscribe(onNext: { value in
        events.mutate { $0.append(value) }
        if value == 1 { subject.onNext(2) }
        if value == 2 { subscription.value?.dispose() }
      })
      subject.onNext(1)
      subject.onNext(3)
      expectEqual(events.value, [1, 2])
      #expect(!subject.hasObservers)
      subscription.value = nil
    }
  }

  @Test("releases the running attempt after dispose and after termination")
  func releases() {
    withLeakChecking {
      let hot = PublishSubject<Int>()
      weak var weakCapture: Tracked?
      let disposable: any Disposable
      do {
        let tracked = Tracked()
        weakCapture = tracked
        disposable = Observable<Int>.create { observer in
          let subscription = hot.subscribe(observer)
          return Disposables.create { [tracked] in
            _ = tracked
            subscription.dispose()
          }
        }.retry().subscribe()
      }
      #expect(weakCapture != nil)
      disposable.dispose()
      #expect(weakCapture == nil)
      #expect(!hot.hasObservers)

      let attempts = Box(0)
      _ = hot.retry(2).subscribe(onError: { _ in attempts.value += 1 })
      hot.onError(testError)
      expectEqual(attempts.value, 1)
      #expect(!hot.hasObservers)
    }
  }

  @Test("an observer may subscribe to the same chain from inside onNext")
  func reentrantSubscribeToChain() {
    withLeakChecking {
      let chain = Observable.of(1, 10).retry()
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
