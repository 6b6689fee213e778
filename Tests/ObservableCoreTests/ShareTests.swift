import Dispatch
import ObservableCore
import ObservableTesting
import Testing

/// Schedules a subscription of `observer` to `source` at `subscribed` and its disposal at
/// `disposed`.
private func subscribe<Element: Sendable>(
  _ scheduler: TestScheduler, _ source: Observable<Element>,
  _ observer: TestableObserver<Element>, at subscribed: TestTime, disposeAt disposed: TestTime
) {
  let subscription = Box<(any Disposable)?>(nil)
  scheduler.scheduleAt(subscribed) { subscription.value = source.subscribe(observer) }
  scheduler.scheduleAt(disposed) {
    subscription.value?.dispose()
    subscription.value = nil
  }
}

/// A source that counts its subscriptions and emits `1`, `2`, then completes, synchronously.
private func countingSource(_ subscriptions: Box<Int>) -> Observable<Int> {
  Observable<Int>.create { observer in
    subscriptions.mutate { $0 += 1 }
    observer.onNext(1)
    observer.onNext(2)
    observer.onCompleted()
    return Disposables.create()
  }
}

@Suite("share")
struct ShareTests {
  @Test("shares one source subscription while there are subscribers")
  func sharesOneSubscription() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .next(320, 3)])
      let shared = xs.share()
      let first = scheduler.createObserver(Int.self)
      let second = scheduler.createObserver(Int.self)
      subscribe(scheduler, shared, first, at: 200, disposeAt: 300)
      subscribe(scheduler, shared, second, at: 250, disposeAt: 400)
      scheduler.start()
      expectEqual(first.events, [.next(210, 1), .next(260, 2)])
      expectEqual(second.events, [.next(260, 2), .next(320, 3)])
      expectEqual(xs.subscriptions, [Subscription(200, 400)])
    }
  }

  @Test("share(replay: 1) replays the latest element to a late subscriber")
  func replayOne() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(320, 3)])
      let shared = xs.share(replay: 1)
      let first = scheduler.createObserver(Int.self)
      let second = scheduler.createObserver(Int.self)
      subscribe(scheduler, shared, first, at: 200, disposeAt: 400)
      subscribe(scheduler, shared, second, at: 250, disposeAt: 400)
      scheduler.start()
      expectEqual(first.events, [.next(210, 1), .next(220, 2), .next(320, 3)])
      expectEqual(second.events, [.next(250, 2), .next(320, 3)])
      expectEqual(xs.subscriptions, [Subscription(200, 400)])
    }
  }

  @Test("share(replay: 2) replays the two latest elements")
  func replayTwo() {
    withLeakChecking {
      let source = PublishSubject<Int>()
      let shared = source.share(replay: 2)
      let first = shared.subscribe(onNext: { _ in })
      for value in 1...3 { source.onNext(value) }
      let observer = TestableObserver<Int>()
      shared.subscribe(observer).dispose()
      expectEqual(observer.elements, [2, 3])
      first.dispose()
    }
  }

  @Test(".whileConnected: after the count drops to zero, a fresh connection and empty buffer")
  func whileConnectedAfterDisconnect() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(360, 2)])
      let shared = xs.share(replay: 1, scope: .whileConnected)
      let first = scheduler.createObserver(Int.self)
      let second = scheduler.createObserver(Int.self)
      subscribe(scheduler, shared, first, at: 200, disposeAt: 300)
      subscribe(scheduler, shared, second, at: 350, disposeAt: 450)
      scheduler.start()
      expectEqual(first.events, [.next(210, 1)])
      expectEqual(second.events, [.next(360, 2)])
      expectEqual(xs.subscriptions, [Subscription(200, 300), Subscription(350, 450)])
    }
  }

  @Test(".forever: after the count drops to zero, the stale buffer and a new connection")
  func foreverAfterDisconnect() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(360, 2)])
      let shared = xs.share(replay: 1, scope: .forever)
      let first = scheduler.createObserver(Int.self)
      let second = scheduler.createObserver(Int.self)
      subscribe(scheduler, shared, first, at: 200, disposeAt: 300)
      subscribe(scheduler, shared, second, at: 350, disposeAt: 450)
      scheduler.start()
      expectEqual(first.events, [.next(210, 1)])
      expectEqual(second.events, [.next(350, 1), .next(360, 2)])
      expectEqual(xs.subscriptions, [Subscription(200, 300), Subscription(350, 450)])
    }
  }

  @Test(".whileConnected: after the source completes, the next subscriber subscribes again")
  func whileConnectedAfterCompletion() {
    withLeakChecking {
      let subscriptions = Box(0)
      let shared = countingSource(subscriptions).share(replay: 1)
      let first = TestableObserver<Int>()
      let second = TestableObserver<Int>()
      _ = shared.subscribe(first)
      _ = shared.subscribe(second)
      expectEqual(first.events, [.next(0, 1), .next(0, 2), .completed(0)])
      expectEqual(second.events, [.next(0, 1), .next(0, 2), .completed(0)])
      expectEqual(subscriptions.value, 2)
    }
  }

  @Test(".forever: after the source completes, later subscribers get the replay and completion")
  func foreverAfterCompletion() {
    withLeakChecking {
      let subscriptions = Box(0)
      let shared = countingSource(subscriptions).share(replay: 1, scope: .forever)
      let first = TestableObserver<Int>()
      let second = TestableObserver<Int>()
      let third = TestableObserver<Int>()
      _ = shared.subscribe(first)
      _ = shared.subscribe(second)
      _ = shared.subscribe(third)
      expectEqual(first.events, [.next(0, 1), .next(0, 2), .completed(0)])
      expectEqual(second.events, [.next(0, 2), .completed(0)])
      expectEqual(third.events, [.next(0, 2), .completed(0)])
      expectEqual(subscriptions.value, 1)
    }
  }

  @Test(".forever without replay: later subscribers get only the completion")
  func foreverWithoutReplay() {
    withLeakChecking {
      let subscriptions = Box(0)
      let shared = countingSource(subscriptions).share(scope: .forever)
      let first = TestableObserver<Int>()
      let second = TestableObserver<Int>()
      _ = shared.subscribe(first)
      _ = shared.subscribe(second)
      expectEqual(first.events, [.next(0, 1), .next(0, 2), .completed(0)])
      expectEqual(second.events, [.completed(0)])
      expectEqual(subscriptions.value, 1)
    }
  }

  @Test("forwards the source's error to every subscriber")
  func error() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(300, testError)])
      let shared = xs.share(replay: 1)
      let first = scheduler.createObserver(Int.self)
      let second = scheduler.createObserver(Int.self)
      subscribe(scheduler, shared, first, at: 200, disposeAt: 1000)
      subscribe(scheduler, shared, second, at: 250, disposeAt: 1000)
      scheduler.start()
      expectEqual(first.events, [.next(210, 1), .error(300, testError)])
      expectEqual(second.events, [.next(250, 1), .error(300, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("a negative replay count fails with argumentOutOfRange")
  func negativeReplay() {
    withLeakChecking {
      let observer = TestableObserver<Int>()
      _ = Observable.of(1).share(replay: -1).subscribe(observer)
      expectEqual(observer.events, [.error(0, RxError.argumentOutOfRange)])
    }
  }

  @Test("disconnects a synchronous source as soon as the last subscriber leaves")
  func disconnectsWhileConnecting() {
    withLeakChecking {
      let emitted = Box(0)
      let source = Observable.from(0..<1_000_000).map { value -> Int in
        emitted.mutate { $0 += 1 }
        return value
      }
      let observer = TestableObserver<Int>()
      _ = source.share(replay: 1).take(3).subscribe(observer)
      expectEqual(observer.events, [.next(0, 0), .next(0, 1), .next(0, 2), .completed(0)])
      expectEqual(emitted.value, 3)
    }
  }

  @Test("a subscriber that resubscribes from its completion handler starts a new connection")
  func resubscribeOnCompletion() {
    withLeakChecking {
      let subscriptions = Box(0)
      let shared = countingSource(subscriptions).share()
      let second = TestableObserver<Int>()
      _ = shared.subscribe(onCompleted: { _ = shared.subscribe(second) })
      expectEqual(second.events, [.next(0, 1), .next(0, 2), .completed(0)])
      expectEqual(subscriptions.value, 2)
    }
  }

  @Test("an observer may dispose itself and subscribe another from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let source = PublishSubject<Int>()
      let shared = source.share(replay: 1)
      let late = TestableObserver<Int>()
      let lateSubscription = Box<(any Disposable)?>(nil)
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = shared.subscribe(onNext: { _ in
        lateSubscription.value = shared.subscribe(late)
        subscription.value?.dispose()
      })
      source.onNext(1)
      source.onNext(2)
      expectEqual(late.elements, [1, 2])
      #expect(source.hasObservers)
      lateSubscription.value?.dispose()
      #expect(!source.hasObservers)
      subscription.value = nil
      lateSubscription.value = nil
    }
  }

  @Test("releases subscribers, the subject and the connection after the last one leaves")
  func releases() {
    weak var subscriberCapture: Tracked?
    weak var element: Tracked?
    withLeakChecking {
      let source = PublishSubject<Tracked>()
      let shared = source.share(replay: 1)
      do {
        let capture = Tracked()
        let sent = Tracked()
        subscriberCapture = capture
        element = sent
        let subscription = shared.subscribe(onNext: { _ in _ = capture })
        source.onNext(sent)
        subscription.dispose()
      }
      #expect(subscriberCapture == nil)
      #expect(element == nil)
      #expect(!source.hasObservers)
    }
  }

  @Test("concurrent subscribers always join a live connection")
  func concurrent() async {
    let source = PublishSubject<Int>()
    let shared = source.share(replay: 1)
    let churnersLeft = _Atomic<Int>(3)
    let stuck = _Atomic<Int>(0)
    let group = DispatchGroup()
    // Queues of their own: long blocks on DispatchQueue.global() would hold the threads that
    // Swift's global executor runs on, and starve the async tests running alongside.
    DispatchQueue(label: "ShareTests.concurrent").async(group: group) {
      var value = 0
      while churnersLeft.load(ordering: .relaxed) > 0 {
        source.onNext(value)
        value += 1
      }
    }
    for _ in 0..<3 {
      DispatchQueue(label: "ShareTests.concurrent").async(group: group) {
        let clock = ContinuousClock()
        for _ in 0..<200 {
          let observer = TestableObserver<Int>()
          let subscription = shared.subscribe(observer)
          // Poll until an element sent after subscribing arrives.
          let deadline = clock.now.advanced(by: .seconds(10))
          while observer.elements.count < 2, clock.now < deadline {}
          if observer.elements.count < 2 { stuck.add(1, ordering: .relaxed) }
          let elements = observer.elements
          #expect(zip(elements, elements.dropFirst()).allSatisfy { $0 < $1 })
          subscription.dispose()
        }
        churnersLeft.subtract(1, ordering: .relaxed)
      }
    }
    await withCheckedContinuation { continuation in
      group.notify(queue: .global()) { continuation.resume() }
    }
    #expect(stuck.load(ordering: .relaxed) == 0)
    #expect(!source.hasObservers)
  }
}
