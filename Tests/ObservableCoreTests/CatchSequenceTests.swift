import ObservableCore
import ObservableTesting
import Testing

@inline(never)
private func stackAddress() -> UInt {
  var marker = 0
  return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}

/// Sources that fail with `TestError(id: i)` for `i < succeedAt`, then `.just(succeedAt)`;
/// endless, built only when iterated.
private struct FailingUntil: Sequence, Sendable {
  let succeedAt: Int
  let made: Box<Int>

  func makeIterator() -> AnyIterator<Observable<Int>> {
    var index = 0
    let succeedAt = succeedAt
    let made = made
    return AnyIterator {
      defer { index += 1 }
      made.value += 1
      return index < succeedAt ? .error(TestError(id: index)) : .just(index)
    }
  }
}

/// A failing source, then a `catch(sequence:)` of `Nested(depth - 1)`, built only when
/// iterated; at depth 0, `.just(0)`.
private struct Nested: Sequence, Sendable {
  let depth: Int

  func makeIterator() -> AnyIterator<Observable<Int>> {
    var step = 0
    let depth = depth
    return AnyIterator {
      defer { step += 1 }
      switch step {
      case 0 where depth == 0: return .just(0)
      case 0: return .error(TestError(id: depth))
      case 1 where depth > 0: return Observable.catch(sequence: Nested(depth: depth - 1))
      default: return nil
      }
    }
  }
}

