import ObservableTesting
import Testing

@testable import ObservableCore

/// `source` behind a pass-through hop that is not a `map`, `filter` or `compactMap`, so the next
/// of those starts a new chain: `unfused(unfused(xs.map(f)).filter(p))` is the unfused chain,
/// one hop per stage, exactly as these operators were before fusion.
private func unfused<Element: Sendable>(_ source: Observable<Element>) -> Observable<Element> {
  Observable(_run: { observer, lifetime in source._subscribe(observer, lifetime) })
}

/// The elements, errors and completions `source` delivers when subscribed on this thread.
private func events<Source: ObservableType>(_ source: Source) -> [Event<Source.Element>]
where Source.Element: Sendable {
  let log = Box<[Event<Source.Element>]>([])
  _ = source.subscribe { event in log.mutate { $0.append(event) } }
  return log.value
}

/// What each stage was called with, in order, across stages: `"f1"` is stage `f` called with 1.
private final class CallLog: Sendable {
  private let entries = Box<[String]>([])

  var calls: [String] { entries.value }

  func record(_ stage: String, _ value: some Sendable) {
    entries.mutate { $0.append("\(stage)\(value)") }
  }
}

/// The result of running one scenario on a hot test source: events, the source's subscription
/// windows, and the calls into the stages.
private struct Run: Equatable {
  var events: [Recorded<Event<Int>>]
  var subscriptions: [Subscription]
  var calls: [String]
}

/// Runs `chain` (built from the hot source and a call log) under a `TestScheduler`.
private func run(
  _ recorded: [Recorded<Event<Int>>], disposed: TestTime = 1000,
  _ chain: @escaping @Sendable (Observable<Int>, CallLog) -> Observable<Int>
) -> Run {
  withLeakChecking {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable(recorded)
    let log = CallLog()
    let res = scheduler.start(disposed: disposed) { chain(xs.asObservable(), log) }
    return Run(events: res.events, subscriptions: xs.subscriptions, calls: log.calls)
  }
}

@Suite("Fusion of consecutive map, filter and compactMap")
struct FusionTests {
  static let source: [Recorded<Event<Int>>] = [
    .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
  ]

  @Test("map then map: the composed transform, then completion")
  func mapMap() {
    let fused = run(Self.source) { xs, log in
      xs.map {
        log.record("f", $0)
        return $0 + 1
      }.map {
        log.record("g", $0)
        return $0 * 10
      }
    }
    let reference = run(Self.source) { xs, log in
      unfused(
        xs.map {
          log.record("f", $0)
          return $0 + 1
        }
      )
      .map {
        log.record("g", $0)
        return $0 * 10
      }
    }
    expectEqual(
      fused.events,
      [
        .next(210, 20), .next(220, 30), .next(230, 40), .next(240, 50), .completed(300),
      ])
    expectEqual(fused.subscriptions, [Subscription(200, 300)])
    expectEqual(fused.calls, ["f1", "g2", "f2", "g3", "f3", "g4", "f4", "g5"])
    expectEqual(fused, reference)
  }

  @Test("map then filter: only the transformed elements that pass")
  func mapFilter() {
    let fused = run(Self.source) { xs, log in
      xs.map {
        log.record("f", $0)
        return $0 * 3
      }
      .filter {
        log.record("p", $0)
        return $0.isMultiple(of: 2)
      }
    }
    let reference = run(Self.source) { xs, log in
      unfused(
        xs.map {
          log.record("f", $0)
          return $0 * 3
        }
      )
      .filter {
        log.record("p", $0)
        return $0.isMultiple(of: 2)
      }
    }
    expectEqual(fused.events, [.next(220, 6), .next(240, 12), .completed(300)])
    expectEqual(fused.calls, ["f1", "p3", "f2", "p6", "f3", "p9", "f4", "p12"])
    expectEqual(fused, reference)
  }

  @Test("filter then map: the filter decides before the transform runs")
  func filterMap() {
    let fused = run(Self.source) { xs, log in
      xs.filter {
        log.record("p", $0)
        return $0 != 3
      }
      .map {
        log.record("f", $0)
        return "\($0)!"
      }
      .map { $0.count }
    }
    let reference = run(Self.source) { xs, log in
      unfused(
        unfused(
          xs.filter {
            log.record("p", $0)
            return $0 != 3
          }
        ).map {
          log.record("f", $0)
          return "\($0)!"
        }
      ).map { $0.count }
    }
    expectEqual(fused.events, [.next(210, 2), .next(220, 2), .next(240, 2), .completed(300)])
    expectEqual(fused.calls, ["p1", "f1", "p2", "f2", "p3", "p4", "f4"])
    expectEqual(fused, reference)
  }

