import ObservableCore
import ObservableTesting
import Testing

/// A resource that counts its disposals and runs a hook when disposed.
private final class CountingResource: Disposable {
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

@Suite("using")
struct UsingTests {
  @Test("creates the resource per subscription and disposes it after completion")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
      let resources = Box<[CountingResource]>([])
      let disposedAt = Box<[Int]>([])
      let res = scheduler.start {
        Observable.using(
          {
            let resource = CountingResource { disposedAt.mutate { $0.append(scheduler.clock) } }
            resources.mutate { $0.append(resource) }
            return resource
          },
          observableFactory: { _ in xs.asObservable() })
      }
      #expect(res.events == [.next(210, 1), .next(220, 2), .completed(230)])
      #expect(xs.subscriptions == [Subscription(200, 230)])
      #expect(resources.value.count == 1)
      #expect(resources.value.map { $0.disposals.value } == [1])
      #expect(disposedAt.value == [230])
    }
  }

  @Test("disposes the resource after an error")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
      let resource = CountingResource()
      let res = scheduler.start {
        Observable.using({ resource }, observableFactory: { _ in xs.asObservable() })
      }
      expectEqual(res.events, [.next(210, 1), .error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
      expectEqual(resource.disposals.value, 1)
    }
  }

  @Test("on early disposal, ends the inner subscription first, then disposes the resource")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createColdObservable([.next(10, 1), .next(100, 2), .completed(200)])
      let innerAtDisposal = Box<[Subscription]>([])
      let resource = CountingResource { innerAtDisposal.value = xs.subscriptions }
      let res = scheduler.start(disposed: 250) {
        Observable.using({ resource }, observableFactory: { _ in xs.asObservable() })
      }
      expectEqual(res.events, [.next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
      expectEqual(innerAtDisposal.value, [Subscription(200, 250)])
      expectEqual(resource.disposals.value, 1)
    }
  }

  @Test("a throwing resource factory fails the subscription")
  func throwingResourceFactory() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let built = Box(false)
      let res = scheduler.start {
        Observable<Int>.using(
          { () throws -> CountingResource in throw testError },
          observableFactory: { _ in
            built.value = true
            return .just(1)
          })
      }
      expectEqual(res.events, [.error(200, testError)])
      #expect(!built.value)
    }
  }

  @Test("a throwing observable factory fails the subscription and disposes the resource")
  func throwingObservableFactory() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let resource = CountingResource()
      let res = scheduler.start {
        Observable<Int>.using({ resource }, observableFactory: { _ in throw testError })
      }
      expectEqual(res.events, [.error(200, testError)])
      expectEqual(resource.disposals.value, 1)
    }
  }

  @Test("an observer may emit into the source, subscribe and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let resources = Box<[CountingResource]>([])
      let source = Observable.using(
        {
          let resource = CountingResource()
          resources.mutate { $0.append(resource) }
          return resource
        }, observableFactory: { _ in subject.asObservable() })
      let received = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = source.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 1 {
          _ = source.take(1).subscribe()
          subject.onNext(2)
        } else {
          subscription.value?.dispose()
        }
      })
      subject.onNext(1)
      subject.onNext(3)
      #expect(received.value == [1, 2])
      #expect(!subject.hasObservers)
      #expect(resources.value.map { $0.disposals.value } == [1, 1])
      subscription.value = nil
    }
  }

  @Test("releases the resource and the factories' captures when the subscription ends")
  func releasesCaptures() {
    weak var weakTracked: Tracked?
    weak var weakResource: CountingResource?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      let created = Box<CountingResource?>(nil)
      let subject = PublishSubject<Int>()
      let subscription = Observable.using(
        {
          let resource = CountingResource()
          created.value = resource
          return resource
        },
        observableFactory: { [tracked] _ in
          _ = tracked
          return subject.asObservable()
        }
      ).subscribe()
      weakResource = created.value
      created.value = nil
      subject.onCompleted()
      _ = subscription
    }
    #expect(weakTracked == nil)
    #expect(weakResource == nil)
  }
}
