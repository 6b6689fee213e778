import ObservableCore
import ObservableTesting
import Testing

/// A resource that counts its disposals and runs a hook when disposed.
private final class TraitResource: Disposable {
  let disposals = Box(0)
  let onDispose: @Sendable () -> Void

  init(onDispose: @escaping @Sendable () -> Void = {}) {
    self.onDispose = onDispose
  }

  func dispose() {
    disposals.mutate { $0 += 1 }
    onDispose()
  }
}

@Suite("deferred and using on traits")
struct TraitDeferredAndUsingTests {
  // MARK: deferred

  @Test("deferred calls the factory once per subscription, when it subscribes")
  func deferredPerSubscription() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let calls = Box<[Int]>([])
      let single = Single<Int>.deferred {
        calls.mutate { $0.append(scheduler.clock) }
        return .just(scheduler.clock)
      }
      expectEqual(calls.value, [])
      let first = scheduler.start { single }
      expectEqual(first.events, [.next(200, 200), .completed(200)])
      let second = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) { single }
      expectEqual(second.events, [.next(1200, 1200), .completed(1200)])
      expectEqual(calls.value, [200, 1200])
    }
  }

  @Test("deferred keeps the trait: a Maybe can complete empty, a Completable only completes")
  func deferredTraits() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs: TestableObservable<Never> = scheduler.createColdObservable([.completed(30)])
      let maybe = scheduler.start { Maybe<Int>.deferred { .empty() } }
      expectEqual(maybe.events, [.completed(200)])
      let completable = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Completable.deferred { Completable(raw: xs.asObservable()) }
      }
      expectEqual(completable.events, [.completed(1230)])
      expectEqual(xs.subscriptions, [Subscription(1200, 1230)])
    }
  }

  @Test("deferred: a throwing factory fails that subscription")
  func deferredThrows() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Single<Int>.deferred { throw testError } }
      expectEqual(res.events, [.error(200, testError)])
    }
  }

  @Test("deferred: disposing disposes the inner sequence and releases what the factory captured")
  func deferredDispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(100, 1), .completed(100)])
      weak var weakTracked: Tracked?
      do {
        let tracked = Tracked()
        weakTracked = tracked
        let res = scheduler.start(disposed: 250) {
          Single<Int>.deferred {
            _ = tracked
            return Single(raw: xs.asObservable())
          }
        }
        expectEqual(res.events, [])
        expectEqual(xs.subscriptions, [Subscription(200, 250)])
      }
      #expect(weakTracked == nil)
    }
  }

  // MARK: using

  @Test("using creates the resource per subscription and disposes it after the success")
  func usingSuccess() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(20, 1), .completed(20)])
      let resources = Box<[TraitResource]>([])
      let disposedAt = Box<[Int]>([])
      let res = scheduler.start {
        Single<Int>.using(
          {
            let resource = TraitResource { disposedAt.mutate { $0.append(scheduler.clock) } }
            resources.mutate { $0.append(resource) }
            return resource
          },
          primitiveSequenceFactory: { _ in Single(raw: xs.asObservable()) })
      }
      #expect(res.events == [.next(220, 1), .completed(220)])
      #expect(xs.subscriptions == [Subscription(200, 220)])
      #expect(resources.value.map { $0.disposals.value } == [1])
      #expect(disposedAt.value == [220])
    }
  }

  @Test("using disposes the resource after an error, and when a Completable completes")
  func usingTerminal() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.error(30, testError, Int.self)])
      let resource = TraitResource()
      let res = scheduler.start {
        Maybe<Int>.using(
          { resource }, primitiveSequenceFactory: { _ in Maybe(raw: xs.asObservable()) })
      }
      expectEqual(res.events, [.error(230, testError)])
      expectEqual(resource.disposals.value, 1)

      let work: TestableObservable<Never> = scheduler.createColdObservable([.completed(40)])
      let other = TraitResource()
      let done = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Completable.using(
          { other }, primitiveSequenceFactory: { _ in Completable(raw: work.asObservable()) })
      }
      expectEqual(done.events, [.completed(1240)])
      expectEqual(other.disposals.value, 1)
    }
  }

  @Test("using: disposing early disposes the inner subscription, then the resource, once")
  func usingDispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(100, 1), .completed(100)])
      let resource = TraitResource()
      let res = scheduler.start(disposed: 250) {
        Single<Int>.using(
          { resource }, primitiveSequenceFactory: { _ in Single(raw: xs.asObservable()) })
      }
      expectEqual(res.events, [])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
      expectEqual(resource.disposals.value, 1)
    }
  }

  @Test("using: a throwing factory fails the subscription; the resource is disposed")
  func usingThrows() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let failedResource = scheduler.start {
        Single<Int>.using(
          { () throws -> TraitResource in throw testError },
          primitiveSequenceFactory: { _ in .just(1) })
      }
      expectEqual(failedResource.events, [.error(200, testError)])

      let resource = TraitResource()
      let failedSequence = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Single<Int>.using({ resource }, primitiveSequenceFactory: { _ in throw testError })
      }
      expectEqual(failedSequence.events, [.error(1200, testError)])
      expectEqual(resource.disposals.value, 1)
    }
  }

  @Test("using releases what its factories captured once the subscription ends")
  func usingRelease() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      weak var weakTracked: Tracked?
      do {
        let tracked = Tracked()
        weakTracked = tracked
        let res = scheduler.start {
          Single<Int>.using(
            {
              _ = tracked
              return TraitResource()
            },
            primitiveSequenceFactory: { _ in
              _ = tracked
              return .just(1)
            })
        }
        expectEqual(res.events, [.next(200, 1), .completed(200)])
      }
      #expect(weakTracked == nil)
    }
  }
}
