import ObservableCore
import ObservableTesting
import Testing

/// Runs `bind` at `subscribed` and disposes what it returned at `disposed`, then runs the
/// scheduler: `TestScheduler.start` for functions that return a disposable.
private func runBinding(
  _ scheduler: TestScheduler, subscribed: TestTime = 200, disposed: TestTime = 1000,
  _ bind: @escaping @Sendable () -> any Disposable
) {
  let binding = Box<(any Disposable)?>(nil)
  scheduler.scheduleAt(subscribed) { binding.value = bind() }
  scheduler.scheduleAt(disposed) {
    binding.value?.dispose()
    binding.value = nil
  }
  scheduler.start()
}

@Suite("bind(to:) observers")
struct BindToObserversTests {
  @Test("sends every event to each observer, and ends with the sequence")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 1), .next(210, 2), .next(220, 3), .completed(300), .next(310, 4),
      ])
      let first = scheduler.createObserver(Int.self)
      let second = scheduler.createObserver(Int.self)
      runBinding(scheduler) { xs.bind(to: first, second) }
      let expected: [Recorded<Event<Int>>] = [.next(210, 2), .next(220, 3), .completed(300)]
      expectEqual(first.events, expected)
      expectEqual(second.events, expected)
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("delivers each event to the observers in the order they were given")
  func order() {
    withLeakChecking {
      let log = Box<[String]>([])
      let a = AnyObserver<Int> { event in log.mutate { $0.append("a \(event)") } }
      let b = AnyObserver<Int> { event in log.mutate { $0.append("b \(event)") } }
      _ = Observable.of(1, 2).bind(to: a, b)
      expectEqual(
        log.value,
        [
          "a next(1)", "b next(1)", "a next(2)", "b next(2)", "a completed", "b completed",
        ])
    }
  }

  @Test("forwards an error to the observers, which decide what to do with it")
  func error() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 2), .error(230, testError)])
      let observer = scheduler.createObserver(Int.self)
      runBinding(scheduler) { xs.bind(to: observer) }
      expectEqual(observer.events, [.next(210, 2), .error(230, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("observers of optionals receive each element wrapped")
  func optionalObservers() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 2), .completed(300)])
      let observer = scheduler.createObserver(Int?.self)
      runBinding(scheduler) { xs.bind(to: observer) }
      expectEqual(observer.events, [.next(210, 2), .completed(300)])
    }
  }

  @Test("disposing the binding disposes the source and releases the observers")
  func disposal() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 2), .next(260, 3), .completed(300)])
      let received = Box<[Int]>([])
      do {
        let tracked = Tracked()
        weakTracked = tracked
        let observer = AnyObserver<Int> { event in
          _ = tracked
          if case .next(let value) = event { received.mutate { $0.append(value) } }
        }
        runBinding(scheduler, disposed: 250) { xs.bind(to: observer) }
      }
      expectEqual(received.value, [2])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
      #expect(weakTracked == nil)
    }
  }

  @Test("an Infallible sends its elements and completion to each observer")
  func infallible() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 2), .completed(300)])
      let first = scheduler.createObserver(Int.self)
      let optional = scheduler.createObserver(Int?.self)
      let infallible = Infallible(raw: xs.asObservable())
      runBinding(scheduler) {
        Disposables.create(infallible.bind(to: first), infallible.bind(to: optional))
      }
      expectEqual(first.events, [.next(210, 2), .completed(300)])
      expectEqual(optional.events, [.next(210, 2), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 300), Subscription(200, 300)])
    }
  }

  @Test("bind(to:) with a function calls it with the sequence and returns its result")
  func functionBinder() {
    withLeakChecking {
      let source = Observable.of(1, 2, 3)
      let count = source.bind(to: { (observable: Observable<Int>) -> Int in
        let seen = Box(0)
        _ = observable.subscribe(onNext: { _ in seen.mutate { $0 += 1 } })
        return seen.value
      })
      #expect(count == 3)
      let curried = source.bind(
        to: { (observable: Observable<Int>) in
          { (factor: Int) -> [Int] in
            let seen = Box<[Int]>([])
            _ = observable.subscribe(onNext: { value in seen.mutate { $0.append(value * factor) } })
            return seen.value
          }
        }, curriedArgument: 10)
      #expect(curried == [10, 20, 30])
      let infallible = Infallible.just(4)
      #expect(infallible.bind(to: { _ in "called" }) == "called")
      #expect(infallible.bind(to: { _ in { (x: Int) in x + 1 } }, curriedArgument: 1) == 2)
    }
  }
}

