import ObservableCore
import ObservableTesting
import Testing

@Suite("PublishRelay")
struct PublishRelayTests {
  @Test("sends accepted elements to current subscribers only")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let relay = PublishRelay<Int>()
      scheduler.scheduleAt(150) { relay.accept(1) }
      scheduler.scheduleAt(210) { relay.accept(2) }
      scheduler.scheduleAt(220) { relay.accept(3) }
      let res = scheduler.start { relay.asObservable() }
      expectEqual(res.events, [.next(210, 2), .next(220, 3)])
    }
  }

  @Test("its observable cannot be cast back to a subject and terminated")
  func neverTerminates() {
    withLeakChecking {
      let relay = PublishRelay<Int>()
      #expect(relay.asObservable() as? PublishSubject<Int> == nil)
      let observer = TestableObserver<Int>()
      let subscription = relay.subscribe(observer)
      relay.accept(1)
      expectEqual(observer.events, [.next(0, 1)])
      subscription.dispose()
      relay.accept(2)
      expectEqual(observer.events, [.next(0, 1)])
    }
  }

  @Test("an observer may accept into the relay and dispose from inside onNext")
  func reentrancy() {
    withLeakChecking {
      let relay = PublishRelay<Int>()
      let received = Box<[Int]>([])
      let subscription = Box<(any Disposable)?>(nil)
      subscription.value = relay.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value < 3 { relay.accept(value + 1) } else { subscription.value?.dispose() }
      })
      relay.accept(1)
      relay.accept(10)
      expectEqual(received.value, [1, 2, 3])
      subscription.value = nil
    }
  }

  @Test("releases the observer's captures when the subscription is disposed")
  func releases() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let relay = PublishRelay<Int>()
      do {
        let tracked = Tracked()
        weakTracked = tracked
        relay.subscribe(onNext: { _ in _ = tracked }).dispose()
      }
      #expect(weakTracked == nil)
    }
  }

  @Test("concurrent accepts and subscribers: serialized, gap-free delivery")
  func concurrent() async {
    let relay = PublishRelay<Int>()
    let outcome = await SubjectStressHarness.run(
      send: { relay.accept($0) },
      subscribe: { relay.subscribe($0) }
    )
    SubjectStressHarness.expectAllSent(outcome.reference, outcome.sent)
    for received in outcome.churned {
      SubjectStressHarness.expectSlice(received, of: outcome.reference)
    }
  }
}
