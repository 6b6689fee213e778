import ObservableCore
import ObservableTesting
import Testing

@Suite("zip")
struct ZipTests {
  @Test("never and never: nothing happens")
  func neverNever() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(150, 1)])
      let ys = scheduler.createHotObservable([.next(150, 1)])
      let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
      expectEqual(res.events, [])
      expectEqual(xs.subscriptions, [Subscription(200, 1000)])
      expectEqual(ys.subscriptions, [Subscription(200, 1000)])
    }
  }

  @Test("pairs elements by position and buffers the source that is ahead")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(400),
      ])
      let ys = scheduler.createHotObservable([
        .next(215, "a"), .next(240, "b"), .next(250, "c"), .completed(300),
      ])
      let res = scheduler.start { Observable.zip(xs, ys) { "\($0)\($1)" } }
      expectEqual(
        res.events, [.next(215, "1a"), .next(240, "2b"), .next(250, "3c"), .completed(400)])
      expectEqual(xs.subscriptions, [Subscription(200, 400)])
      expectEqual(ys.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("completes only when every source has completed, as RxSwift's zip(a, b) does")
  func completion() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      // RxSwift's testZip_LeftCompletesFirst.
      let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(220)])
      let ys = scheduler.createHotObservable([.next(150, 1), .next(215, 4), .completed(225)])
      let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
      expectEqual(res.events, [.next(215, 6), .completed(225)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
      expectEqual(ys.subscriptions, [Subscription(200, 225)])
    }
  }

  @Test("keeps going after one source completes even if nothing more can be paired")
  func noEarlyCompletion() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
      let ys = scheduler.createHotObservable([
        .next(215, 10), .next(230, 20), .completed(300),
      ])
      let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
      expectEqual(res.events, [.next(215, 11), .completed(300)])
      expectEqual(ys.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("the collection form completes as soon as an element can never be paired")
  func collectionEarlyCompletion() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
      let ys = scheduler.createHotObservable([
        .next(215, 10), .next(230, 20), .completed(300),
      ])
      let res = scheduler.start { Observable.zip([xs, ys]) }
      expectEqual(res.events, [.next(215, [1, 10]), .completed(230)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
      expectEqual(ys.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("the collection form with a result selector; an empty collection completes at once")
  func collection() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
      let ys = scheduler.createHotObservable([.next(215, 10), .next(225, 20), .completed(300)])
      let zs = scheduler.createHotObservable([.next(218, 100), .next(228, 200), .completed(300)])
      let res = scheduler.start { Observable.zip([xs, ys, zs]) { $0.reduce(0, +) } }
      expectEqual(res.events, [.next(218, 111), .next(228, 222), .completed(300)])
      let empty = scheduler.start(created: 1100, subscribed: 1200, disposed: 1300) {
        Observable.zip([Observable<Int>]())
      }
      expectEqual(empty.events, [.completed(1200)])
    }
  }

  @Test("zips three and four sources, with and without a result selector")
  func arities() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let a = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
      let b = scheduler.createColdObservable([.next(15, "b"), .completed(16)])
      let c = scheduler.createColdObservable([.next(5, true), .next(25, false), .completed(40)])
      let d = scheduler.createColdObservable([.next(12, 4.5), .completed(50)])
      let three = scheduler.start { Observable.zip(a, b, c) { "\($0)\($1)\($2)" } }
      expectEqual(three.events, [.next(215, "1btrue"), .completed(240)])
      let four = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        Observable.zip(a, b, c, d).map { "\($0)\($1)\($2)\($3)" }
      }
      expectEqual(four.events, [.next(1215, "1btrue4.5"), .completed(1250)])
      let tuple3 = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
        Observable.zip(a, b, c).map { "\($0)\($1)\($2)" }
      }
      expectEqual(tuple3.events, [.next(2215, "1btrue"), .completed(2240)])
      let selector4 = scheduler.start(created: 3100, subscribed: 3200, disposed: 4000) {
        Observable.zip(a, b, c, d) { "\($0)\($1)\($2)\($3)" }
      }
      expectEqual(selector4.events, [.next(3215, "1btrue4.5"), .completed(3250)])
    }
  }

  @Test("the tuple form emits tuples")
  func tuples() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start {
        Observable.zip(Observable.of(1, 2), Observable.of("a", "b")).map { "\($0.0)\($0.1)" }
      }
      expectEqual(res.events, [.next(200, "1a"), .next(200, "2b"), .completed(200)])
    }
  }

  @Test("fails as soon as either source fails, disposing both")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(230)])
      let ys = scheduler.createHotObservable([.next(212, 1), .error(220, testError)])
      let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
      expectEqual(res.events, [.next(212, 2), .error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
      expectEqual(ys.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("a throwing result selector fails the sequence and disposes both sources")
  func throwingSelector() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
      let ys = scheduler.createHotObservable([.next(211, 1), .next(221, 2), .completed(300)])
      let res = scheduler.start {
        Observable.zip(xs, ys) { left, right -> Int in
          if left == 2 { throw testError }
          return left + right
        }
      }
      expectEqual(res.events, [.next(211, 2), .error(221, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 221)])
      expectEqual(ys.subscriptions, [Subscription(200, 221)])
    }
  }

  @Test("disposing downstream disposes both sources")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(290, 2), .completed(400)])
      let ys = scheduler.createHotObservable([.next(215, 1), .next(295, 2), .completed(400)])
      let res = scheduler.start(disposed: 250) { Observable.zip(xs, ys) { $0 + $1 } }
      expectEqual(res.events, [.next(215, 2)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
      expectEqual(ys.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("synchronous sources pair up and complete during subscribe")
  func synchronousSources() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start {
        Observable.zip(Observable.of(1, 2, 3), Observable.of(10, 20)) { $0 * $1 }
      }
      expectEqual(res.events, [.next(200, 10), .next(200, 40), .completed(200)])
    }
  }

  @Test("an observer may emit into a source, subscribe and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      let source = Observable.zip(a, b) { $0 * 10 + $1 }
      let received = Box<[Int]>([])
      let late = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      let lateSubscription = Box<(any Disposable)?>(nil)
      subscription.value = source.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 11 {
          lateSubscription.value = source.subscribe(onNext: { v in late.mutate { $0.append(v) } })
          // Delivered after this call returns, to both subscriptions.
          a.onNext(2)
          b.onNext(2)
          expectEqual(received.value, [11])
        } else {
          subscription.value?.dispose()
        }
      })
      a.onNext(1)
      b.onNext(1)
      a.onNext(3)
      b.onNext(3)
      expectEqual(received.value, [11, 22])
      expectEqual(late.value, [22, 33])
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
      let recorder = TestableObserver<Int>()
      let subscription = Observable.zip(a, b) { $0 + $1 }.subscribe(recorder)
      let perTask = 2_000
      await withTaskGroup(of: Void.self) { group in
        for task in 0..<4 {
          group.addTask {
            let subject = task.isMultiple(of: 2) ? a : b
            for value in 0..<perTask { subject.onNext(value) }
          }
        }
      }
      a.onCompleted()
      b.onCompleted()
      #expect(await recorder.waitForTermination())
      expectEqual(recorder.grammarViolations, [])
      expectEqual(recorder.elements.count, 2 * perTask)
      subscription.dispose()
    }
  }

  @Test("releases the result selector's captures and buffered elements after termination")
  func releasesCaptures() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      let a = PublishSubject<Tracked>()
      let b = PublishSubject<Int>()
      let subscription = Observable.zip(a, b) { [tracked] left, _ in left === tracked }
        .subscribe()
      a.onNext(tracked)
      a.onNext(tracked)
      b.onNext(1)
      b.onError(testError)
      _ = subscription
    }
    #expect(weakTracked == nil)
  }
}
