import ObservableCore
import ObservableTesting
import Testing

@Suite("withLatestFrom")
struct WithLatestFromTests {
  @Test("combines each element with the latest of the second source")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 0), .next(205, 1), .next(220, 2), .next(240, 3), .next(250, 4),
        .completed(300),
      ])
      let ys = scheduler.createHotObservable([
        .next(150, "z"), .next(210, "a"), .next(230, "b"), .next(235, "c"), .completed(245),
      ])
      let res = scheduler.start { xs.withLatestFrom(ys) { "\($0)\($1)" } }
      expectEqual(
        res.events, [.next(220, "2a"), .next(240, "3c"), .next(250, "4c"), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
      // The second source's completion only ends its own subscription.
      expectEqual(ys.subscriptions, [Subscription(200, 245)])
    }
  }

  @Test("without a result selector, emits the latest element of the second source")
  func latestOnly() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(220, 1), .next(240, 2), .completed(300)])
      let ys = scheduler.createHotObservable([.next(210, "a"), .next(230, "b")])
      let res = scheduler.start { xs.withLatestFrom(ys) }
      expectEqual(res.events, [.next(220, "a"), .next(240, "b"), .completed(300)])
      expectEqual(ys.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("subscribes to the second source first")
  func subscriptionOrder() {
    withLeakChecking {
      let received = Box<[String]>([])
      _ = Observable.of(1, 2).withLatestFrom(Observable.just("x")) { "\($0)\($1)" }
        .subscribe(onNext: { value in received.mutate { $0.append(value) } })
      expectEqual(received.value, ["1x", "2x"])
    }
  }

  @Test("fails when either source fails, disposing both")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(220, 1), .completed(300)])
      let ys = scheduler.createHotObservable([.next(210, "a"), .error(230, testError)])
      let res = scheduler.start { xs.withLatestFrom(ys) }
      expectEqual(res.events, [.next(220, "a"), .error(230, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
      expectEqual(ys.subscriptions, [Subscription(200, 230)])
      let firstFails = scheduler.createHotObservable([.error(1230, testError, Int.self)])
      let other = scheduler.createHotObservable([.next(1210, "a")])
      let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        firstFails.withLatestFrom(other)
      }
      expectEqual(res2.events, [.error(1230, testError)])
      expectEqual(other.subscriptions, [Subscription(1200, 1230)])
    }
  }

  @Test("a throwing result selector fails the sequence and disposes both sources")
  func throwingSelector() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(220, 1), .next(230, 2), .completed(300)])
      let ys = scheduler.createHotObservable([.next(210, 10)])
      let res = scheduler.start {
        xs.withLatestFrom(ys) { left, right -> Int in
          if left == 2 { throw testError }
          return left + right
        }
      }
      expectEqual(res.events, [.next(220, 11), .error(230, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
      expectEqual(ys.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("disposing downstream disposes both sources")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(220, 1), .next(290, 2), .completed(400)])
      let ys = scheduler.createHotObservable([.next(210, 1), .next(295, 2), .completed(400)])
      let res = scheduler.start(disposed: 250) { xs.withLatestFrom(ys) { $0 + $1 } }
      expectEqual(res.events, [.next(220, 2)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
      expectEqual(ys.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("an observer may emit into a source, subscribe and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let first = PublishSubject<Int>()
      let second = PublishSubject<Int>()
      let source = first.withLatestFrom(second) { $0 * 10 + $1 }
      let received = Box<[Int]>([])
      let late = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      let lateSubscription = Box<(any Disposable)?>(nil)
      subscription.value = source.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 11 {
          lateSubscription.value = source.subscribe(onNext: { v in late.mutate { $0.append(v) } })
          second.onNext(2)
          first.onNext(2)
          expectEqual(received.value, [11])
        } else {
          subscription.value?.dispose()
        }
      })
      second.onNext(1)
      first.onNext(1)
      first.onNext(3)
      expectEqual(received.value, [11, 22])
      expectEqual(late.value, [22, 32])
      lateSubscription.value?.dispose()
      #expect(!first.hasObservers)
      #expect(!second.hasObservers)
      subscription.value = nil
      lateSubscription.value = nil
    }
  }

  @Test(
    "sources emitting from several threads at once are delivered one at a time", .dedicatedThreads)
  func threaded() async {
    await withLeakChecking {
      let first = PublishSubject<Int>()
      let second = PublishSubject<Int>()
      let recorder = TestableObserver<Int>()
      let subscription = first.withLatestFrom(second) { $0 + $1 }.subscribe(recorder)
      second.onNext(0)
      let perTask = 2_000
      await withTaskGroup(of: Void.self) { group in
        for task in 0..<4 {
          group.addTask {
            let subject = task.isMultiple(of: 2) ? first : second
            for value in 0..<perTask { subject.onNext(value) }
          }
        }
      }
      first.onCompleted()
      #expect(await recorder.waitForTermination())
      expectEqual(recorder.grammarViolations, [])
      expectEqual(recorder.elements.count, 2 * perTask)
      subscription.dispose()
    }
  }

  @Test("releases the result selector's captures and the latest element after termination")
  func releasesCaptures() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      let first = PublishSubject<Int>()
      let second = PublishSubject<Tracked>()
      let subscription = first.withLatestFrom(second) { [tracked] _, right in right === tracked }
        .subscribe()
      second.onNext(tracked)
      first.onNext(1)
      first.onCompleted()
      _ = subscription
    }
    #expect(weakTracked == nil)
  }
}