  @Test("compactMap in the middle drops its nil results before the later stages")
  func compactMapInTheMiddle() {
    let fused = run(Self.source) { xs, log in
      xs.map {
        log.record("f", $0)
        return $0 * 2
      }
      .compactMap { value -> String? in
        log.record("c", value)
        return value == 4 ? nil : String(value)
      }
      .map {
        log.record("g", $0)
        return Int($0)! + 1
      }
    }
    let reference = run(Self.source) { xs, log in
      unfused(
        unfused(
          xs.map {
            log.record("f", $0)
            return $0 * 2
          }
        )
        .compactMap { value -> String? in
          log.record("c", value)
          return value == 4 ? nil : String(value)
        }
      ).map {
        log.record("g", $0)
        return Int($0)! + 1
      }
    }
    expectEqual(fused.events, [.next(210, 3), .next(230, 7), .next(240, 9), .completed(300)])
    expectEqual(fused.calls, ["f1", "c2", "g2", "f2", "c4", "f3", "c6", "g6", "f4", "c8", "g8"])
    expectEqual(fused, reference)
  }

  @Test("an element an earlier filter drops never reaches a later stage")
  func droppedElementsStop() {
    let fused = run(Self.source) { xs, log in
      xs.filter { $0 > 2 }.map {
        log.record("f", $0)
        return $0
      }
      .filter { $0 > 3 }.compactMap {
        log.record("c", $0)
        return $0
      }
    }
    let reference = run(Self.source) { xs, log in
      unfused(
        unfused(
          unfused(xs.filter { $0 > 2 }).map {
            log.record("f", $0)
            return $0
          }
        )
        .filter { $0 > 3 }
      ).compactMap {
        log.record("c", $0)
        return $0
      }
    }
    expectEqual(fused.events, [.next(240, 4), .completed(300)])
    expectEqual(fused.calls, ["f3", "f4", "c4"])
    expectEqual(fused, reference)
  }

  @Test(
    "a stage that throws in the middle: the error once, upstream disposed, no later stage called",
    arguments: ["map", "filter", "compactMap"])
  func throwingStageInTheMiddle(kind: String) {
    @Sendable func chain(_ xs: Observable<Int>, _ log: CallLog, fuse: Bool) -> Observable<Int> {
      let first = xs.map {
        log.record("f", $0)
        return $0
      }
      let head = fuse ? first : unfused(first)
      let middle: Observable<Int>
      switch kind {
      case "map":
        middle = head.map { value in
          log.record("t", value)
          if value == 2 { throw testError }
          return value
        }
      case "filter":
        middle = head.filter { value in
          log.record("t", value)
          if value == 2 { throw testError }
          return true
        }
      default:
        middle = head.compactMap { value in
          log.record("t", value)
          if value == 2 { throw testError }
          return value
        }
      }
      return (fuse ? middle : unfused(middle)).map {
        log.record("g", $0)
        return $0
      }
    }
    let fused = run(Self.source) { xs, log in chain(xs, log, fuse: true) }
    let reference = run(Self.source) { xs, log in chain(xs, log, fuse: false) }
    expectEqual(fused.events, [.next(210, 1), .error(220, testError)])
    expectEqual(fused.subscriptions, [Subscription(200, 220)])
    expectEqual(fused.calls, ["f1", "t1", "g1", "f2", "t2"])
    expectEqual(fused, reference)
  }

  @Test("the first or the last stage throwing fails the sequence and disposes upstream")
  func throwingFirstOrLastStage() {
    let first = run(Self.source) { xs, log in
      xs.map { value in
        if value == 3 { throw testError }
        return value
      }.filter { _ in true }.map {
        log.record("g", $0)
        return $0
      }
    }
    expectEqual(first.events, [.next(210, 1), .next(220, 2), .error(230, testError)])
    expectEqual(first.subscriptions, [Subscription(200, 230)])
    expectEqual(first.calls, ["g1", "g2"])
    let last = run(Self.source) { xs, log in
      xs.map {
        log.record("f", $0)
        return $0
      }.filter { _ in true }.map { value in
        if value == 3 { throw testError }
        return value
      }
    }
    expectEqual(last.events, [.next(210, 1), .next(220, 2), .error(230, testError)])
    expectEqual(last.subscriptions, [Subscription(200, 230)])
    expectEqual(last.calls, ["f1", "f2", "f3"])
  }

