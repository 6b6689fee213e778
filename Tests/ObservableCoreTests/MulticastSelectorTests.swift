import ObservableCore
import ObservableTesting
import Testing

@Suite("multicast(_:selector:)")
struct MulticastSelectorTests {
  @Test("every use of the shared sequence inside the selector shares one subscription")
  func sharesOneSubscription() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
      ])
      let res = scheduler.start {
        xs.multicast(
          { PublishSubject<Int>() },
          selector: { shared in
            Observable.merge(shared.map { $0 * 10 }, shared.map { $0 * 100 })
          })
      }
      expectEqual(
        res.events,
        [
          .next(210, 10), .next(210, 100), .next(220, 20), .next(220, 200), .next(230, 30),
          .next(230, 300), .completed(300),
        ])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("a cold source's synchronous elements reach every use subscribed inside the selector")
  func coldSource() {
    withLeakChecking {
      let values = Box<[Int]>([])
      _ = Observable.of(1, 2, 3)
        .multicast(
          { PublishSubject<Int>() },
          selector: { shared in
            Observable.zip(shared, shared.skip(1)).map { $0 * 10 + $1 }
          }
        )
        .subscribe(onNext: { v in values.mutate { $0.append(v) } })
      expectEqual(values.value, [12, 23])
    }
  }

  @Test("each subscription to the result makes its own subject and connection")
  func separateSubscriptions() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let subjects = Box(0)
      let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
      let result = xs.multicast(
        {
          subjects.value += 1
          return ReplaySubject<Int>.createUnbounded()
        }, selector: { $0 })
      let first = scheduler.createObserver(Int.self)
      let second = scheduler.createObserver(Int.self)
      scheduler.scheduleAt(200) { _ = result.subscribe(first) }
      scheduler.scheduleAt(215) { _ = result.subscribe(second) }
      scheduler.start()
      expectEqual(first.events, [.next(210, 1), .next(220, 2), .completed(230)])
      expectEqual(second.events, [.next(225, 1), .next(235, 2), .completed(245)])
      expectEqual(subjects.value, 2)
      expectEqual(xs.subscriptions, [Subscription(200, 230), Subscription(215, 245)])
    }
  }

  @Test("the result ends when the selector's sequence ends, disposing the source")
  func resultEndsFirst() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
      ])
      let res = scheduler.start {
        xs.multicast({ PublishSubject<Int>() }, selector: { $0.take(2) })
      }
      expectEqual(res.events, [.next(210, 1), .next(220, 2), .completed(220)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("the result may go on after the source ends")
  func resultOutlivesSource() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
      let ys = scheduler.createColdObservable([.next(10, 9), .completed(20)])
      let res = scheduler.start {
        xs.multicast({ PublishSubject<Int>() }, selector: { $0.concat(ys) })
      }
      expectEqual(res.events, [.next(210, 1), .next(260, 9), .completed(270)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
      expectEqual(ys.subscriptions, [Subscription(250, 270)])
    }
  }

  @Test("a source error reaches the selector's sequence")
  func sourceError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(250, testError)])
      let res = scheduler.start {
        xs.multicast({ PublishSubject<Int>() }, selector: { $0.map { $0 + 1 } })
      }
      expectEqual(res.events, [.next(210, 2), .error(250, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("a throwing subject selector or selector fails the result without subscribing")
  func throwingSelectors() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
      let res = scheduler.start {
        xs.multicast(
          { () throws -> PublishSubject<Int> in throw TestError(id: 1) }, selector: { $0 })
      }
      expectEqual(res.events, [.error(200, TestError(id: 1))])
      expectEqual(xs.subscriptions, [])

      let second = TestScheduler(initialClock: 0)
      let ys = second.createHotObservable([.next(210, 1), .completed(300)])
      let res2 = second.start {
        ys.multicast(
          { PublishSubject<Int>() },
          selector: { _ -> Observable<Int> in throw TestError(id: 2) })
      }
      expectEqual(res2.events, [.error(200, TestError(id: 2))])
      expectEqual(ys.subscriptions, [])
    }
  }

  @Test("disposing the result disposes the source")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])
      let res = scheduler.start(disposed: 250) {
        xs.multicast({ PublishSubject<Int>() }, selector: { $0 })
      }
      expectEqual(res.events, [.next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("releases the selectors' captures after termination")
  func releasesCaptures() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      let subject = PublishSubject<Int>()
      let subscription = subject.multicast(
        { [tracked] in
          _ = tracked
          return PublishSubject<Int>()
        },
        selector: { [tracked] shared in
          _ = tracked
          return shared
        }
      ).subscribe()
      subject.onCompleted()
      _ = subscription
    }
    #expect(weakTracked == nil)
  }
}
