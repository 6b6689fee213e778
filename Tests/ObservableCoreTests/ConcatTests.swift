import ObservableCore
import ObservableTesting
import Testing

@inline(never)
private func stackAddress() -> UInt {
  var marker = 0
  return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}

/// An endless sequence of one-element observables: `.just(0)`, `.just(1)`, and so on.
private struct Naturals: Sequence, Sendable {
  struct Iterator: IteratorProtocol {
    var current = 0
    mutating func next() -> Observable<Int>? {
      defer { current += 1 }
      return .just(current)
    }
  }

  func makeIterator() -> Iterator { Iterator() }
}

/// `.just(depth)`, then a concatenation of `Nested(depth - 1)`, built only when iterated.
private struct Nested: Sequence, Sendable {
  let depth: Int

  func makeIterator() -> AnyIterator<Observable<Int>> {
    var step = 0
    let depth = depth
    return AnyIterator {
      defer { step += 1 }
      switch step {
      case 0: return .just(depth)
      case 1 where depth > 0: return Observable.concat(Nested(depth: depth - 1))
      default: return nil
      }
    }
  }
}

@Suite("concat")
struct ConcatTests {
  @Test("subscribes each source when the previous one completes")
  func sequential() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
      let b = scheduler.createColdObservable([.next(10, 3), .completed(20)])
      let res = scheduler.start { Observable.concat([a.asObservable(), b.asObservable()]) }
      expectEqual(res.events, [.next(210, 1), .next(220, 2), .next(240, 3), .completed(250)])
      expectEqual(a.subscriptions, [Subscription(200, 230)])
      expectEqual(b.subscriptions, [Subscription(230, 250)])
    }
  }

  @Test("the variadic form, the collection form and the instance form agree")
  func forms() {
    withLeakChecking {
      let collected = Box<[[Int]]>([])
      let sources: [Observable<Int>] = [.of(1, 2), .just(3)]
      let forms: [Observable<Int>] = [
        Observable.concat(Observable.of(1, 2), Observable.just(3)),
        Observable.concat(sources),
        Observable.concat(sources[...]),
        Observable.of(1, 2).concat(Single.just(3)),
      ]
      for form in forms {
        let values = Box<[Int]>([])
        _ = form.subscribe(
          onNext: { v in values.mutate { $0.append(v) } },
          onCompleted: { collected.mutate { $0.append(values.value) } })
      }
      expectEqual(collected.value, Array(repeating: [1, 2, 3], count: 4))
    }
  }

  @Test("no sources: completes at once")
  func empty() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable<Int>.concat([Observable<Int>]()) }
      expectEqual(res.events, [.completed(200)])
    }
  }

  @Test("a source error fails the result; later sources are never subscribed")
  func error() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
      let b = scheduler.createColdObservable([.next(10, 3), .completed(20)])
      let res = scheduler.start { a.concat(b) }
      expectEqual(res.events, [.next(210, 1), .error(220, testError)])
      expectEqual(a.subscriptions, [Subscription(200, 220)])
      expectEqual(b.subscriptions, [])
    }
  }

  @Test("disposing the result disposes the running source")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
      let b = scheduler.createColdObservable([.next(10, 3), .next(100, 4)])
      let c = scheduler.createColdObservable([.next(10, 5)])
      let res = scheduler.start(disposed: 260) {
        Observable.concat(a.asObservable(), b.asObservable(), c.asObservable())
      }
      expectEqual(res.events, [.next(210, 1), .next(230, 3)])
      expectEqual(a.subscriptions, [Subscription(200, 220)])
      expectEqual(b.subscriptions, [Subscription(220, 260)])
      expectEqual(c.subscriptions, [])
    }
  }

  @Test("a Sendable sequence is iterated lazily, anew for each subscription")
  func lazySequence() {
    withLeakChecking {
      let runs = Box<[[Int]]>([])
      let naturals = Observable.concat(Naturals()).take(3)
      for _ in 0..<2 {
        let values = Box<[Int]>([])
        _ = naturals.subscribe(
          onNext: { v in values.mutate { $0.append(v) } },
          onCompleted: { runs.mutate { $0.append(values.value) } })
      }
      expectEqual(runs.value, [[0, 1, 2], [0, 1, 2]])
    }
  }

  @Test("concat() subscribes each inner sequence after the previous one completes")
  func concatOfObservables() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let inners = [
        scheduler.createColdObservable([.next(10, 1), .completed(50)]),
        scheduler.createColdObservable([.next(10, 2), .completed(20)]),
      ]
      let xs = scheduler.createHotObservable([
        .next(210, inners[0]), .next(220, inners[1]), .completed(230),
      ])
      let res = scheduler.start { xs.concat() }
      expectEqual(res.events, [.next(220, 1), .next(270, 2), .completed(280)])
      expectEqual(inners[0].subscriptions, [Subscription(210, 260)])
      expectEqual(inners[1].subscriptions, [Subscription(260, 280)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("100,000 synchronous sources run in a loop without growing the stack", .dedicatedThreads)
  func stackSafety() {
    withLeakChecking {
      let lowest = Box(UInt.max)
      let highest = Box(UInt(0))
      let count = Box(0)
      let completed = Box(false)
      _ = Observable.concat(Array(repeating: Observable.just(1), count: 100_000))
        .subscribe(
          onNext: { _ in
            let address = stackAddress()
            lowest.value = min(lowest.value, address)
            highest.value = max(highest.value, address)
            count.value += 1
          }, onCompleted: { completed.value = true })
      expectEqual(count.value, 100_000)
      #expect(completed.value)
      #expect(highest.value - lowest.value < 64 * 1024)
    }
  }

  @Test("nested concatenations are flattened into the same loop", .dedicatedThreads)
  func nestedStackSafety() {
    withLeakChecking {
      let lowest = Box(UInt.max)
      let highest = Box(UInt(0))
      let values = Box<[Int]>([])
      _ = Observable.concat(Nested(depth: 100_000)).subscribe(onNext: { value in
        let address = stackAddress()
        lowest.value = min(lowest.value, address)
        highest.value = max(highest.value, address)
        values.mutate { $0.append(value) }
      })
      expectEqual(values.value, Array((0...100_000).reversed()))
      #expect(highest.value - lowest.value < 64 * 1024)
    }
  }

  @Test("an observer may emit into the running source and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = Observable.of(1).concat(subject).subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 1 { subject.onNext(2) }  // not subscribed yet: lost
        if value == 3 { subject.onNext(4) }
        if value == 4 { subscription.value?.dispose() }
      })
      subject.onNext(3)
      subject.onNext(5)
      expectEqual(received.value, [1, 3, 4])
      #expect(!subject.hasObservers)
      subscription.value = nil
    }
  }

  @Test("an observer may subscribe to the same chain from inside onNext")
  func reentrantSubscribe() {
    withLeakChecking {
      let chain = Observable.of(1, 2).concat(Observable.just(3))
      let received = Box<[String]>([])
      _ = chain.subscribe(onNext: { value in
        received.mutate { $0.append("a\(value)") }
        if value == 2 {
          _ = chain.subscribe(onNext: { v in received.mutate { $0.append("b\(v)") } })
        }
      })
      // RxSwift 6.10.2's order: the synchronous sources take turns on the trampoline.
      expectEqual(received.value, ["a1", "a2", "b1", "a3", "b2", "b3"])
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
        let captured = Observable<Int>.create { [tracked] _ in
          _ = tracked
          return Disposables.create()
        }
        disposable = hot.concat(captured).subscribe()
      }
      #expect(disposedCapture != nil)
      disposable.dispose()
      #expect(disposedCapture == nil)

      weak var terminatedCapture: Tracked?
      do {
        let tracked = Tracked()
        terminatedCapture = tracked
        _ = hot.concat(
          Observable<Int>.create { [tracked] observer in
            _ = tracked
            observer.onCompleted()
            return Disposables.create()
          }
        ).subscribe()
      }
      #expect(terminatedCapture != nil)
      hot.onCompleted()
      #expect(terminatedCapture == nil)
    }
  }

  @Test("releases a finished source while the next one runs: concat of two")
  func releasesFinishedSourceOfTwo() {
    withLeakChecking {
      let probe = CaptureProbe()
      let trigger = PublishSubject<Int>()
      let running = probe.source(completingWith: trigger).concat(Observable.never()).subscribe()
      #expect(!probe.isReleased)
      trigger.onCompleted()
      #expect(probe.isReleased)
      running.dispose()

      let synchronous = CaptureProbe()
      let next = PublishSubject<Int>()
      let second = Observable.concat([synchronous.source(), next.asObservable()]).subscribe()
      #expect(synchronous.isReleased)
      #expect(next.hasObservers)
      second.dispose()
    }
  }

  @Test("releases each finished source while a later one runs: concat of many")
  func releasesFinishedSourceOfMany() {
    withLeakChecking {
      let first = CaptureProbe()
      let middle = CaptureProbe()
      let firstTrigger = PublishSubject<Int>()
      let middleTrigger = PublishSubject<Int>()
      let array = Observable.concat([
        first.source(completingWith: firstTrigger),
        middle.source(completingWith: middleTrigger),
        Observable.never(),
      ]).subscribe()
      firstTrigger.onCompleted()
      #expect(first.isReleased)
      #expect(!middle.isReleased)
      middleTrigger.onCompleted()
      #expect(middle.isReleased)
      array.dispose()

      let variadic = CaptureProbe()
      let trigger = PublishSubject<Int>()
      let running = Observable.concat(
        variadic.source(completingWith: trigger), Observable.never(), Observable.never()
      ).subscribe()
      trigger.onCompleted()
      #expect(variadic.isReleased)
      running.dispose()
    }
  }

  @Test("releases a finished source while the next one runs: concat of a lazy sequence")
  func releasesFinishedSourceOfLazySequence() {
    withLeakChecking {
      let probe = CaptureProbe()
      let trigger = PublishSubject<Int>()
      let running = Observable.concat(ProbedThenNever(probe: probe, trigger: trigger))
        .subscribe()
      #expect(!probe.isReleased)
      trigger.onCompleted()
      #expect(probe.isReleased)
      running.dispose()
    }
  }

  @Test("releases a finished source of a nested concatenation while the next one runs")
  func releasesFinishedNestedSource() {
    withLeakChecking {
      let probe = CaptureProbe()
      let trigger = PublishSubject<Int>()
      let running = probe.source(completingWith: trigger).concat(Observable.never())
        .concat(Observable.never()).subscribe()
      trigger.onCompleted()
      #expect(probe.isReleased)
      running.dispose()
    }
  }
}
