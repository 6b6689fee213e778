import ObservableCore
import ObservableTesting
import Testing

@Suite("combineLatest")
struct CombineLatestTests {
  @Test("never and never: nothing happens")
  func neverNever() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(150, 1)])
      let ys = scheduler.createHotObservable([.next(150, 1)])
      let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
      expectEqual(res.events, [])
      expectEqual(xs.subscriptions, [Subscription(200, 1000)])
      expectEqual(ys.subscriptions, [Subscription(200, 1000)])
    }
  }

  @Test("combines the latest elements whenever either source emits")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 0), .next(210, 1), .next(230, 2), .completed(400),
      ])
      let ys = scheduler.createHotObservable([
        .next(215, "a"), .next(220, "b"), .next(240, "c"), .completed(300),
      ])
      let res = scheduler.start { Observable.combineLatest(xs, ys) { "\($0)\($1)" } }
      expectEqual(
        res.events,
        [
          .next(215, "1a"), .next(220, "1b"), .next(230, "2b"), .next(240, "2c"),
          .completed(400),
        ])
      expectEqual(xs.subscriptions, [Subscription(200, 400)])
      expectEqual(ys.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("a completed source's latest element keeps combining")
  func completedSourceStillCombines() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
      let ys = scheduler.createHotObservable([.next(230, 10), .next(240, 20), .completed(250)])
      let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
      expectEqual(res.events, [.next(230, 11), .next(240, 21), .completed(250)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("completes early when an element can never combine, as RxSwift does")
  func earlyCompletion() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.completed(220, Int.self)])
      let ys = scheduler.createHotObservable([.next(230, 10), .next(240, 20), .completed(300)])
      let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
      expectEqual(res.events, [.completed(230)])
      expectEqual(ys.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("a source completing empty does not end it while the other has not emitted")
  func emptyAndNever() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.completed(220, Int.self)])
      let ys = scheduler.createHotObservable([.next(150, 1)])
      let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
      expectEqual(res.events, [])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
      expectEqual(ys.subscriptions, [Subscription(200, 1000)])
    }
  }

  @Test("combines three and four sources, with and without a result selector")
  func arities() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
      let b = scheduler.createColdObservable([.next(15, "b"), .completed(16)])
      let c = scheduler.createColdObservable([.next(5, true), .completed(40)])
      let d = scheduler.createColdObservable([.next(12, 4.5), .completed(50)])
      let three = scheduler.start { Observable.combineLatest(a, b, c) { "\($0)\($1)\($2)" } }
      expectEqual(three.events, [.next(215, "1btrue"), .next(220, "2btrue"), .completed(240)])
      let four = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Observable.combineLatest(a, b, c, d).map { "\($0)\($1)\($2)\($3)" }
      }
      expectEqual(
        four.events, [.next(1215, "1btrue4.5"), .next(1220, "2btrue4.5"), .completed(1250)])
      let tuple3 = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        Observable.combineLatest(a, b, c).map { "\($0)\($1)\($2)" }
      }
      expectEqual(tuple3.events, [.next(2215, "1btrue"), .next(2220, "2btrue"), .completed(2240)])
      let selector4 = scheduler.start(created: 3100, subscribed: 3200, disposed: 4000) {
        Observable.combineLatest(a, b, c, d) { "\($0)\($1)\($2)\($3)" }
      }
      expectEqual(
        selector4.events,
        [
          .next(3215, "1btrue4.5"), .next(3220, "2btrue4.5"), .completed(3250),
        ])
    }
  }

  @Test("the tuple form emits tuples")
  func tuples() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start {
        Observable.combineLatest(Observable.of(1, 2), Observable.of("a", "b"))
          .map { "\($0.0)\($0.1)" }
      }
      // RxSwift 6.10.2's order: the synchronous sources take turns on the trampoline.
      expectEqual(
        res.events, [.next(200, "1a"), .next(200, "2a"), .next(200, "2b"), .completed(200)])
    }
  }

  @Test("the collection form emits arrays; an empty collection emits [] and completes")
  func collection() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
      let ys = scheduler.createHotObservable([.next(220, 10), .completed(250)])
      let res = scheduler.start { Observable.combineLatest([xs, ys]) }
      expectEqual(res.events, [.next(220, [1, 10]), .next(230, [2, 10]), .completed(300)])
      let summed = scheduler.start(created: 1100, subscribed: 1200, disposed: 1300) {
        Observable.combineLatest([Observable.of(1), Observable.of(2)]) { $0.reduce(0, +) }
      }
      expectEqual(summed.events, [.next(1200, 3), .completed(1200)])
      let empty = scheduler.start(created: 1400, subscribed: 1500, disposed: 1600) {
        Observable.combineLatest([Observable<Int>]())
      }
      expectEqual(empty.events, [.next(1500, []), .completed(1500)])
      let emptyFailing = scheduler.start(created: 1700, subscribed: 1800, disposed: 1900) {
        Observable.combineLatest([Observable<Int>]()) { _ -> Int in throw testError }
      }
      expectEqual(emptyFailing.events, [.error(1800, testError)])
    }
  }

  @Test("fails as soon as either source fails, disposing both")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
      let ys = scheduler.createHotObservable([.next(215, 1), .error(220, testError)])
      let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
      expectEqual(res.events, [.next(215, 2), .error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
      expectEqual(ys.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("a throwing result selector fails the sequence and disposes both sources")
  func throwingSelector() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
      let ys = scheduler.createHotObservable([.next(211, 1), .completed(300)])
      let res = scheduler.start {
        Observable.combineLatest(xs, ys) { left, right -> Int in
          if left == 2 { throw testError }
          return left + right
        }
      }
      expectEqual(res.events, [.next(211, 2), .error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
      expectEqual(ys.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("disposing downstream disposes both sources")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(290, 2), .completed(400)])
      let ys = scheduler.createHotObservable([.next(215, 1), .next(295, 2), .completed(400)])
      let res = scheduler.start(disposed: 250) { Observable.combineLatest(xs, ys) { $0 + $1 } }
      expectEqual(res.events, [.next(215, 2)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
      expectEqual(ys.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("an observer may emit into a source, subscribe and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      let source = Observable.combineLatest(a, b) { $0 * 10 + $1 }
      let received = Box<[Int]>([])
      let late = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      let lateSubscription = Box<(any Disposable)?>(nil)
      subscription.value = source.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 11 {
          lateSubscription.value = source.subscribe(onNext: { v in late.mutate { $0.append(v) } })
          // Queued behind the current call, then delivered in order.
          a.onNext(2)
          b.onNext(2)
          expectEqual(received.value, [11])
        } else if value == 22 {
          subscription.value?.dispose()
        }
      })
      a.onNext(1)
      b.onNext(1)
      a.onNext(3)
      expectEqual(received.value, [11, 21, 22])
      expectEqual(late.value, [22, 32])
      lateSubscription.value?.dispose()
      #expect(!a.hasObservers)
      #expect(!b.hasObservers)
      subscription.value = nil
      lateSubscription.value = nil
    }
  }

  @Test(
    "sources emitting from several threads at once are delivered one at a time", .dedicatedThreads)
  func threaded() async {
    await withLeakChecking {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      let c = PublishSubject<Int>()
      let recorder = TestableObserver<Int>()
      let subscription = Observable.combineLatest(a, b, c) { $0 + $1 + $2 }.subscribe(recorder)
      a.onNext(0)
      b.onNext(0)
      c.onNext(0)
      let perTask = 2_000
      await withTaskGroup(of: Void.self) { group in
        for task in 0..<6 {
          group.addTask {
            let subject = [a, b, c][task % 3]
            for value in 0..<perTask { subject.onNext(value) }
          }
        }
      }
      a.onCompleted()
      b.onCompleted()
      c.onCompleted()
      #expect(await recorder.waitForTermination())
      expectEqual(recorder.grammarViolations, [])
      expectEqual(recorder.elements.count, 1 + 6 * perTask)
      subscription.dispose()
    }
  }

  @Test("releases the result selector's captures and latest elements after termination")
  func releasesCaptures() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      let a = PublishSubject<Tracked>()
      let b = PublishSubject<Int>()
      let subscription = Observable.combineLatest(a, b) { [tracked] left, _ in left === tracked }
        .subscribe()
      a.onNext(tracked)
      b.onNext(1)
      b.onError(testError)
      _ = subscription
    }
    #expect(weakTracked == nil)
  }
}
