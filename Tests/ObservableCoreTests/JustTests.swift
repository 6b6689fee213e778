import ObservableCore
import ObservableTesting
import Testing

@Suite("just")
struct JustTests {
  @Test("emits its element and completes")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable.just(42) }
      expectEqual(res.events, [.next(200, 42), .completed(200)])
    }
  }

  @Test("each subscriber gets the element")
  func perSubscription() {
    withLeakChecking {
      let source = Observable.just("a")
      let received = Box<[String]>([])
      _ = source.subscribe(onNext: { value in received.mutate { $0.append(value) } })
      _ = source.subscribe(onNext: { value in received.mutate { $0.append(value) } })
      expectEqual(received.value, ["a", "a"])
    }
  }

  @Test("does not complete once the subscription was disposed on its element")
  func disposeOnElement() {
    withLeakChecking {
      let events = Box<[String]>([])
      // take(1) disposes the shared lifetime after the element; just must not send again.
      _ = Observable.just(1).do(onCompleted: { events.mutate { $0.append("completed") } })
        .take(1)
        .subscribe(onNext: { _ in events.mutate { $0.append("next") } })
      expectEqual(events.value, ["next"])
    }
  }

  @Test("an observer may subscribe again from inside onNext")
  func reentrantSubscribe() {
    withLeakChecking {
      let source = Observable.just(1)
      let received = Box<[Int]>([])
      _ = source.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if received.value.count == 1 {
          _ = source.subscribe(onNext: { value in received.mutate { $0.append(value + 1) } })
        }
      })
      expectEqual(received.value, [1, 2])
    }
  }

  @Test("releases the element when the observable is released")
  func releasesElement() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      _ = Observable.just(tracked).subscribe()
    }
    #expect(weakTracked == nil)
  }
}
