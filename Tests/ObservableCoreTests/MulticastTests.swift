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

/// Schedules `connectable.connect()` at `connected` and disposing the connection at
/// `disconnected`.
private func connect<Element: Sendable>(
  _ scheduler: TestScheduler, _ connectable: ConnectableObservable<Element>,
  at connected: TestTime, disconnectAt disconnected: TestTime
) {
  let connection = Box<(any Disposable)?>(nil)
  scheduler.scheduleAt(connected) { connection.value = connectable.connect() }
  scheduler.scheduleAt(disconnected) {
    connection.value?.dispose()
    connection.value = nil
  }
}

@Suite("multicast")
struct MulticastTests {
  @Test("subscribers receive the source only while it is connected")
  func connectWindows() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(240, 2), .next(270, 3), .next(310, 4), .next(330, 5),
        .next(410, 6),
      ])
      let connectable = xs.multicast(PublishSubject<Int>())
      let observer = scheduler.createObserver(Int.self)
      subscribe(scheduler, connectable.asObservable(), observer, at: 200, disposeAt: 1000)
      connect(scheduler, connectable, at: 230, disconnectAt: 300)
      connect(scheduler, connectable, at: 320, disconnectAt: 400)
      scheduler.start()
      expectEqual(observer.events, [.next(240, 2), .next(270, 3), .next(330, 5)])
      expectEqual(xs.subscriptions, [Subscription(230, 300), Subscription(320, 400)])
    }
  }

  @Test("connect while connected returns the same connection and subscribes once")
  func connectTwice() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1)])
      let connectable = xs.multicast(PublishSubject<Int>())
      let same = Box(false)
      scheduler.scheduleAt(200) {
        let first = connectable.connect()
        let second = connectable.connect()
        same.value = (first as AnyObject) === (second as AnyObject)
        second.dispose()
      }
      scheduler.start()
      #expect(same.value)
      expectEqual(xs.subscriptions, [Subscription(200, 200)])
    }
  }

  @Test("disposing a subscriber does not disconnect")
  func subscriberDisposalKeepsConnection() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
      let connectable = xs.multicast(PublishSubject<Int>())
      let observer = scheduler.createObserver(Int.self)
      subscribe(scheduler, connectable.asObservable(), observer, at: 200, disposeAt: 250)
      connect(scheduler, connectable, at: 205, disconnectAt: 500)
      scheduler.start()
      expectEqual(observer.events, [.next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(205, 500)])
    }
  }

  @Test("the source's completion reaches subscribers and ends the connection")
  func completion() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(250), .next(460, 9)])
      let connectable = xs.multicast(PublishSubject<Int>())
      let early = scheduler.createObserver(Int.self)
      let late = scheduler.createObserver(Int.self)
      subscribe(scheduler, connectable.asObservable(), early, at: 200, disposeAt: 1000)
      subscribe(scheduler, connectable.asObservable(), late, at: 300, disposeAt: 1000)
      connect(scheduler, connectable, at: 200, disconnectAt: 1000)
      // A fixed subject stays completed, but connecting again subscribes the source again.
      connect(scheduler, connectable, at: 450, disconnectAt: 500)
      scheduler.start()
      expectEqual(early.events, [.next(210, 1), .completed(250)])
      expectEqual(late.events, [.completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 250), Subscription(450, 500)])
    }
  }

  @Test("the source's error reaches subscribers and ends the connection")
  func error() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(250, testError)])
      let connectable = xs.multicast(PublishSubject<Int>())
      let observer = scheduler.createObserver(Int.self)
      subscribe(scheduler, connectable.asObservable(), observer, at: 200, disposeAt: 1000)
      connect(scheduler, connectable, at: 200, disconnectAt: 1000)
      scheduler.start()
      expectEqual(observer.events, [.next(210, 1), .error(250, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("with a fixed subject, subscribers receive again after reconnecting")
  func fixedSubjectSurvivesDisconnect() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(240, 1), .next(330, 2)])
      let connectable = xs.multicast(ReplaySubject<Int>.create(bufferSize: 1))
      let first = scheduler.createObserver(Int.self)
      let second = scheduler.createObserver(Int.self)
      subscribe(scheduler, connectable.asObservable(), first, at: 200, disposeAt: 1000)
      subscribe(scheduler, connectable.asObservable(), second, at: 310, disposeAt: 1000)
      connect(scheduler, connectable, at: 230, disconnectAt: 300)
      connect(scheduler, connectable, at: 320, disconnectAt: 400)
      scheduler.start()
      expectEqual(first.events, [.next(240, 1), .next(330, 2)])
      expectEqual(second.events, [.next(310, 1), .next(330, 2)])
    }
  }

  @Test("makeSubject: each connection gets a fresh subject")
  func freshSubjectPerConnection() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(240, 1), .next(330, 2)])
      let made = Box(0)
      let connectable = xs.multicast(makeSubject: { () -> ReplaySubject<Int> in
        made.mutate { $0 += 1 }
        return ReplaySubject.create(bufferSize: 1)
      })
      let first = scheduler.createObserver(Int.self)
      let second = scheduler.createObserver(Int.self)
      subscribe(scheduler, connectable.asObservable(), first, at: 200, disposeAt: 1000)
      subscribe(scheduler, connectable.asObservable(), second, at: 310, disposeAt: 1000)
      connect(scheduler, connectable, at: 230, disconnectAt: 300)
      connect(scheduler, connectable, at: 320, disconnectAt: 400)
      scheduler.start()
      // `first` stays on the first connection's subject; `second` gets an empty buffer.
      expectEqual(first.events, [.next(240, 1)])
      expectEqual(second.events, [.next(330, 2)])
      expectEqual(made.value, 2)
    }
  }

  @Test("makeSubject: after the source completes, a new subscriber starts fresh")
  func freshSubjectAfterCompletion() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(250), .next(460, 9)])
      let connectable = xs.multicast(makeSubject: { PublishSubject<Int>() })
      let early = scheduler.createObserver(Int.self)
      let late = scheduler.createObserver(Int.self)
      subscribe(scheduler, connectable.asObservable(), early, at: 200, disposeAt: 1000)
      subscribe(scheduler, connectable.asObservable(), late, at: 300, disposeAt: 1000)
      connect(scheduler, connectable, at: 200, disconnectAt: 1000)
      connect(scheduler, connectable, at: 450, disconnectAt: 500)
      scheduler.start()
      expectEqual(early.events, [.next(210, 1), .completed(250)])
      expectEqual(late.events, [.next(460, 9)])
      expectEqual(xs.subscriptions, [Subscription(200, 250), Subscription(450, 500)])
    }
  }

  @Test("a synchronous source delivers to subscribers while connecting")
  func synchronousSource() {
    withLeakChecking {
      let connectable = Observable.of(1, 2, 3).multicast(makeSubject: { PublishSubject<Int>() })
      let observer = TestableObserver<Int>()
      let subscription = connectable.subscribe(observer)
      _ = connectable.connect()
      expectEqual(observer.events, [.next(0, 1), .next(0, 2), .next(0, 3), .completed(0)])
      subscription.dispose()
    }
  }

  @Test("a subscriber may connect and disconnect from inside onNext")
  func reentrantConnect() {
    withLeakChecking {
      let source = PublishSubject<Int>()
      let connectable = source.multicast(PublishSubject<Int>())
      let connection = Box<(any Disposable)?>(nil)
      let received = Box<[Int]>([])
      let trigger = PublishSubject<Int>()
      let triggerSubscription = trigger.subscribe(onNext: { _ in
        connection.value = connectable.connect()
      })
      let subscription = connectable.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 2 { connection.value?.dispose() }
      })
      source.onNext(0)
      trigger.onNext(0)
      source.onNext(1)
      source.onNext(2)
      source.onNext(3)
      expectEqual(received.value, [1, 2])
      #expect(!source.hasObservers)
      subscription.dispose()
      triggerSubscription.dispose()
      connection.value = nil
    }
  }

  @Test("releases subscribers when the source completes")
  func releasesSubscribers() {
    weak var subscriberCapture: Tracked?
    withLeakChecking {
      let source = PublishSubject<Int>()
      let connectable = source.multicast(makeSubject: { PublishSubject<Int>() })
      do {
        let tracked = Tracked()
        subscriberCapture = tracked
        _ = connectable.subscribe(onNext: { _ in _ = tracked })
      }
      _ = connectable.connect()
      #expect(subscriberCapture != nil)
      source.onCompleted()
      #expect(subscriberCapture == nil)
    }
  }

  @Test("disconnecting releases the source subscription")
  func releasesSourceSubscription() {
    let resource = _Mutex(WeakTracked())
    withLeakChecking {
      let source = Observable<Int>.create { _ in
        let tracked = Tracked()
        resource.withLock { $0.value = tracked }
        return Disposables.create { _ = tracked }
      }
      let connection = source.publish().connect()
      #expect(resource.withLock { $0.value } != nil)
      connection.dispose()
      #expect(resource.withLock { $0.value } == nil)
    }
  }
}

/// A weak reference that a `Mutex` can hold.
private struct WeakTracked: Sendable {
  weak var value: Tracked?
}
