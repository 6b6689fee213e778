import ObservableCore
import ObservableTesting
import Testing

@Suite("publish and replay: events, disposal, reentrancy")
struct PublishReplayEventsTests {
  @Test("publish: subscribers get the connection's elements and completion")
  func publishCompletion() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(230, 2), .next(250, 3), .completed(300),
      ])
      let published = xs.publish()
      let connection = Box<(any Disposable)?>(nil)
      scheduler.scheduleAt(220) { connection.value = published.connect() }
      scheduler.scheduleAt(1000) { connection.value?.dispose() }
      let res = scheduler.start { published }
      expectEqual(res.events, [.next(230, 2), .next(250, 3), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(220, 300)])
      connection.value = nil
    }
  }

  @Test("publish: the source's error reaches every subscriber")
  func publishError() {
    withLeakChecking {
      let source = PublishSubject<Int>()
      let published = source.publish()
      let first = TestableObserver<Int>()
      let second = TestableObserver<Int>()
      let subscriptions = [published.subscribe(first), published.subscribe(second)]
      let connection = published.connect()
      source.onNext(1)
      source.onError(testError)
      expectEqual(first.events, [.next(0, 1), .error(0, testError)])
      expectEqual(second.events, first.events)
      #expect(!source.hasObservers)
      for subscription in subscriptions { subscription.dispose() }
      connection.dispose()
    }
  }

  @Test("publish: disposing the connection disposes the source subscription")
  func publishDisconnect() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])
      let published = xs.publish()
      let connection = Box<(any Disposable)?>(nil)
      scheduler.scheduleAt(205) { connection.value = published.connect() }
      scheduler.scheduleAt(240) { connection.value?.dispose() }
      let res = scheduler.start { published }
      expectEqual(res.events, [.next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(205, 240)])
      connection.value = nil
    }
  }

  @Test("publish: a subscriber added from inside onNext receives only later elements")
  func publishReentrantSubscribe() {
    withLeakChecking {
      let source = PublishSubject<Int>()
      let published = source.publish()
      let late = TestableObserver<Int>()
      let lateSubscription = Box<(any Disposable)?>(nil)
      let first = published.subscribe(onNext: { value in
        if value == 1 { lateSubscription.value = published.subscribe(late) }
      })
      let connection = published.connect()
      source.onNext(1)
      source.onNext(2)
      expectEqual(late.elements, [2])
      first.dispose()
      lateSubscription.value?.dispose()
      lateSubscription.value = nil
      connection.dispose()
    }
  }

  @Test("replay: a late subscriber during the connection gets the buffer, then the error")
  func replayError() {
    withLeakChecking {
      let source = PublishSubject<Int>()
      let replayed = source.replay(1)
      let early = TestableObserver<Int>()
      let earlySubscription = replayed.subscribe(early)
      let connection = replayed.connect()
      source.onNext(1)
      source.onNext(2)
      let late = TestableObserver<Int>()
      let lateSubscription = replayed.subscribe(late)
      source.onError(testError)
      expectEqual(early.events, [.next(0, 1), .next(0, 2), .error(0, testError)])
      expectEqual(late.events, [.next(0, 2), .error(0, testError)])
      #expect(!source.hasObservers)
      earlySubscription.dispose()
      lateSubscription.dispose()
      connection.dispose()
    }
  }

  @Test("replay: disposing the connection disposes the source; subscribers may dispose early")
  func replayDisposal() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
      let replayed = xs.replay(1)
      let connection = Box<(any Disposable)?>(nil)
      scheduler.scheduleAt(200) { connection.value = replayed.connect() }
      scheduler.scheduleAt(250) { connection.value?.dispose() }
      let res = scheduler.start(created: 100, subscribed: 220, disposed: 240) { replayed }
      expectEqual(res.events, [.next(220, 1), .next(230, 2)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
      connection.value = nil
    }
  }

  @Test("replay: a subscriber may dispose itself from inside onNext")
  func replayReentrantDispose() {
    withLeakChecking {
      let source = PublishSubject<Int>()
      let replayed = source.replayAll()
      let connection = replayed.connect()
      source.onNext(1)
      source.onNext(2)
      let received = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = replayed.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 3 { subscription.value?.dispose() }
      })
      source.onNext(3)
      source.onNext(4)
      expectEqual(received.value, [1, 2, 3])
      subscription.value = nil
      connection.dispose()
    }
  }

  @Test("publish and replay release the source and subscribers after disconnecting")
  func release() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      let source = PublishSubject<Int>()
      let replayed = source.map { [tracked] value in
        _ = tracked
        return value
      }.replay(1)
      let subscription = replayed.subscribe(onNext: { [tracked] _ in _ = tracked })
      let connection = replayed.connect()
      source.onNext(1)
      subscription.dispose()
      connection.dispose()
    }
    #expect(weakTracked == nil)
  }
}