@Suite("catch(sequence:)")
struct CatchSequenceTests {
  @Test("subscribes each source when the previous one fails, until one completes")
  func sequence() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createColdObservable([.next(10, 1), .error(20, TestError(id: 1))])
      let b = scheduler.createColdObservable([.next(10, 2), .error(20, TestError(id: 2))])
      let c = scheduler.createColdObservable([.next(10, 3), .completed(20)])
      let d = scheduler.createColdObservable([.next(10, 4), .completed(20)])
      let res = scheduler.start {
        Observable.catch(sequence: [a, b, c, d].map { $0.asObservable() })
      }
      expectEqual(res.events, [.next(210, 1), .next(230, 2), .next(250, 3), .completed(260)])
      expectEqual(a.subscriptions, [Subscription(200, 220)])
      expectEqual(b.subscriptions, [Subscription(220, 240)])
      expectEqual(c.subscriptions, [Subscription(240, 260)])
      expectEqual(d.subscriptions, [])
    }
  }

  @Test("when every source fails, fails with the last error")
  func allFail() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createColdObservable([.error(10, TestError(id: 1), Int.self)])
      let b = scheduler.createColdObservable([.next(5, 2), .error(10, TestError(id: 2))])
      let res = scheduler.start {
        Observable.catch(sequence: [a.asObservable(), b.asObservable()])
      }
      expectEqual(res.events, [.next(215, 2), .error(220, TestError(id: 2))])
      expectEqual(a.subscriptions, [Subscription(200, 210)])
      expectEqual(b.subscriptions, [Subscription(210, 220)])
    }
  }

  @Test("no sources: completes at once")
  func empty() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable<Int>.catch(sequence: [Observable<Int>]()) }
      expectEqual(res.events, [.completed(200)])
    }
  }

  @Test("the first source's completion completes the result without trying the others")
  func firstCompletes() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createHotObservable([.next(210, 1), .completed(230)])
      let b = scheduler.createColdObservable([.next(10, 2), .completed(20)])
      let res = scheduler.start {
        Observable.catch(sequence: [a.asObservable(), b.asObservable()])
      }
      expectEqual(res.events, [.next(210, 1), .completed(230)])
      expectEqual(b.subscriptions, [])
    }
  }

  @Test("disposing the result disposes the running source")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createColdObservable([.error(10, TestError(id: 1), Int.self)])
      let b = scheduler.createColdObservable([.next(10, 2), .next(100, 3)])
      let c = scheduler.createColdObservable([.next(10, 4)])
      let res = scheduler.start(disposed: 250) {
        Observable.catch(sequence: [a, b, c].map { $0.asObservable() })
      }
      expectEqual(res.events, [.next(220, 2)])
      expectEqual(a.subscriptions, [Subscription(200, 210)])
      expectEqual(b.subscriptions, [Subscription(210, 250)])
      expectEqual(c.subscriptions, [])
    }
  }

  @Test("a Sendable sequence is iterated lazily, anew for each subscription")
  func lazySequence() {
    withLeakChecking {
      let made = Box(0)
      let chain = Observable.catch(sequence: FailingUntil(succeedAt: 3, made: made))
      expectEqual(made.value, 0)
      for _ in 0..<2 {
        let values = Box<[Int]>([])
        _ = chain.subscribe(onNext: { v in values.mutate { $0.append(v) } })
        expectEqual(values.value, [3])
      }
      expectEqual(made.value, 8)
    }
  }

  @Test("100,000 sources that fail synchronously run in a loop", .dedicatedThreads)
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
      let failed = Box(false)
      _ = Observable.catch(sequence: Array(repeating: probe, count: 100_000))
        .subscribe(onError: { _ in failed.value = true })
      expectEqual(attempts.value, 100_000)
      #expect(failed.value)
      #expect(highest.value - lowest.value < 64 * 1024)

      let values = Box<[Int]>([])
      _ = Observable.catch(sequence: FailingUntil(succeedAt: 100_000, made: Box(0)))
        .subscribe(onNext: { v in values.mutate { $0.append(v) } })
      expectEqual(values.value, [100_000])
    }
  }

  @Test("nested catch(sequence:) operators are flattened into the same loop", .dedicatedThreads)
  func nestedStackSafety() {
    withLeakChecking {
      let lowest = Box(UInt.max)
      let highest = Box(UInt(0))
      let values = Box<[Int]>([])
      let completed = Box(false)
      _ = Observable.catch(sequence: Nested(depth: 100_000)).subscribe(
        onNext: { value in
          let address = stackAddress()
          lowest.value = min(lowest.value, address)
          highest.value = max(highest.value, address)
          values.mutate { $0.append(value) }
        }, onCompleted: { completed.value = true })
      expectEqual(values.value, [0])
      #expect(completed.value)
      #expect(highest.value - lowest.value < 64 * 1024)
    }
  }

  @Test("a nested catch(sequence:) behaves as it does on its own")
  func nestedSemantics() {
    withLeakChecking {
      func run(_ chain: Observable<Int>) -> [Event<Int>] {
        let events = Box<[Event<Int>]>([])
        _ = chain.subscribe { event in events.mutate { $0.append(event) } }
        return events.value
      }
      let failing = Observable<Int>.error(TestError(id: 1))
      let empty = Observable<Int>.catch(sequence: [Observable<Int>]())
      // An empty nested one completes, as it would on its own: the next source is not tried.
      expectEqual(run(.catch(sequence: [failing, empty, .just(5)])), [.completed])
      // A nested one whose sources all fail fails with its last error: the next one is tried.
      let nestedFailing = Observable.catch(sequence: [failing, .error(TestError(id: 2))])
      expectEqual(run(.catch(sequence: [nestedFailing, .just(5)])), [.next(5), .completed])
      expectEqual(run(.catch(sequence: [nestedFailing])), [.error(TestError(id: 2))])
    }
  }

  @Test("an observer may emit into the running source and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = Observable.catch(sequence: [.error(testError), subject.asObservable()])
        .subscribe(onNext: { value in
          received.mutate { $0.append(value) }
          if value == 1 { subject.onNext(2) }
          if value == 2 { subscription.value?.dispose() }
        })
      subject.onNext(1)
      subject.onNext(3)
      expectEqual(received.value, [1, 2])
      #expect(!subject.hasObservers)
      subscription.value = nil
    }
  }

  @Test("releases the sources' captures after dispose and after termination")
  func releasesCaptures() {
    withLeakChecking {
      let hot = PublishSubject<Int>()
      weak var disposedCapture: Tracked?
      let disposable: any Disposable
      do {
        let tracked = Tracked()
        disposedCapture = tracked
        // The running subscription holds `tracked` through its disposable.
        let captured = Observable<Int>.create { [tracked] _ in
          Disposables.create { _ = tracked }
        }
        disposable = Observable.catch(sequence: [.error(testError), captured]).subscribe()
      }
      #expect(disposedCapture != nil)
      disposable.dispose()
      #expect(disposedCapture == nil)

      weak var terminatedCapture: Tracked?
      do {
        let tracked = Tracked()
        terminatedCapture = tracked
        let failing = Observable<Int>.create { [tracked] observer in
          _ = tracked
          observer.onError(testError)
          return Disposables.create()
        }
        _ = Observable.catch(sequence: [failing, hot.asObservable()]).subscribe()
      }
      // The failed source is released while the next one runs.
      #expect(terminatedCapture == nil)
      hot.onCompleted()
    }
  }

  @Test("releases a failed source while the next one runs: array, lazy sequence, nested")
  func releasesFailedSource() {
    withLeakChecking {
      let probe = CaptureProbe()
      let trigger = PublishSubject<Int>()
      let array = Observable.catch(sequence: [
        probe.source(completingWith: trigger), Observable.never(),
      ]).subscribe()
      #expect(!probe.isReleased)
      trigger.onError(testError)
      #expect(probe.isReleased)
      array.dispose()

      let lazyProbe = CaptureProbe()
      let lazyTrigger = PublishSubject<Int>()
      let lazy = Observable.catch(
        sequence: ProbedThenNever(probe: lazyProbe, trigger: lazyTrigger)
      ).subscribe()
      #expect(!lazyProbe.isReleased)
      lazyTrigger.onError(testError)
      #expect(lazyProbe.isReleased)
      lazy.dispose()

      let synchronous = CaptureProbe()
      let nested = Observable.catch(sequence: [
        Observable.catch(sequence: [
          synchronous.source().concat(Observable.error(testError)), .error(testError),
        ]),
        Observable.never(),
      ]).subscribe()
      #expect(synchronous.isReleased)
      nested.dispose()
    }
  }
}
