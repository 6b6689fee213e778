import ObservableCore
import ObservableTesting
import Testing

/// An endless sequence of natural numbers that counts how many it produced.
private struct Naturals: Sequence, Sendable {
  let produced: Box<Int>

  struct Iterator: IteratorProtocol {
    let produced: Box<Int>
    var current = 0

    mutating func next() -> Int? {
      produced.mutate { $0 += 1 }
      defer { current += 1 }
      return current
    }
  }

  func makeIterator() -> Iterator { Iterator(produced: produced) }
}

@Suite("of and from")
struct FromTests {
  @Test("of emits its arguments in order, then completes")
  func of() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable.of(1, 2, 3) }
      expectEqual(res.events, [.next(200, 1), .next(200, 2), .next(200, 3), .completed(200)])
    }
  }

  @Test("from(array) emits the elements in order, then completes; empty completes at once")
  func fromArray() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable.from(["a", "b"]) }
      expectEqual(res.events, [.next(200, "a"), .next(200, "b"), .completed(200)])
      let empty = scheduler.start(created: 1100, subscribed: 1200, disposed: 1300) {
        Observable<Int>.from([Int]())
      }
      expectEqual(empty.events, [.completed(1200)])
    }
  }

  @Test("from(sequence) iterates the sequence anew for each subscription")
  func fromSequence() {
    withLeakChecking {
      let source = Observable.from(stride(from: 0, to: 6, by: 2))
      let received = Box<[Int]>([])
      _ = source.subscribe(onNext: { value in received.mutate { $0.append(value) } })
      _ = source.subscribe(onNext: { value in received.mutate { $0.append(value) } })
      expectEqual(received.value, [0, 2, 4, 0, 2, 4])
    }
  }

  @Test("from(infiniteSequence).take(3) terminates and stops iterating")
  func infiniteSequence() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let produced = Box(0)
      let res = scheduler.start { Observable.from(Naturals(produced: produced)).take(3) }
      expectEqual(res.events, [.next(200, 0), .next(200, 1), .next(200, 2), .completed(200)])
      // The loop checks the subscription before pulling each element: exactly three pulls.
      expectEqual(produced.value, 3)
    }
  }

  @Test("of(array) stops when the observer's subscription is disposed mid-way")
  func stopsOnDispose() {
    withLeakChecking {
      let produced = Box<[Int]>([])
      _ = Observable.of(1, 2, 3, 4)
        .do(onNext: { value in produced.mutate { $0.append(value) } })
        .take(2)
        .subscribe()
      expectEqual(produced.value, [1, 2])
    }
  }

  @Test("an observer may subscribe again from inside onNext")
  func reentrantSubscribe() {
    withLeakChecking {
      let source = Observable.from([1, 2])
      let received = Box<[Int]>([])
      _ = source.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 1 {
          _ = source.subscribe(onNext: { value in received.mutate { $0.append(value * 10) } })
        }
      })
      // RxSwift 6.10.2's order: the synchronous sources take turns on the trampoline.
      expectEqual(received.value, [1, 10, 2, 20])
    }
  }

  @Test("releases the elements when the observable is released")
  func releasesElements() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      _ = Observable.of(tracked, tracked).subscribe()
      _ = Observable.from(CollectionOfOne(tracked)).subscribe()
    }
    #expect(weakTracked == nil)
  }
}
