import ObservableCore
import ObservableTesting
import Testing

@Suite("publish")
struct PublishTests {
  @Test("shares one source subscription among subscribers once connected")
  func sharesOneSubscription() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(240, 2), .next(270, 3), .completed(300),
      ])
      let connectable = xs.publish()
      let first = scheduler.createObserver(Int.self)
      let second = scheduler.createObserver(Int.self)
      let subscriptions = Box<[any Disposable]>([])
      scheduler.scheduleAt(200) {
        subscriptions.mutate { $0.append(connectable.subscribe(first)) }
        subscriptions.mutate { $0.append(connectable.connect()) }
      }
      scheduler.scheduleAt(250) {
        subscriptions.mutate { $0.append(connectable.subscribe(second)) }
      }
      scheduler.start()
      expectEqual(first.events, [.next(210, 1), .next(240, 2), .next(270, 3), .completed(300)])
      expectEqual(second.events, [.next(270, 3), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
      subscriptions.value = []
    }
  }

  @Test("replays nothing to late subscribers")
  func noReplay() {
    withLeakChecking {
      let source = PublishSubject<Int>()
      let connectable = source.publish()
      let connection = connectable.connect()
      source.onNext(1)
      let observer = TestableObserver<Int>()
      let subscription = connectable.subscribe(observer)
      source.onNext(2)
      expectEqual(observer.elements, [2])
      subscription.dispose()
      connection.dispose()
      #expect(!source.hasObservers)
    }
  }
}
