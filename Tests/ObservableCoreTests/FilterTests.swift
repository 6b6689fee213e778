import ObservableCore
import ObservableTesting
import Testing

/// 1, 2, 3, … for ever, counting how many elements were pulled.
private struct NaturalNumbers: Sequence, Sendable {
  let pulled: Box<Int>

  struct Iterator: IteratorProtocol {
    let pulled: Box<Int>
    mutating func next() -> Int? {
      pulled.value += 1
      return pulled.value
    }
  }

  func makeIterator() -> Iterator { Iterator(pulled: pulled) }
}

@Suite("filter")
struct FilterTests {
  @Test("emits the elements that pass and forwards completion")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4),
        .completed(300),
      ])
      let res = scheduler.start { xs.filter { $0.isMultiple(of: 2) } }
      expectEqual(res.events, [.next(220, 2), .next(240, 4), .completed(300)])
      expectEqual(xs.subscriptions, [Subscription(200, 300)])
    }
  }

  @Test("forwards an upstream error")
  func upstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 2), .next(215, 3), .error(220, testError)])
      let res = scheduler.start { xs.filter { $0.isMultiple(of: 2) } }
      expectEqual(res.events, [.next(210, 2), .error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("a throwing predicate fails the sequence and disposes upstream")
  func throwingPredicate() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
      ])
      let res = scheduler.start {
        xs.filter { value in
          if value == 2 { throw testError }
          return true
        }
      }
      expectEqual(res.events, [.next(210, 1), .error(220, testError)])
      expectEqual(xs.subscriptions, [Subscription(200, 220)])
    }
  }

  @Test("a throwing predicate stops a synchronous source")
  func throwingPredicateStopsSynchronousSource() {
    withLeakChecking {
      let pulled = Box(0)
      let received = Box<[Event<Int>]>([])
      _ = Observable.from(NaturalNumbers(pulled: pulled))
        .filter { value in
          if value == 3 { throw testError }
          return true
        }
        .subscribe { event in received.mutate { $0.append(event) } }
      expectEqual(received.value, [.next(1), .next(2), .error(testError)])
      expectEqual(pulled.value, 3)
    }
  }

  @Test("disposing downstream disposes upstream")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(290, 2), .completed(400)])
      let res = scheduler.start(disposed: 250) { xs.filter { _ in true } }
      expectEqual(res.events, [.next(210, 1)])
      expectEqual(xs.subscriptions, [Subscription(200, 250)])
    }
  }

  @Test("an observer may dispose its own subscription from inside onNext")
  func reentrantDispose() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = subject.filter { $0 > 0 }.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        subscription.value?.dispose()
      })
      subject.onNext(0)
      subject.onNext(1)
      subject.onNext(2)
      expectEqual(received.value, [1])
      #expect(!subject.hasObservers)
      subscription.value = nil
    }
  }

  @Test("an observer may emit into its own source from inside onNext")
  func reentrantEmit() {
    withLeakChecking {
      let subject = PublishSubject<Int>()
      let received = Box<[Int]>([])
      let subscription = subject.filter { $0.isMultiple(of: 2) }.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value < 6 {
          subject.onNext(value + 1)
          subject.onNext(value + 2)
        }
      })
      subject.onNext(2)
      expectEqual(received.value, [2, 4, 6])
      subscription.dispose()
    }
  }

  @Test("releases the predicate's captures after termination")
  func releasesCaptures() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      let subject = PublishSubject<Int>()
      let subscription = subject.filter { [tracked] _ in
        _ = tracked
        return true
      }.subscribe()
      subject.onCompleted()
      _ = subscription
    }
    #expect(weakTracked == nil)
  }
}
