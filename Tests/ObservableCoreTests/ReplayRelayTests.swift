import ObservableCore
import ObservableTesting
import Testing

@Suite("ReplayRelay")
struct ReplayRelayTests {
  @Test("replays the last bufferSize elements, then later ones")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let relay = ReplayRelay<Int>.create(bufferSize: 2)
      scheduler.scheduleAt(110) { relay.accept(1) }
      scheduler.scheduleAt(120) { relay.accept(2) }
      scheduler.scheduleAt(130) { relay.accept(3) }
      scheduler.scheduleAt(210) { relay.accept(4) }
      let res = scheduler.start { relay.asObservable() }
      expectEqual(res.events, [.next(200, 2), .next(200, 3), .next(210, 4)])
    }
  }

  @Test("createUnbounded replays everything")
  func unbounded() {
    withLeakChecking {
      let relay = ReplayRelay<Int>.createUnbounded()
      for value in 1...10 { relay.accept(value) }
      let observer = TestableObserver<Int>()
      relay.subscribe(observer).dispose()
      expectEqual(observer.elements, Array(1...10))
    }
  }

  @Test("a negative bufferSize replays nothing and never fails")
  func negativeBufferSize() {
    withLeakChecking {
      let relay = ReplayRelay<Int>.create(bufferSize: -3)
      relay.accept(1)
      let observer = TestableObserver<Int>()
      let subscription = relay.subscribe(observer)
      relay.accept(2)
      expectEqual(observer.events, [.next(0, 2)])
      subscription.dispose()
    }
  }

  @Test("its observable cannot be cast back to a subject and terminated")
  func neverTerminates() {
    let relay = ReplayRelay<Int>.create(bufferSize: 1)
    #expect(relay.asObservable() as? ReplaySubject<Int> == nil)
  }

  @Test("an observer may accept and subscribe from inside onNext, with no gap or duplicate")
  func reentrancy() {
    withLeakChecking {
      let relay = ReplayRelay<Int>.create(bufferSize: 2)
      let late = TestableObserver<Int>()
      let lateSubscription = Box<(any Disposable)?>(nil)
      let outer = relay.subscribe(onNext: { value in
        guard value == 2 else { return }
        relay.accept(3)
        lateSubscription.value = relay.subscribe(late)
        relay.accept(4)
      })
      relay.accept(1)
      relay.accept(2)
      expectEqual(late.elements, [2, 3, 4])
      outer.dispose()
      lateSubscription.value?.dispose()
      lateSubscription.value = nil
    }
  }

  @Test("releases the observer's captures when the subscription is disposed")
  func releases() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let relay = ReplayRelay<Int>.create(bufferSize: 1)
      do {
        let tracked = Tracked()
        weakTracked = tracked
        relay.subscribe(onNext: { _ in _ = tracked }).dispose()
      }
      #expect(weakTracked == nil)
    }
  }

  @Test("concurrent accepts and subscribers: the buffer, then a gap-free suffix")
  func concurrent() async {
    let relay = ReplayRelay<Int>.create(bufferSize: 4)
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
