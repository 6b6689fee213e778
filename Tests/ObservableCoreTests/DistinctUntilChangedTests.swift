import ObservableCore
import ObservableTesting
import Testing

private struct User: Sendable, Equatable {
  var id: Int
  var name: String
}

@Suite("distinctUntilChanged")
struct DistinctUntilChangedTests {
  @Test("skips consecutive duplicates of Equatable elements")
  func equatable() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 1), .next(210, 1), .next(220, 1), .next(230, 2), .next(240, 2),
        .next(250, 1), .completed(300),
      ])
      let res = scheduler.start { xs.distinctUntilChanged() }
      expectEqual(res.events, [.next(210, 1), .next(230, 2), .next(250, 1), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("compares keys from a key selector")
  func keySelector() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, "a"), .next(220, "b"), .next(230, "cd"), .next(240, "e"), .completed(300),
      ])
      let res = scheduler.start { xs.distinctUntilChanged { $0.count } }
      expectEqual(
        res.events, [.next(210, "a"), .next(230, "cd"), .next(240, "e"), .completed(300)])
    }
  }

  @Test("compares with a comparer, against the last emitted element")
  func comparer() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      // 1, 2 and 3 are each within 1 of the previous element, but 3 is 2 away from 1, the last
      // emitted element, so it passes.
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
      ])
      let res = scheduler.start { xs.distinctUntilChanged { abs($0 - $1) <= 1 } }
      expectEqual(res.events, [.next(210, 1), .next(230, 3), .completed(300)])
    }
  }

  @Test("compares keys with a comparer")
  func keyAndComparer() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, "A"), .next(220, "a"), .next(230, "b"), .completed(300),
      ])
      let res = scheduler.start {
        xs.distinctUntilChanged({ $0.lowercased() }, comparer: { $0 == $1 })
      }
      expectEqual(res.events, [.next(210, "A"), .next(230, "b"), .completed(300)])
    }
  }

  @Test("compares a property at a key path")
  func keyPath() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, User(id: 1, name: "a")), .next(220, User(id: 1, name: "b")),
        .next(230, User(id: 2, name: "b")), .completed(300),
      ])
      let res = scheduler.start { xs.distinctUntilChanged(at: \.id).map(\.name) }
      expectEqual(res.events, [.next(210, "a"), .next(230, "b"), .completed(300)])
    }
  }

  @Test("forwards an upstream error")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
      let res = scheduler.start { xs.distinctUntilChanged() }
      expectEqual(res.events, [.next(210, 1), .error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("a throwing key selector or comparer fails the sequence and disposes upstream")
  func throwing() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
      let res = scheduler.start {
        xs.distinctUntilChanged { value -> Int in
          if value == 2 { throw testError }
          return value
        }
      }
      expectEqual(res.events, [.next(210, 1), .error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
      let ys = scheduler.createHotObservable([.next(1210, 1), .next(1220, 2), .completed(1300)])
      let comparerRes = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        ys.distinctUntilChanged { (_: Int, _: Int) -> Bool in throw testError }
      }
      expectEqual(comparerRes.events, [.next(1210, 1), .error(1220, testError)])
      expectEqual(ys.subscriptions, [Subscription(1200, 1220)])
    }
  }

  @Test("disposing downstream disposes upstream")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(290, 2), .completed(400)])
      let res = scheduler.start(disposed: 250) { xs.distinctUntilChanged() }
      expectEqual(res.events, [.next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("an observer may emit into the source, subscribe and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let source = subject.distinctUntilChanged()
      let received = Box<[Int]>([])
      let late = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = source.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 1 {
          _ = source.subscribe(onNext: { v in late.mutate { $0.append(v) } })
          subject.onNext(1)
          subject.onNext(2)
        } else {
          subscription.value?.dispose()
        }
      })
      subject.onNext(1)
      subject.onNext(3)
      subject.onCompleted()
      expectEqual(received.value, [1, 2])
      expectEqual(late.value, [1, 2, 3])
      #expect(!subject.hasObservers)
      subscription.value = nil
    }
  }

  @Test("releases the closures' captures and the last key after termination")
  func releasesCaptures() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      let subject = PublishSubject<Int>()
      let subscription = subject.distinctUntilChanged(
        { [tracked] value -> Tracked in
          _ = value
          return tracked
        },
        comparer: { [tracked] lhs, rhs in
          _ = tracked
          return lhs === rhs
        }
      ).subscribe()
      subject.onNext(1)
      subject.onCompleted()
      _ = subscription
    }
    #expect(weakTracked == nil)
  }
}
