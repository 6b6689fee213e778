import ObservableCore
import ObservableTesting
import Testing

@inline(never)
private func stackAddress() -> UInt {
  var marker = 0
  return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}

@Suite("concatMap")
struct ConcatMapTests {
  @Test("runs one inner at a time, in order, calling the selector as elements arrive")
  func oneAtATime() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 0), .next(220, 1), .completed(230)])
      let inners = [
        scheduler.createColdObservable([.next(10, 0), .next(20, 1), .completed(30)]),
        scheduler.createColdObservable([.next(10, 10), .next(20, 11), .completed(30)]),
      ]
      let calls = Box<[TestTime]>([])
      let res = scheduler.start {
        xs.concatMap { value in
          calls.mutate { $0.append(scheduler.clock) }
          return inners[value]
        }
      }
      expectEqual(
        res.events,
        [
          .next(220, 0), .next(230, 1), .next(250, 10), .next(260, 11), .completed(270),
        ])
      expectEqual(calls.value, [210, 220])
      expectEqual(inners[0].subscriptions, [Subscription(210, 240)])
      expectEqual(inners[1].subscriptions, [Subscription(240, 270)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("an inner error fails the result; waiting inners are never subscribed")
  func innerError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 0), .next(220, 1), .completed(400)])
      let inners = [
        scheduler.createColdObservable([.next(10, 1), .error(20, testError)]),
        scheduler.createColdObservable([.next(10, 2), .completed(20)]),
      ]
      let res = scheduler.start { xs.concatMap { inners[$0] } }
      expectEqual(res.events, [.next(220, 1), .error(230, testError)])
      expectEqual(inners[1].subscriptions, [])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("disposing the result disposes the running inner and drops the waiting ones")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 0), .next(220, 1)])
      let inners = [
        scheduler.createColdObservable([.next(10, 1), .next(100, 2)]),
        scheduler.createColdObservable([.next(10, 3)]),
      ]
      let res = scheduler.start(disposed: 250) { xs.concatMap { inners[$0] } }
      expectEqual(res.events, [.next(220, 1)])
      expectEqual(inners[0].subscriptions, [Subscription(210, 250)])
      expectEqual(inners[1].subscriptions, [])
    }
  }

  @Test(
    "waiting inners that complete synchronously are drained in a loop, not recursively",
    .dedicatedThreads)
  func stackSafety() {
    withLeakChecking {
      let outer = PublishSubject<Int>()
      let gate = PublishSubject<Int>()
      let count = 100_000
      let lowest = Box(UInt.max)
      let highest = Box(UInt(0))
      let received = Box(0)
      let subscription = outer.concatMap { $0 == 0 ? gate.asObservable() : .just($0) }
        .subscribe(onNext: { _ in
          let address = stackAddress()
          lowest.value = min(lowest.value, address)
          highest.value = max(highest.value, address)
          received.value += 1
        })
      for value in 0..<count { outer.onNext(value) }
      gate.onCompleted()
      expectEqual(received.value, count - 1)
      #expect(highest.value - lowest.value < 64 * 1024)
      subscription.dispose()
    }
  }

  @Test("an observer may emit into the outer sequence and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let outer = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = outer.concatMap { Observable.of($0, $0 + 1) }
        .subscribe(onNext: { value in
          received.mutate { $0.append(value) }
          if value == 1 { outer.onNext(10) }
          if value == 11 { subscription.value?.dispose() }
        })
      outer.onNext(1)
      outer.onNext(20)
      expectEqual(received.value, [1, 2, 10, 11])
      #expect(!outer.hasObservers)
      subscription.value = nil
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
        disposable = outer.concatMap { [tracked] _ in
          _ = tracked
          return Observable<Int>.never()
        }.subscribe()
      }
      outer.onNext(1)
      outer.onNext(2)
      #expect(disposedCapture != nil)
      disposable.dispose()
      #expect(disposedCapture == nil)

      weak var terminatedCapture: Tracked?
      do {
        let tracked = Tracked()
        terminatedCapture = tracked
        _ = outer.concatMap { [tracked] value in
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

  @Test("releases a finished inner while the next one runs")
  func releasesFinishedInner() {
    withLeakChecking {
      let probe = CaptureProbe()
      let trigger = PublishSubject<Int>()
      let outer = PublishSubject<Int>()
      let running = outer.concatMap { value in
        value == 1 ? probe.source(completingWith: trigger) : Observable<Int>.never()
      }.subscribe()
      outer.onNext(1)
      outer.onNext(2)
      #expect(!probe.isReleased)
      trigger.onCompleted()
      #expect(probe.isReleased)
      running.dispose()

      let synchronous = CaptureProbe()
      let alsoRunning = outer.concatMap { value in
        value == 3 ? synchronous.source() : Observable<Int>.never()
      }.subscribe()
      outer.onNext(3)
      outer.onNext(4)
      #expect(synchronous.isReleased)
      alsoRunning.dispose()
    }
  }

  @Test("an observer may subscribe to the same chain from inside onNext")
  func reentrantSubscribeToChain() {
    withLeakChecking {
      let chain = Observable.of(1, 2).concatMap { Observable.of($0, $0 * 10) }
      let received = Box<[String]>([])
      _ = chain.subscribe(onNext: { value in
        received.mutate { $0.append("a\(value)") }
        if value == 1 {
          _ = chain.subscribe(onNext: { v in received.mutate { $0.append("b\(v)") } })
        }
      })
      // RxSwift 6.10.2's order: the synchronous sources take turns on the trampoline.
      expectEqual(received.value, ["a1", "a10", "b1", "b10", "a2", "a20", "b2", "b20"])
    }
  }
}
