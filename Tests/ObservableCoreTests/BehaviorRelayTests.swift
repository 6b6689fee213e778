import ObservableCore
import ObservableTesting
import Testing

@Suite("BehaviorRelay")
struct BehaviorRelayTests {
  @Test("a subscriber receives the current value, then later ones")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let relay = BehaviorRelay(value: 0)
      scheduler.scheduleAt(150) { relay.accept(1) }
      scheduler.scheduleAt(210) { relay.accept(2) }
      let res = scheduler.start { relay.asObservable() }
      expectEqual(res.events, [.next(200, 1), .next(210, 2)])
    }
  }

  @Test("value is the initial value, then the last accepted one")
  func value() {
    let relay = BehaviorRelay(value: "a")
    expectEqual(relay.value, "a")
    relay.accept("b")
    expectEqual(relay.value, "b")
  }

  @Test("its observable cannot be cast back to a subject and terminated")
  func neverTerminates() {
    withLeakChecking {
      let relay = BehaviorRelay(value: 1)
      #expect(relay.asObservable() as? BehaviorSubject<Int> == nil)
      let observer = TestableObserver<Int>()
      relay.subscribe(observer).dispose()
      expectEqual(observer.events, [.next(0, 1)])
    }
  }

  @Test("an observer may accept and subscribe from inside onNext, with no duplicate")
  func reentrancy() {
    withLeakChecking {
      let relay = BehaviorRelay(value: 0)
      let late = TestableObserver<Int>()
      let lateSubscription = Box<(any Disposable)?>(nil)
      let outer = relay.subscribe(onNext: { value in
        guard value == 1 else { return }
        relay.accept(2)
        lateSubscription.value = relay.subscribe(late)
      })
      relay.accept(1)
      relay.accept(3)
      expectEqual(late.elements, [2, 3])
      expectEqual(relay.value, 3)
      outer.dispose()
      lateSubscription.value?.dispose()
      lateSubscription.value = nil
    }
  }

  @Test("releases the observer's captures when the subscription is disposed")
  func releases() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let relay = BehaviorRelay(value: 0)
      do {
        let tracked = Tracked()
        weakTracked = tracked
        relay.subscribe(onNext: { _ in _ = tracked }).dispose()
      }
      #expect(weakTracked == nil)
    }
  }

  @Test("concurrent accepts and subscribers: the current value, then a gap-free suffix")
  func concurrent() async {
    let relay = BehaviorRelay(value: -1)
    let outcome = await SubjectStressHarness.run(
      send: { relay.accept($0) },
      subscribe: { relay.subscribe($0) }
    )
    expectEqual(outcome.reference.first, -1)
    SubjectStressHarness.expectAllSent(Array(outcome.reference.dropFirst()), outcome.sent)
    for received in outcome.churned {
      SubjectStressHarness.expectSlice(received, of: outcome.reference)
    }
    expectEqual(relay.value, outcome.reference.last)
  }
}
