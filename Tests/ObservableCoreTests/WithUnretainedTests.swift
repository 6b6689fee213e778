import ObservableCore
import ObservableTesting
import Testing

@Suite("withUnretained")
struct WithUnretainedTests {
  @Test("pairs each element with the object")
  func pairs() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let object = Tracked()
      let id = ObjectIdentifier(object)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
      let res = scheduler.start {
        xs.withUnretained(object).map { pair in ObjectIdentifier(pair.0) == id ? pair.1 : -1 }
      }
      expectEqual(res.events, [.next(210, 1), .next(220, 2), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("combines the object and each element with the result selector")
  func resultSelector() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let object = Tracked()
      let id = ObjectIdentifier(object)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
      let res = scheduler.start {
        xs.withUnretained(object) { object, value in
          ObjectIdentifier(object) == id ? "\(value)" : "wrong object"
        }
      }
      expectEqual(res.events, [.next(210, "1"), .next(220, "2"), .completed(300)])
    }
  }

  @Test("completes at the first element after the object is gone and disposes the source")
  func completesWhenObjectIsGone() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let holder = Box<Tracked?>(Tracked())
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
      ])
      scheduler.scheduleAt(215) { holder.value = nil }
      let res = scheduler.start { () -> Observable<Int> in
        guard let object = holder.value else { return .empty() }
        return xs.withUnretained(object) { _, value in value }
      }
      expectEqual(res.events, [.next(210, 1), .completed(220)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("does not keep the object alive while subscribed")
  func doesNotRetain() {
    weak var weakObject: Tracked?
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let values = Box<[Int]>([])
      let completed = Box(false)
      var object: Tracked? = Tracked()
      weakObject = object
      let subscription = subject.withUnretained(object ?? Tracked()).subscribe(
        onNext: { pair in values.mutate { $0.append(pair.1) } },
        onCompleted: { completed.value = true })
      subject.onNext(1)
      object = nil
      #expect(weakObject == nil)
      #expect(!completed.value)
      subject.onNext(2)
      expectEqual(values.value, [1])
      #expect(completed.value)
      #expect(!subject.hasObservers)
      subscription.dispose()
    }
  }

  @Test("a throwing result selector fails the sequence and disposes the source")
  func throwingSelector() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let object = Tracked()
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
      let res = scheduler.start {
        xs.withUnretained(object) { _, value -> Int in
          if value == 2 { throw testError }
          return value
        }
      }
      expectEqual(res.events, [.next(210, 1), .error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("forwards an upstream error")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let object = Tracked()
      let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
      let res = scheduler.start { xs.withUnretained(object) { _, value in value } }
      expectEqual(res.events, [.next(210, 1), .error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("an upstream error or completion passes through even after the object is gone")
  func terminalAfterObjectIsGone() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let holder = Box<Tracked?>(Tracked())
      let xs = scheduler.createHotObservable([.error(220, testError, Int.self)])
      scheduler.scheduleAt(210) { holder.value = nil }
      let res = scheduler.start { () -> Observable<Int> in
        guard let object = holder.value else { return .empty() }
        return xs.withUnretained(object) { _, value in value }
      }
      expectEqual(res.events, [.error(220, testError)])
    }
  }

  @Test("disposing the result disposes the source")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let object = Tracked()
      let xs = scheduler.createHotObservable([.next(210, 1), .next(290, 2), .completed(400)])
      let res = scheduler.start(disposed: 250) { xs.withUnretained(object) { _, value in value } }
      expectEqual(res.events, [.next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("releases the result selector's captures after termination")
  func releasesCaptures() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      let object = Tracked()
      let subject = PublishSubject<Int>()
      let subscription = subject.withUnretained(object) { [tracked] _, value in
        _ = tracked
        return value
      }.subscribe()
      subject.onCompleted()
      _ = subscription
    }
    #expect(weakTracked == nil)
  }
}
