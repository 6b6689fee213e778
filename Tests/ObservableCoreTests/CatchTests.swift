import ObservableCore
import ObservableTesting
import Testing

@inline(never)
private func stackAddress() -> UInt {
  var marker = 0
  return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}

/// A chain of `depth` nested `catch` operators whose sources all fail synchronously, built
/// lazily by the handlers, ending in `just(42)`.
private func failingChain(_ depth: Int) -> Observable<Int> {
  guard depth > 0 else { return .just(42) }
  return Observable<Int>.error(testError).catch { _ in failingChain(depth - 1) }
}

/// A chain of `depth` nested `catch` operators over `probe`, built lazily, ending in `just(42)`.
private func probedChain(_ depth: Int, probe: Observable<Int>) -> Observable<Int> {
  guard depth > 0 else { return .just(42) }
  return probe.catch { _ in probedChain(depth - 1, probe: probe) }
}

@Suite("catch")
struct CatchTests {
  @Test("without an error, mirrors the source and never calls the handler")
  func noError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
      let calls = Box(0)
      let res = scheduler.start {
        xs.catch { _ in
          calls.value += 1
          return .just(0)
        }
      }
      expectEqual(res.events, [.next(210, 1), .completed(230)])
      expectEqual(calls.value, 0)
    }
  }

  @Test("continues with the handler's sequence after an error")
  func fallback() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
      let ys = scheduler.createColdObservable([.next(10, 8), .next(20, 9), .completed(30)])
      let received = Box<[TestError]>([])
      let res = scheduler.start {
        xs.catch { error in
          if let error = error as? TestError { received.mutate { $0.append(error) } }
          return ys.asObservable()
        }
      }
      expectEqual(res.events, [.next(210, 1), .next(240, 8), .next(250, 9), .completed(260)])
      expectEqual(received.value, [testError])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
      expectEqual(ys.subscriptions, [Subscription(230, 260)])
    }
  }

  @Test("an error from the fallback ends the result: the handler runs once")
  func fallbackError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.error(230, testError, Int.self)])
      let ys = scheduler.createColdObservable([.error(10, TestError(id: 2), Int.self)])
      let calls = Box(0)
      let res = scheduler.start {
        xs.catch { _ in
          calls.value += 1
          return ys.asObservable()
        }
      }
      expectEqual(res.events, [.error(240, TestError(id: 2))])
      expectEqual(calls.value, 1)
    }
  }

  @Test("a throwing handler fails the result with the thrown error")
  func throwingHandler() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
      let res = scheduler.start {
        xs.catch { _ -> Observable<Int> in throw TestError(id: 3) }
      }
      expectEqual(res.events, [.next(210, 1), .error(230, TestError(id: 3))])
    }
  }

  @Test("disposing the result disposes the source, or the fallback once it runs")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
      let ys = scheduler.createColdObservable([.next(10, 8), .next(100, 9)])
      let res = scheduler.start(disposed: 220) { xs.catch { _ in ys.asObservable() } }
      expectEqual(res.events, [.next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
      expectEqual(ys.subscriptions, [])

      let second = TestScheduler(initialClock: 0)
      let zs = second.createHotObservable([.error(230, testError, Int.self)])
      let ws = second.createColdObservable([.next(10, 8), .next(100, 9)])
      let res2 = second.start(disposed: 260) { zs.catch { _ in ws.asObservable() } }
      expectEqual(res2.events, [.next(240, 8)])
      expectEqual(ws.subscriptions, [Subscription(230, 260)])
    }
  }

  @Test("nested catches apply their handlers in order")
  func nestedOrder() {
    withLeakChecking {
      let handled = Box<[String]>([])
      let values = Box<[Int]>([])
      let chain = Observable<Int>.error(TestError(id: 1))
        .catch { error in
          handled.mutate { $0.append("inner \((error as? TestError)?.id ?? -1)") }
          return .error(TestError(id: 2))
        }
        .catch { error in
          handled.mutate { $0.append("outer \((error as? TestError)?.id ?? -1)") }
          return Observable.just(7).catch { _ in .just(-1) }
        }
      _ = chain.subscribe(onNext: { v in values.mutate { $0.append(v) } })
      expectEqual(handled.value, ["inner 1", "outer 2"])
      expectEqual(values.value, [7])
    }
  }

  @Test(
    "a chain of 100,000 catches that fail synchronously runs without growing the stack",
    .dedicatedThreads)
  func stackSafety() {
    withLeakChecking {
      let lowest = Box(UInt.max)
      let highest = Box(UInt(0))
      let attempts = Box(0)
      let probe = Observable<Int>.create { observer in
        let address = stackAddress()
        lowest.value = min(lowest.value, address)
        highest.value = max(highest.value, address)
        attempts.value += 1
        observer.onError(testError)
        return Disposables.create()
      }
      let values = Box<[Int]>([])
      let chain = probedChain(100_000, probe: probe)
      _ = chain.subscribe(onNext: { v in values.mutate { $0.append(v) } })
      expectEqual(values.value, [42])
      expectEqual(attempts.value, 100_000)
      #expect(highest.value - lowest.value < 64 * 1024)

      let completed = Box(false)
      _ = failingChain(100_000).subscribe(onCompleted: { completed.value = true })
      #expect(completed.value)
    }
  }

  @Test("an observer may emit into the fallback and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let source = PublishSubject<Int>()
      let fallback = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = source.catch { _ in fallback.asObservable() }
        .subscribe(onNext: { value in
          received.mutate { $0.append(value) }
          if value == 1 { source.onError(testError) }
          if value == 2 { fallback.onNext(3) }
          if value == 3 { subscription.value?.dispose() }
        })
      source.onNext(1)
      #expect(fallback.hasObservers)
      fallback.onNext(2)
      fallback.onNext(4)
      expectEqual(received.value, [1, 2, 3])
      #expect(!fallback.hasObservers)
      subscription.value = nil
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
        disposable = hot.catch { [tracked] _ in
          _ = tracked
          return .empty()
        }.subscribe()
      }
      #expect(disposedCapture != nil)
      disposable.dispose()
      #expect(disposedCapture == nil)

      weak var terminatedCapture: Tracked?
      do {
        let tracked = Tracked()
        terminatedCapture = tracked
        _ = hot.catch { [tracked] _ in
          _ = tracked
          return .empty()
        }.subscribe()
      }
      #expect(terminatedCapture != nil)
      hot.onError(testError)
      #expect(terminatedCapture == nil)
    }
  }

  @Test("an observer may subscribe to the same chain from inside onNext")
  func reentrantSubscribeToChain() {
    withLeakChecking {
      let chain = Observable<Int>.error(testError).catch { _ in .of(1, 10) }
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
