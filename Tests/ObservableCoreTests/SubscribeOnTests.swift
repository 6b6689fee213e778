import Dispatch
import ObservableCore
import ObservableTesting
import Testing

@Suite("subscribe(on:)")
struct SubscribeOnTests {
  @Test("subscribes and disposes as scheduled work")
  func schedulerSleep() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let times = Box<(subscribed: Int, disposed: Int)>((0, 0))
      let xs = Observable<Int>.create { _ in
        times.mutate { $0.subscribed = scheduler.clock }
        return Disposables.create { times.mutate { $0.disposed = scheduler.clock } }
      }
      let res = scheduler.start { xs.subscribe(on: scheduler) }
      expectEqual(res.events, [])
      expectEqual(times.value.subscribed, 201)
      expectEqual(times.value.disposed, 1001)
    }
  }

  @Test("completion: the upstream is disposed on the scheduler afterwards")
  func completed() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs: TestableObservable<Int> = scheduler.createHotObservable([.completed(300)])
      let res = scheduler.start { xs.subscribe(on: scheduler) }
      expectEqual(res.events, [.completed(300)])
      expectEqual(xs.subscriptions, [Subscription(201, 301)])
    }
  }

  @Test("error: the upstream is disposed on the scheduler afterwards")
  func error() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs: TestableObservable<Int> = scheduler.createHotObservable([.error(300, testError)])
      let res = scheduler.start { xs.subscribe(on: scheduler) }
      expectEqual(res.events, [.error(300, testError)])
      expectEqual(xs.subscriptions, [Subscription(201, 301)])
    }
  }

  @Test("dispose: elements pass until the subscription is disposed")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2)])
      let res = scheduler.start { xs.subscribe(on: scheduler) }
      expectEqual(res.events, [.next(210, 2)])
      expectEqual(xs.subscriptions, [Subscription(201, 1001)])
    }
  }

  @Test("disposing before the scheduled subscription never subscribes")
  func disposeBeforeSubscribing() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 2)])
      let res = scheduler.start(created: 100, subscribed: 200, disposed: 200) {
        xs.subscribe(on: scheduler)
      }
      expectEqual(res.events, [])
      expectEqual(xs.subscriptions, [])
    }
  }

  @Test("subscribes on the scheduler's queue")
  func realQueue() async {
    await withLeakChecking {
      let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "subscribe-on-test")
      let key = DispatchSpecificKey<Int>()
      let queue = DispatchQueue(label: "subscribe-on-target")
      queue.setSpecific(key: key, value: 7)
      let onQueue = SerialDispatchQueueScheduler(
        queue: queue, internalSerialQueueName: "subscribe-on-serial")
      let seen = Box<[Int?]>([])
      let observer = TestableObserver<Int>()
      let subscription = Observable<Int>.create { observer in
        seen.mutate { $0.append(DispatchQueue.getSpecific(key: key)) }
        observer.onNext(1)
        observer.onCompleted()
        return Disposables.create()
      }
      .subscribe(on: onQueue)
      .subscribe(observer)
      #expect(await observer.waitForTermination())
      expectEqual(seen.value, [7])
      subscription.dispose()
      _ = scheduler
    }
  }
}
