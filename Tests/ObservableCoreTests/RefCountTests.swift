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

@Suite("refCount")
struct RefCountTests {
  @Test("connects with the first subscriber and disconnects when the last one leaves")
  func connectionWindow() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(260, 2), .next(320, 3), .next(420, 4),
      ])
      let shared = xs.publish().refCount()
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

  @Test("reconnects for a subscriber after the count dropped to zero")
  func reconnect() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(360, 2)])
      let shared = xs.publish().refCount()
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

  @Test("the source's completion ends the connection; the next subscriber reconnects")
  func completionThenReconnect() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .completed(300), .next(360, 2),
      ])
      let shared = xs.publish().refCount()
      let first = scheduler.createObserver(Int.self)
      let second = scheduler.createObserver(Int.self)
      subscribe(scheduler, shared, first, at: 200, disposeAt: 1000)
      subscribe(scheduler, shared, second, at: 350, disposeAt: 400)
      scheduler.start()
      expectEqual(first.events, [.next(210, 1), .completed(300)])
      expectEqual(second.events, [.next(360, 2)])
      expectEqual(xs.subscriptions, [Subscription(200, 300), Subscription(350, 400)])
    }
  }

  @Test("forwards the source's error")
  func error() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(300, testError)])
      let shared = xs.publish().refCount()
      let first = scheduler.createObserver(Int.self)
      let second = scheduler.createObserver(Int.self)
      subscribe(scheduler, shared, first, at: 200, disposeAt: 1000)
      subscribe(scheduler, shared, second, at: 250, disposeAt: 1000)
      scheduler.start()
      expectEqual(first.events, [.next(210, 1), .error(300, testError)])
      expectEqual(second.events, [.error(300, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("a subscriber of a terminated fixed subject is not counted and does not reconnect")
  func terminatedFixedSubject() {
    withLeakChecking {
      let subscriptions = Box(0)
      let source = Observable<Int>.create { observer in
        subscriptions.mutate { $0 += 1 }
        observer.onNext(1)
        observer.onCompleted()
        return Disposables.create()
      }
      let shared = source.multicast(ReplaySubject<Int>.create(bufferSize: 1)).refCount()
      let first = TestableObserver<Int>()
      let second = TestableObserver<Int>()
      _ = shared.subscribe(first)
      _ = shared.subscribe(second)
      expectEqual(first.events, [.next(0, 1), .completed(0)])
      expectEqual(second.events, [.next(0, 1), .completed(0)])
      expectEqual(subscriptions.value, 1)
    }
  }

  @Test("with a fresh subject per connection, a synchronous source runs once per subscriber")
  func synchronousSourceResubscribes() {
    withLeakChecking {
      let subscriptions = Box(0)
      let source = Observable<Int>.create { observer in
        subscriptions.mutate { $0 += 1 }
        observer.onNext(1)
        observer.onCompleted()
        return Disposables.create()
      }
      let shared = source.publish().refCount()
      let first = TestableObserver<Int>()
      let second = TestableObserver<Int>()
      _ = shared.subscribe(first)
      _ = shared.subscribe(second)
      expectEqual(first.events, [.next(0, 1), .completed(0)])
      expectEqual(second.events, [.next(0, 1), .completed(0)])
      expectEqual(subscriptions.value, 2)
    }
  }

  @Test("disposes a connection made earlier with connect() when the last subscriber leaves")
  func adoptsExistingConnection() {
    withLeakChecking {
      let source = PublishSubject<Int>()
      let connectable = source.publish()
      _ = connectable.connect()
      #expect(source.hasObservers)
      let subscription = connectable.refCount().subscribe(onNext: { _ in })
      subscription.dispose()
      #expect(!source.hasObservers)
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
      _ = source.publish().refCount().take(3).subscribe(observer)
      expectEqual(observer.events, [.next(0, 0), .next(0, 1), .next(0, 2), .completed(0)])
      expectEqual(emitted.value, 3)
    }
  }

  @Test("an observer may dispose its subscription and subscribe another from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let source = PublishSubject<Int>()
      let shared = source.publish().refCount()
      let late = TestableObserver<Int>()
      let lateSubscription = Box<(any Disposable)?>(nil)
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = shared.subscribe(onNext: { value in
        lateSubscription.value = shared.subscribe(late)
        subscription.value?.dispose()
      })
      source.onNext(1)
      source.onNext(2)
      expectEqual(late.elements, [2])
      #expect(source.hasObservers)
      lateSubscription.value?.dispose()
      #expect(!source.hasObservers)
      subscription.value = nil
      lateSubscription.value = nil
    }
  }

  @Test("releases subscribers and the connection after the last subscriber leaves")
  func releases() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let source = PublishSubject<Int>()
      let shared = source.publish().refCount()
      do {
        let tracked = Tracked()
        weakTracked = tracked
        let subscription = shared.subscribe(onNext: { _ in _ = tracked })
        source.onNext(1)
        subscription.dispose()
      }
      #expect(weakTracked == nil)
      #expect(!source.hasObservers)
    }
  }

  @Test("concurrent subscribers and senders: the count stays consistent")
  func concurrent() async {
    let source = PublishSubject<Int>()
    let shared = source.replay(1).refCount()
    let observers = _Mutex<[TestableObserver<Int>]>([])
    let churnersLeft = _Atomic<Int>(3)
    let group = DispatchGroup()
    // Queues of their own: long blocks on DispatchQueue.global() would hold the threads that
    // Swift's global executor runs on, and starve the async tests running alongside.
    DispatchQueue(label: "RefCountTests.concurrent").async(group: group) {
      var value = 0
      while churnersLeft.load(ordering: .relaxed) > 0 {
        source.onNext(value)
        value += 1
      }
    }
    for _ in 0..<3 {
      DispatchQueue(label: "RefCountTests.concurrent").async(group: group) {
        for round in 0..<300 {
          let observer = TestableObserver<Int>()
          let subscription = shared.subscribe(observer)
          for _ in 0..<(round % 10) * 50 { _ = churnersLeft.load(ordering: .relaxed) }
          subscription.dispose()
          observers.withLock { $0.append(observer) }
        }
        churnersLeft.subtract(1, ordering: .relaxed)
      }
    }
    await withCheckedContinuation { continuation in
      group.notify(queue: .global()) { continuation.resume() }
    }
    #expect(!source.hasObservers)
    for observer in observers.withLock({ $0 }) {
      let elements = observer.elements
      // The source sends increasing values: a subscriber receives its replay, then later ones.
      #expect(zip(elements, elements.dropFirst()).allSatisfy { $0 < $1 })
    }
  }
}
