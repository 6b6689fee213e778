import ObservableCore
import ObservableTesting
import Testing

@Suite("repeatElement")
struct RepeatElementTests {
  @Test("repeatElement(1).take(3) emits three elements and completes")
  func takeTerminates() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable.repeatElement(1).take(3) }
      expectEqual(res.events, [.next(200, 1), .next(200, 1), .next(200, 1), .completed(200)])
    }
  }

  @Test("stops producing as soon as the subscription is disposed")
  func stopsOnDispose() {
    withLeakChecking {
      let produced = Box(0)
      let received = Box(0)
      _ = Observable.repeatElement("x")
        .do(onNext: { _ in produced.mutate { $0 += 1 } })
        .take(5)
        .subscribe(onNext: { _ in received.mutate { $0 += 1 } })
      expectEqual(produced.value, 5)
      expectEqual(received.value, 5)
    }
  }

  @Test("a downstream operator that fails stops the loop")
  func downstreamError() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start {
        Observable.repeatElement(2).map { value -> Int in throw testError }
      }
      expectEqual(res.events, [.error(200, testError)])
    }
  }

  @Test("an observer may subscribe again from inside onNext")
  func reentrantSubscribe() {
    withLeakChecking {
      let source = Observable.repeatElement(7).take(2)
      let inner = Box<[Int]>([])
      let outer = Box<[Int]>([])
      _ = source.subscribe(onNext: { value in
        outer.mutate { $0.append(value) }
        if outer.value.count == 1 {
          _ = source.subscribe(onNext: { value in inner.mutate { $0.append(value) } })
        }
      })
      expectEqual(outer.value, [7, 7])
      expectEqual(inner.value, [7, 7])
    }
  }

  @Test("releases the element when the subscription ends")
  func releasesElement() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      _ = Observable.repeatElement(tracked).take(2).subscribe()
    }
    #expect(weakTracked == nil)
  }
}