@Suite("bind(onNext:)")
struct BindOnNextTests {
  @Test("calls onNext with each element and ends with the sequence")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 1), .next(210, 2), .next(220, 3), .completed(300),
      ])
      let received = Box<[Int]>([])
      runBinding(scheduler) { xs.bind(onNext: { value in received.mutate { $0.append(value) } }) }
      expectEqual(received.value, [2, 3])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("an error ends the binding and goes to Hooks.defaultErrorHandler, without crashing")
  func error() {
    withLeakChecking {
      let reported = UnhandledErrors.recorder()
      let marker = TestError(id: 12_001)
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 2), .error(230, marker), .next(240, 3)])
      let received = Box<[Int]>([])
      runBinding(scheduler) { xs.bind(onNext: { value in received.mutate { $0.append(value) } }) }
      expectEqual(received.value, [2])
      expectEqual(reported.reports(of: marker).count, 1)
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("disposing the binding releases onNext's captures")
  func release() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let subject = PublishSubject<Int>()
      do {
        let tracked = Tracked()
        weakTracked = tracked
        subject.bind(onNext: { _ in _ = tracked }).dispose()
      }
      #expect(weakTracked == nil)
    }
  }

  @Test("an Infallible calls onNext with each element")
  func infallible() {
    withLeakChecking {
      let received = Box<[Int]>([])
      _ = Infallible.just(7).bind(onNext: { value in received.mutate { $0.append(value) } })
      expectEqual(received.value, [7])
    }
  }
}