  @Test(
    "a stage's error disposes the shared lifetime itself; an upstream error leaves it to the subscriber",
    arguments: [0, 1, 2])
  func stageErrorDisposesTheLifetime(throwingStage: Int) {
    // Subscribed with `_subscribe` and an observer that never disposes, so that what disposes
    // the source's subscription is the chain itself, not a subscriber reacting to the error.
    func windows(fuse: Bool, upstreamFails: Bool) -> ([Subscription], [Recorded<Event<Int>>]) {
      withLeakChecking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(
          upstreamFails
            ? [.next(210, 1), .error(220, testError)]
            : [.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        @Sendable func stage(_ index: Int) -> @Sendable (Int) throws -> Int {
          { value in
            if index == throwingStage && value == 2 { throw testError }
            return value
          }
        }
        let first = xs.asObservable().map(stage(0))
        let second = (fuse ? first : unfused(first)).compactMap(stage(1))
        let chain = (fuse ? second : unfused(second)).map(stage(2))
        let observer = scheduler.createObserver(Int.self)
        let lifetime = _Lifetime()
        scheduler.scheduleAt(200) { chain._subscribe(observer.asObserver(), lifetime) }
        scheduler.scheduleAt(1000) { lifetime.dispose() }
        scheduler.start()
        return (xs.subscriptions, observer.events)
      }
    }
    let stageError = windows(fuse: true, upstreamFails: false)
    expectEqual(stageError.0, [Subscription(200, 220)])
    expectEqual(stageError.1, [.next(210, 1), .error(220, testError)])
    #expect(stageError == windows(fuse: false, upstreamFails: false))
    let upstreamError = windows(fuse: true, upstreamFails: true)
    expectEqual(upstreamError.0, [Subscription(200, 1000)])
    #expect(upstreamError == windows(fuse: false, upstreamFails: true))
  }

  @Test(
    "a single stage's error disposes the lifetime itself, as before fusion",
    arguments: ["map", "filter", "compactMap"])
  func singleStageErrorDisposesTheLifetime(kind: String) {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
      ])
      let source = xs.asObservable()
      let chain: Observable<Int>
      switch kind {
      case "map":
        chain = source.map { value in
          if value == 2 { throw testError }
          return value
        }
      case "filter":
        chain = source.filter { value in
          if value == 2 { throw testError }
          return true
        }
      default:
        chain = source.compactMap { value in
          if value == 2 { throw testError }
          return value
        }
      }
      let observer = scheduler.createObserver(Int.self)
      let lifetime = _Lifetime()
      scheduler.scheduleAt(200) { chain._subscribe(observer.asObserver(), lifetime) }
      scheduler.scheduleAt(1000) { lifetime.dispose() }
      scheduler.start()
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
      expectEqual(observer.events, [.next(210, 1), .error(220, testError)])
    }
  }

  @Test("an upstream error passes through every stage once")
  func upstreamError() {
    let recorded: [Recorded<Event<Int>>] = [.next(210, 1), .error(220, testError)]
    let fused = run(recorded) { xs, log in
      xs.map { $0 + 1 }.filter { _ in true }.compactMap {
        log.record("c", $0)
        return $0
      }
    }
    let reference = run(recorded) { xs, log in
      unfused(unfused(xs.map { $0 + 1 }).filter { _ in true })
        .compactMap {
          log.record("c", $0)
          return $0
        }
    }
    expectEqual(fused.events, [.next(210, 2), .error(220, testError)])
    expectEqual(fused.subscriptions, [Subscription(200, 220)])
    expectEqual(fused, reference)
  }

  @Test("disposing mid-stream disposes the source and calls no stage again")
  func disposeMidStream() {
    let fused = run(Self.source, disposed: 225) { xs, log in
      xs.map {
        log.record("f", $0)
        return $0
      }.filter { _ in true }
        .map {
          log.record("g", $0)
          return $0
        }
    }
    let reference = run(Self.source, disposed: 225) { xs, log in
      unfused(
        unfused(
          xs.map {
            log.record("f", $0)
            return $0
          }
        ).filter { _ in true }
      )
      .map {
        log.record("g", $0)
        return $0
      }
    }
    expectEqual(fused.events, [.next(210, 1), .next(220, 2)])
    expectEqual(fused.subscriptions, [Subscription(200, 225)])
    expectEqual(fused.calls, ["f1", "g1", "f2", "g2"])
    expectEqual(fused, reference)
  }

  @Test("an intermediate sequence stays usable on its own and as the start of two chains")
  func reuseOfIntermediate() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([
        .next(10, 1), .next(20, 2), .next(30, 3), .completed(40),
      ])
      let calls = Box(0)
      let a = xs.asObservable().map { value in
        calls.mutate { $0 += 1 }
        return value * 10
      }
      let b = a.filter { $0 != 20 }
      let c = a.map { $0 + 1 }
      let resB = scheduler.createObserver(Int.self)
      let resC = scheduler.createObserver(Int.self)
      let resA = scheduler.createObserver(Int.self)
      scheduler.scheduleAt(100) { _ = b.subscribe(resB) }
      scheduler.scheduleAt(105) { _ = c.subscribe(resC) }
      scheduler.scheduleAt(110) { _ = a.subscribe(resA) }
      scheduler.start()
      expectEqual(resB.events, [.next(110, 10), .next(130, 30), .completed(140)])
      expectEqual(resC.events, [.next(115, 11), .next(125, 21), .next(135, 31), .completed(145)])
      expectEqual(resA.events, [.next(120, 10), .next(130, 20), .next(140, 30), .completed(150)])
      expectEqual(
        xs.subscriptions,
        [
          Subscription(100, 140), Subscription(105, 145), Subscription(110, 150),
        ])
      expectEqual(calls.value, 9)
    }
  }

  @Test("consecutive stages fuse into one chain over the source; other operators end a chain")
  func fusionHappens() {
    let source = Observable.range(start: 0, count: 10)
    let a = source.map { $0 + 1 }
    let b = a.filter { $0.isMultiple(of: 2) }
    let c = b.compactMap { $0 == 4 ? nil : String($0) }
    // Each stage extends the chain before it instead of subscribing to it as a sequence.
    let root = a as? _FusedRoot<_MapKind<Int, Int>>
    let link = b as? _FusedLink<_FilterKind<Int>>
    let last = c as? _FusedLink<_CompactMapKind<Int, String>>
    #expect(root != nil)
    #expect(link?.upstream === a)
    #expect(last?.upstream === b)
    expectEqual(events(c), [.next("2"), .next("6"), .next("8"), .next("10"), .completed])
    // An operator that is not a stage is a source for the next stage, not part of its chain.
    let afterDo = a.do(onNext: { _ in }).map { $0 }
    #expect(afterDo is _FusedRoot<_MapKind<Int, Int>>)
    let afterSubject = PublishSubject<Int>().map { $0 }
    #expect(afterSubject is _FusedRoot<_MapKind<Int, Int>>)
  }

  @Test("synchronous sources behind fused chains take turns as behind unfused ones")
  func trampolineOrder() {
    let fused = Observable.merge(
      Observable.range(start: 0, count: 2).map { $0 * 2 }.filter { _ in true },
      Observable.of(10, 20).map { $0 + 1 }.map { $0 - 1 },
      Observable.just(5).map { $0 }.compactMap { $0 })
    let reference = Observable.merge(
      unfused(unfused(Observable.range(start: 0, count: 2).map { $0 * 2 }).filter { _ in true }),
      unfused(unfused(Observable.of(10, 20).map { $0 + 1 }).map { $0 - 1 }),
      unfused(unfused(Observable.just(5).map { $0 }).compactMap { $0 }))
    expectEqual(events(fused), events(reference))
    expectEqual(events(fused), [.next(5), .next(0), .next(10), .next(2), .next(20), .completed])
  }

  @Test("a subscription made in onNext of a fused chain waits its turn, as without fusion")
  func nestedSubscriptionWaitsItsTurn() {
    func order(_ make: @escaping @Sendable () -> Observable<Int>) -> [String] {
      let log = Box<[String]>([])
      _ = make().subscribe(onNext: { outer in
        log.mutate { $0.append("outer \(outer)") }
        _ = make().subscribe(onNext: { inner in log.mutate { $0.append("inner \(inner)") } })
        log.mutate { $0.append("subscribed") }
      })
      return log.value
    }
    let fused = order { Observable.of(1).map { $0 }.filter { _ in true } }
    let reference = order { unfused(unfused(Observable.of(1).map { $0 }).filter { _ in true }) }
    expectEqual(fused, reference)
    expectEqual(fused, ["outer 1", "subscribed", "inner 1"])
  }

  @Test("reentrant emission and disposal from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = subject.map { $0 + 1 }.filter { _ in true }.map { $0 * 10 }
        .subscribe(onNext: { value in
          received.mutate { $0.append(value) }
          if value < 30 { subject.onNext(value / 10) }
          if value == 30 { subscription.value?.dispose() }
        })
      subject.onNext(1)
      subject.onNext(5)
      expectEqual(received.value, [20, 30])
      #expect(!subject.hasObservers)
      subscription.value = nil
    }
  }

  @Test("releases every stage's captures after termination")
  func releasesCaptures() {
    weak var weakFirst: Tracked?
    weak var weakLast: Tracked?
    withLeakChecking {
      let first = Tracked()
      let last = Tracked()
      weakFirst = first
      weakLast = last
      let subject = PublishSubject<Int>()
      let subscription = subject.map { [first] value in
        _ = first
        return value
      }.filter { _ in true }.compactMap { [last] value in
        _ = last
        return value
      }.subscribe()
      subject.onCompleted()
      _ = subscription
    }
    #expect(weakFirst == nil)
    #expect(weakLast == nil)
  }
}
