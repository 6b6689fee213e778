import ObservableCore
import ObservableTesting
import Testing

extension TestableObservable {
  /// The test source as an `Infallible`, so that its subscription windows are visible.
  fileprivate var infallible: Infallible<Element> { Infallible(raw: asObservable()) }
}

/// The elements `sequence` emits, on a fresh scheduler, so evaluating it twice is harmless.
private func elements<T: Sendable>(_ sequence: Infallible<T>) -> [T] {
  let scheduler = TestScheduler(initialClock: 0)
  return scheduler.start { sequence }.events.compactMap { $0.value.element }
}

@Suite("Infallible operators")
struct InfallibleOperatorsTests {
  // MARK: transforming

  @Test("map, compactMap and filter transform the elements and forward completion")
  func transforms() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
      ])
      let mapped = scheduler.start { xs.infallible.map { $0 * 10 } }
      expectEqual(mapped.events, [.next(210, 10), .next(220, 20), .next(230, 30), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
      let compact = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Infallible.from(1...4).compactMap { $0.isMultiple(of: 2) ? "\($0)" : nil }
      }
      expectEqual(compact.events, [.next(1200, "2"), .next(1200, "4"), .completed(1200)])
      let filtered = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        Infallible.from(1...4).filter { $0 > 2 }
      }
      expectEqual(filtered.events, [.next(2200, 3), .next(2200, 4), .completed(2200)])
    }
  }

  @Test("map: disposing disposes the source")
  func mapDispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2), .completed(400)])
      let res = scheduler.start(disposed: 250) { xs.infallible.map { $0 + 1 } }
      expectEqual(res.events, [.next(210, 2)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("flatMap merges the inner Infallibles; flatMapLatest switches; flatMapFirst ignores")
  func flattening() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
      let inner = scheduler.createColdObservable([.next(5, 0), .next(15, 0), .completed(20)])
      let merged = scheduler.start {
        xs.infallible.flatMap { v in inner.infallible.map { _ in v } }
      }
      expectEqual(
        merged.events,
        [
          .next(215, 1), .next(225, 1), .next(225, 2), .next(235, 2), .completed(240),
        ])
      let scheduler2 = TestScheduler(initialClock: 0)
      let ys = scheduler2.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
      let inner2 = scheduler2.createColdObservable([.next(5, 0), .next(15, 0), .completed(20)])
      let switched = scheduler2.start {
        ys.infallible.flatMapLatest { v in inner2.infallible.map { _ in v } }
      }
      expectEqual(switched.events, [.next(215, 1), .next(225, 2), .next(235, 2), .completed(240)])
      expectEqual(inner2.subscriptions, [Subscription(210, 220), Subscription(220, 240)])

      let scheduler3 = TestScheduler(initialClock: 0)
      let zs = scheduler3.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
      let inner3 = scheduler3.createColdObservable([.next(5, 0), .next(15, 0), .completed(20)])
      let first = scheduler3.start {
        zs.infallible.flatMapFirst { v in inner3.infallible.map { _ in v } }
      }
      expectEqual(first.events, [.next(215, 1), .next(225, 1), .completed(230)])
      expectEqual(inner3.subscriptions, [Subscription(210, 230)])
    }
  }

  @Test("concatMap runs the inner Infallibles one after another; concat appends")
  func concatenating() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
      let inner = scheduler.createColdObservable([.next(5, 0), .next(15, 0), .completed(20)])
      let res = scheduler.start { xs.infallible.concatMap { v in inner.infallible.map { _ in v } } }
      expectEqual(
        res.events, [.next(215, 1), .next(225, 1), .next(235, 2), .next(245, 2), .completed(250)])
      expectEqual(inner.subscriptions, [Subscription(210, 230), Subscription(230, 250)])
      let appended = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Infallible.just(1).concat(.just(2))
      }
      expectEqual(appended.events, [.next(1200, 1), .next(1200, 2), .completed(1200)])
    }
  }

  @Test("flatMap: disposing disposes the source and the inner sequences")
  func flatMapDispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(400)])
      let inner = scheduler.createColdObservable([.next(100, 0), .completed(100)])
      let res = scheduler.start(disposed: 250) { xs.infallible.flatMap { _ in inner.infallible } }
      expectEqual(res.events, [])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
      expectEqual(inner.subscriptions, [Subscription(210, 250)])
    }
  }

  @Test("distinctUntilChanged drops consecutive duplicates in all its forms")
  func distinct() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let source = Infallible.from([1, 1, 2, 2, 3, 1])
      let plain = scheduler.start { source.distinctUntilChanged() }
      #expect(plain.events.compactMap { $0.value.element } == [1, 2, 3, 1])
      let byKey = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        source.distinctUntilChanged { $0 % 2 }
      }
      #expect(byKey.events.compactMap { $0.value.element } == [1, 2, 3])
      let byComparer = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        source.distinctUntilChanged { abs($0 - $1) < 2 }
      }
      #expect(byComparer.events.compactMap { $0.value.element } == [1, 3, 1])
      let byKeyAndComparer = scheduler.start(created: 3100, subscribed: 3200, disposed: 4000) {
        source.distinctUntilChanged({ $0 * 10 }, comparer: { $0 == $1 })
      }
      #expect(byKeyAndComparer.events.compactMap { $0.value.element } == [1, 2, 3, 1])
      let byKeyPath = scheduler.start(created: 4100, subscribed: 4200, disposed: 5000) {
        Infallible.from(["a", "b", "cc"]).distinctUntilChanged(at: \.count)
      }
      #expect(byKeyPath.events.compactMap { $0.value.element } == ["a", "cc"])
    }
  }

  @Test("scan emits every intermediate accumulator; startWith prepends")
  func scanAndStartWith() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let sums = scheduler.start { Infallible.from([1, 2, 3]).scan(0) { $0 + $1 } }
      #expect(sums.events.compactMap { $0.value.element } == [1, 3, 6])
      let into = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Infallible.from([1, 2, 3]).scan(into: [Int]()) { $0.append($1) }
      }
      #expect(into.events.compactMap { $0.value.element } == [[1], [1, 2], [1, 2, 3]])
      let started = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        Infallible.just(3).startWith(1, 2)
      }
      #expect(
        started.events == [.next(2200, 1), .next(2200, 2), .next(2200, 3), .completed(2200)])
    }
  }

  // MARK: take and skip

  @Test("take, takeLast and skip forms; negative counts are treated as zero")
  func takeAndSkip() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
      ])
      let taken = scheduler.start { xs.infallible.take(2) }
      #expect(taken.events == [.next(210, 1), .next(220, 2), .completed(220)])
      #expect(xs.subscriptions == [Subscription(200, 220)])

      let source = Infallible.from([1, 2, 3, 4])
      #expect(elements(source.take(-1)) == [])
      #expect(elements(source.take(while: { $0 < 3 })) == [1, 2])
      #expect(elements(source.take(while: { $0 < 3 }, behavior: .inclusive)) == [1, 2, 3])
      #expect(elements(source.take(until: { $0 == 2 })) == [1])
      #expect(elements(source.takeLast(2)) == [3, 4])
      #expect(elements(source.takeLast(-3)) == [])
      #expect(elements(source.skip(3)) == [4])
      #expect(elements(source.skip(-3)) == [1, 2, 3, 4])
      #expect(elements(source.skip(while: { $0 < 3 })) == [3, 4])
    }
  }

  @Test("take(until:) and skip(until:) another Infallible")
  func untilOther() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .completed(250),
      ])
      let trigger = scheduler.createHotObservable([.next(225, ()), .completed(300)])
      let taken = scheduler.start { xs.infallible.take(until: trigger.infallible) }
      expectEqual(taken.events, [.next(210, 1), .next(220, 2), .completed(225)])
      expectEqual(xs.subscriptions, [Subscription(200, 225)])
      expectEqual(trigger.subscriptions, [Subscription(200, 225)])

      let scheduler2 = TestScheduler(initialClock: 0)
      let ys = scheduler2.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .completed(250),
      ])
      let trigger2 = scheduler2.createHotObservable([.next(225, ()), .completed(300)])
      let skipped = scheduler2.start { ys.infallible.skip(until: trigger2.infallible) }
      expectEqual(skipped.events, [.next(230, 3), .completed(250)])
    }
  }

  @Test("take(for:) ends after the duration")
  func takeFor() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(250)])
      let res = scheduler.start { xs.infallible.take(for: .seconds(20), scheduler: scheduler) }
      expectEqual(res.events, [.next(210, 1), .completed(220)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  // MARK: time

  @Test("debounce and throttle with a scheduler")
  func debounceAndThrottle() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(215, 2), .next(240, 3), .completed(300),
      ])
      let debounced = scheduler.start { xs.infallible.debounce(.seconds(10), scheduler: scheduler) }
      expectEqual(debounced.events, [.next(225, 2), .next(250, 3), .completed(300)])

      let scheduler2 = TestScheduler(initialClock: 0)
      let ys = scheduler2.createHotObservable([
        .next(210, 1), .next(215, 2), .next(240, 3), .completed(300),
      ])
      let throttled = scheduler2.start {
        ys.infallible.throttle(.seconds(10), scheduler: scheduler2)
      }
      expectEqual(throttled.events, [.next(210, 1), .next(220, 2), .next(240, 3), .completed(300)])
      let scheduler3 = TestScheduler(initialClock: 0)
      let zs = scheduler3.createHotObservable([
        .next(210, 1), .next(215, 2), .next(240, 3), .completed(300),
      ])
      let first = scheduler3.start {
        zs.infallible.throttle(.seconds(10), latest: false, scheduler: scheduler3)
      }
      expectEqual(first.events, [.next(210, 1), .next(240, 3), .completed(300)])
    }
  }

  // MARK: combining

  @Test("combineLatest of 2 to 4 sources and of a collection")
  func combineLatest() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(260)])
      let b = scheduler.createHotObservable([.next(220, 10), .completed(250)])
      let res = scheduler.start { Infallible.combineLatest(a.infallible, b.infallible) { $0 + $1 } }
      #expect(res.events == [.next(220, 11), .next(230, 12), .completed(260)])
      #expect(a.subscriptions == [Subscription(200, 260)])
      #expect(b.subscriptions == [Subscription(200, 250)])

      let one = Infallible.just(1)
      let two = Infallible.just(2)
      #expect(elements(Infallible.combineLatest(one, two).map { $0 + $1 }) == [3])
      #expect(elements(Infallible.combineLatest(one, two, one).map { $0 + $1 + $2 }) == [4])
      #expect(
        elements(Infallible.combineLatest(one, two, one, two).map { $0 + $1 + $2 + $3 })
          == [6])
      #expect(elements(Infallible.combineLatest(one, two, one) { $0 * $1 * $2 }) == [2])
      #expect(
        elements(Infallible.combineLatest(one, two, one, two) { $0 * $1 * $2 * $3 }) == [4])
      #expect(elements(Infallible.combineLatest([one, two])) == [[1, 2]])
      #expect(elements(Infallible.combineLatest([one, two]) { $0.reduce(0, +) }) == [3])
      #expect(elements(Infallible.combineLatest([Infallible<Int>]()) { $0.count }) == [0])
    }
  }

  @Test("zip of 2 to 4 sources and of a collection")
  func zip() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(260)])
      let b = scheduler.createHotObservable([.next(220, 10), .next(240, 20), .completed(250)])
      let res = scheduler.start { Infallible.zip(a.infallible, b.infallible) { $0 + $1 } }
      #expect(res.events == [.next(220, 11), .next(240, 22), .completed(260)])

      let pair = Infallible.from([1, 2])
      #expect(elements(Infallible.zip(pair, pair).map { $0 + $1 }) == [2, 4])
      #expect(elements(Infallible.zip(pair, pair, pair).map { $0 + $1 + $2 }) == [3, 6])
      #expect(
        elements(Infallible.zip(pair, pair, pair, pair).map { $0 + $1 + $2 + $3 })
          == [4, 8])
      #expect(elements(Infallible.zip(pair, pair, pair) { $0 * $1 * $2 }) == [1, 8])
      #expect(
        elements(Infallible.zip(pair, pair, pair, pair) { $0 * $1 * $2 * $3 }) == [1, 16])
      #expect(elements(Infallible.zip([pair, pair])) == [[1, 1], [2, 2]])
      #expect(elements(Infallible.zip([pair, pair]) { $0.reduce(0, +) }) == [2, 4])
    }
  }

  @Test("merge subscribes to every source and completes when all have completed")
  func merge() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createHotObservable([.next(210, 1), .completed(240)])
      let b = scheduler.createHotObservable([.next(220, 2), .completed(250)])
      let res = scheduler.start { Infallible.merge(a.infallible, b.infallible) }
      expectEqual(res.events, [.next(210, 1), .next(220, 2), .completed(250)])
      let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Infallible.merge([Infallible.just(1), .just(2)])
      }
      expectEqual(res2.events, [.next(1200, 1), .next(1200, 2), .completed(1200)])
      let res3 = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        Infallible.merge([Infallible.just(1), .just(2)][...])
      }
      expectEqual(res3.events, [.next(2200, 1), .next(2200, 2), .completed(2200)])
    }
  }

  @Test("combining operators dispose every source when disposed")
  func combiningDispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createHotObservable([.next(210, 1), .completed(400)])
      let b = scheduler.createHotObservable([.next(220, 2), .completed(400)])
      let res = scheduler.start(disposed: 250) {
        Infallible.combineLatest(a.infallible, b.infallible) { $0 + $1 }
      }
      expectEqual(res.events, [.next(220, 3)])
      expectEqual(a.subscriptions, [Subscription(200, 250)])
      expectEqual(b.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("withLatestFrom combines each element with the latest of the other Infallible")
  func withLatestFrom() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(230, 2), .next(250, 3), .completed(260),
      ])
      let ys = scheduler.createHotObservable([.next(220, "a"), .next(240, "b"), .completed(300)])
      let res = scheduler.start { xs.infallible.withLatestFrom(ys.infallible) { "\($0)\($1)" } }
      expectEqual(res.events, [.next(230, "2a"), .next(250, "3b"), .completed(260)])
      expectEqual(ys.subscriptions, [Subscription(200, 260)])

      let scheduler2 = TestScheduler(initialClock: 0)
      let xs2 = scheduler2.createHotObservable([.next(230, 2), .completed(260)])
      let ys2 = scheduler2.createHotObservable([.next(220, "a"), .completed(300)])
      let latest = scheduler2.start { xs2.infallible.withLatestFrom(ys2.infallible) }
      expectEqual(latest.events, [.next(230, "a"), .completed(260)])
    }
  }

  // MARK: sharing and side effects

  @Test("share(replay:scope:) shares one subscription and replays to late subscribers")
  func share() {
    withLeakChecking {
      let subscriptions = Box(0)
      let subject = PublishSubject<Int>()
      let source = Infallible(raw: subject.asObservable())
        .do(onSubscribe: { subscriptions.value += 1 })
        .share(replay: 1)
      let first = Box<[Int]>([])
      let second = Box<[Int]>([])
      let a = source.subscribe(onNext: { value in first.mutate { $0.append(value) } })
      subject.onNext(1)
      let b = source.subscribe(onNext: { value in second.mutate { $0.append(value) } })
      subject.onNext(2)
      expectEqual(first.value, [1, 2])
      expectEqual(second.value, [1, 2])
      expectEqual(subscriptions.value, 1)
      a.dispose()
      b.dispose()
      #expect(!subject.hasObservers)
      let negative = Infallible.just(1).share(replay: -1)
      let received = Box<[Int]>([])
      _ = negative.subscribe(onNext: { value in received.mutate { $0.append(value) } })
      expectEqual(received.value, [1])
    }
  }

  @Test("do runs its handlers in order")
  func doHandlers() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
      let log = Box<[String]>([])
      let res = scheduler.start {
        xs.infallible.do(
          onNext: { value in log.mutate { $0.append("onNext \(value)") } },
          afterNext: { value in log.mutate { $0.append("afterNext \(value)") } },
          onCompleted: { log.mutate { $0.append("onCompleted") } },
          afterCompleted: { log.mutate { $0.append("afterCompleted") } },
          onSubscribe: { log.mutate { $0.append("onSubscribe") } },
          onSubscribed: { log.mutate { $0.append("onSubscribed") } },
          onDispose: { log.mutate { $0.append("onDispose") } })
      }
      expectEqual(res.events, [.next(210, 1), .completed(220)])
      expectEqual(
        log.value,
        [
          "onSubscribe", "onSubscribed", "onNext 1", "afterNext 1", "onCompleted",
          "afterCompleted", "onDispose",
        ])
    }
  }

  @Test("of, from and deferred create Infallibles")
  func creation() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let of = scheduler.start { Infallible.of(1, 2) }
      expectEqual(of.events, [.next(200, 1), .next(200, 2), .completed(200)])
      let array = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Infallible.from([3])
      }
      expectEqual(array.events, [.next(1200, 3), .completed(1200)])
      let calls = Box(0)
      let deferred = Infallible.deferred {
        calls.value += 1
        return Infallible.just(calls.value)
      }
      expectEqual(calls.value, 0)
      let first = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) { deferred }
      let second = scheduler.start(created: 3100, subscribed: 3200, disposed: 4000) { deferred }
      expectEqual(first.events, [.next(2200, 1), .completed(2200)])
      expectEqual(second.events, [.next(3200, 2), .completed(3200)])
    }
  }

  // MARK: reentrancy and release

  @Test("an observer may emit into the source and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = Infallible(raw: subject.asObservable())
        .map { $0 + 1 }
        .filter { $0 > 0 }
        .scan(0) { $0 + $1 }
        .subscribe(onNext: { value in
          received.mutate { $0.append(value) }
          if value < 5 { subject.onNext(1) } else { subscription.value?.dispose() }
        })
      subject.onNext(1)
      subject.onNext(100)
      expectEqual(received.value, [2, 4, 6])
      #expect(!subject.hasObservers)
      subscription.value = nil
    }
  }

  @Test("releases the closures' captures after completion")
  func releasesCaptures() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      let subject = PublishSubject<Int>()
      let subscription = Infallible(raw: subject.asObservable())
        .map { [tracked] value in
          _ = tracked
          return value
        }
        .flatMapLatest { [tracked] value in
          _ = tracked
          return Infallible.just(value)
        }
        .distinctUntilChanged { [tracked] in
          _ = tracked
          return $0
        }
        .subscribe()
      subject.onNext(1)
      subject.onCompleted()
      _ = subscription
    }
    #expect(weakTracked == nil)
  }
}