@Suite("bind(to:) relays")
struct BindToRelaysTests {
  @Test("publish relays: each accepts every element, in order; completion does not reach them")
  func publishRelays() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 1), .next(210, 2), .next(220, 3), .completed(300),
      ])
      let first = PublishRelay<Int>()
      let second = PublishRelay<Int>()
      let log = Box<[String]>([])
      let subscriptions = Disposables.create(
        first.subscribe(onNext: { value in log.mutate { $0.append("first \(value)") } }),
        second.subscribe(onNext: { value in log.mutate { $0.append("second \(value)") } }))
      let observer = scheduler.createObserver(Int.self)
      let recorded = first.subscribe(observer)
      scheduler.scheduleAt(400) { first.accept(4) }
      runBinding(scheduler) { xs.bind(to: first, second) }
      expectEqual(log.value, ["first 2", "second 2", "first 3", "second 3", "first 4"])
      expectEqual(observer.events, [.next(210, 2), .next(220, 3), .next(400, 4)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
      subscriptions.dispose()
      recorded.dispose()
    }
  }

  @Test("publish relays: an error does not reach them; it goes to Hooks and ends the binding")
  func publishRelayError() {
    withLeakChecking {
      let reported = UnhandledErrors.recorder()
      let marker = TestError(id: 12_002)
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 2), .error(230, marker), .next(240, 3)])
      let relay = PublishRelay<Int>()
      let observer = scheduler.createObserver(Int.self)
      let recorded = relay.subscribe(observer)
      scheduler.scheduleAt(400) { relay.accept(4) }
      runBinding(scheduler) { xs.bind(to: relay) }
      expectEqual(observer.events, [.next(210, 2), .next(400, 4)])
      expectEqual(reported.reports(of: marker).count, 1)
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
      recorded.dispose()
    }
  }

  @Test("behavior relays: each takes every element as its value; completion does not reach them")
  func behaviorRelays() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(300)])
      let first = BehaviorRelay(value: 0)
      let second = BehaviorRelay(value: -1)
      let observer = scheduler.createObserver(Int.self)
      let recorded = first.subscribe(observer)
      runBinding(scheduler) { xs.bind(to: first, second) }
      expectEqual(observer.events, [.next(0, 0), .next(210, 2), .next(220, 3)])
      expectEqual(first.value, 3)
      expectEqual(second.value, 3)
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
      recorded.dispose()
    }
  }

  @Test("behavior relays: an error leaves the value alone and goes to Hooks")
  func behaviorRelayError() {
    withLeakChecking {
      let reported = UnhandledErrors.recorder()
      let marker = TestError(id: 12_003)
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 2), .error(230, marker)])
      let relay = BehaviorRelay(value: 0)
      let observer = scheduler.createObserver(Int.self)
      let recorded = relay.subscribe(observer)
      runBinding(scheduler) { xs.bind(to: relay) }
      expectEqual(observer.events, [.next(0, 0), .next(210, 2)])
      expectEqual(relay.value, 2)
      expectEqual(reported.reports(of: marker).count, 1)
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
      recorded.dispose()
    }
  }

  @Test("replay relays: each buffers every element for later subscribers")
  func replayRelays() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 2), .next(220, 3), .next(230, 4), .completed(300),
      ])
      let first = ReplayRelay<Int>.create(bufferSize: 2)
      let second = ReplayRelay<Int>.createUnbounded()
      runBinding(scheduler) { xs.bind(to: first, second) }
      let late = scheduler.createObserver(Int.self)
      let lateUnbounded = scheduler.createObserver(Int.self)
      let recorded = Disposables.create(first.subscribe(late), second.subscribe(lateUnbounded))
      expectEqual(late.events, [.next(1000, 3), .next(1000, 4)])
      expectEqual(lateUnbounded.events, [.next(1000, 2), .next(1000, 3), .next(1000, 4)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
      recorded.dispose()
    }
  }

  @Test("replay relays: an error is not replayed; it goes to Hooks")
  func replayRelayError() {
    withLeakChecking {
      let reported = UnhandledErrors.recorder()
      let marker = TestError(id: 12_004)
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 2), .error(230, marker)])
      let relay = ReplayRelay<Int>.createUnbounded()
      runBinding(scheduler) { xs.bind(to: relay) }
      let late = scheduler.createObserver(Int.self)
      let recorded = relay.subscribe(late)
      expectEqual(late.events, [.next(1000, 2)])
      expectEqual(reported.reports(of: marker).count, 1)
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
      recorded.dispose()
    }
  }

  @Test("relays of optionals accept each element wrapped")
  func optionalRelays() {
    withLeakChecking {
      let publish = PublishRelay<Int?>()
      let behavior = BehaviorRelay<Int?>(value: nil)
      let replay = ReplayRelay<Int?>.createUnbounded()
      let published = Box<[Int?]>([])
      let subscription = publish.subscribe(onNext: { value in
        published.mutate { $0.append(value) }
      })
      let source = Observable.of(1, 2)
      _ = source.bind(to: publish)
      _ = source.bind(to: behavior)
      _ = source.bind(to: replay)
      let replayed = Box<[Int?]>([])
      replay.subscribe(onNext: { value in replayed.mutate { $0.append(value) } }).dispose()
      expectEqual(published.value, [1, 2])
      expectEqual(behavior.value, 2)
      expectEqual(replayed.value, [1, 2])
      subscription.dispose()
    }
  }

  @Test("an Infallible binds to every kind of relay, plain and optional")
  func infallible() {
    withLeakChecking {
      let source = Infallible(raw: Observable.of(1, 2))
      let publish = PublishRelay<Int>()
      let publishOptional = PublishRelay<Int?>()
      let published = Box<[Int?]>([])
      let subscriptions = Disposables.create(
        publish.subscribe(onNext: { value in published.mutate { $0.append(value) } }),
        publishOptional.subscribe(onNext: { value in published.mutate { $0.append(value) } }))
      let behavior = BehaviorRelay(value: 0)
      let behaviorOptional = BehaviorRelay<Int?>(value: nil)
      let replay = ReplayRelay<Int>.createUnbounded()
      let replayOptional = ReplayRelay<Int?>.createUnbounded()
      _ = source.bind(to: publish)
      _ = source.bind(to: publishOptional)
      _ = source.bind(to: behavior)
      _ = source.bind(to: behaviorOptional)
      _ = source.bind(to: replay)
      _ = source.bind(to: replayOptional)
      expectEqual(published.value, [1, 2, 1, 2])
      expectEqual(behavior.value, 2)
      expectEqual(behaviorOptional.value, 2)
      let replayed = Box<[Int?]>([])
      replay.subscribe(onNext: { value in replayed.mutate { $0.append(value) } }).dispose()
      replayOptional.subscribe(onNext: { value in replayed.mutate { $0.append(value) } })
        .dispose()
      expectEqual(replayed.value, [1, 2, 1, 2])
      subscriptions.dispose()
    }
  }

  @Test("disposing the binding disposes the source and releases the relays")
  func disposal() {
    weak var weakPublish: PublishRelay<Int>?
    weak var weakBehavior: BehaviorRelay<Int>?
    weak var weakReplay: ReplayRelay<Int>?
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 2), .next(260, 3), .completed(300)])
      do {
        let publish = PublishRelay<Int>()
        let behavior = BehaviorRelay(value: 0)
        let replay = ReplayRelay<Int>.createUnbounded()
        weakPublish = publish
        weakBehavior = behavior
        weakReplay = replay
        runBinding(scheduler, disposed: 250) {
          Disposables.create(xs.bind(to: publish), xs.bind(to: behavior), xs.bind(to: replay))
        }
        expectEqual(behavior.value, 2)
      }
      expectEqual(
        xs.subscriptions,
        [
          Subscription(200, 250), Subscription(200, 250), Subscription(200, 250),
        ])
      #expect(weakPublish == nil)
      #expect(weakBehavior == nil)
      #expect(weakReplay == nil)
    }
  }

  @Test("a binding that ended with an error releases the relays")
  func releaseAfterError() {
    weak var weakRelay: PublishRelay<Int>?
    withLeakChecking {
      _ = UnhandledErrors.recorder()
      let source = PublishSubject<Int>()
      let binding: any Disposable
      do {
        let relay = PublishRelay<Int>()
        weakRelay = relay
        binding = source.bind(to: relay)
      }
      source.onError(TestError(id: 12_005))
      #expect(weakRelay == nil)
      binding.dispose()
    }
  }
}

@Suite("asInfallible() on relays")
struct RelayAsInfallibleTests {
  @Test("a publish relay's Infallible sends what the relay accepts and never ends")
  func publish() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let relay = PublishRelay<Int>()
      scheduler.scheduleAt(150) { relay.accept(1) }
      scheduler.scheduleAt(210) { relay.accept(2) }
      let res = scheduler.start { relay.asInfallible() }
      expectEqual(res.events, [.next(210, 2)])
    }
  }

  @Test("a behavior relay's Infallible starts with the current value")
  func behavior() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let relay = BehaviorRelay(value: 1)
      scheduler.scheduleAt(210) { relay.accept(2) }
      let res = scheduler.start { relay.asInfallible() }
      expectEqual(res.events, [.next(200, 1), .next(210, 2)])
    }
  }

  @Test("a replay relay's Infallible replays the buffer")
  func replay() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let relay = ReplayRelay<Int>.create(bufferSize: 1)
      scheduler.scheduleAt(150) { relay.accept(0) }
      scheduler.scheduleAt(160) { relay.accept(1) }
      scheduler.scheduleAt(210) { relay.accept(2) }
      let res = scheduler.start { relay.asInfallible() }
      expectEqual(res.events, [.next(200, 1), .next(210, 2)])
    }
  }
}
