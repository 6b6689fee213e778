import ObservableCore
import ObservableTesting
import Testing

@Suite("Infallible.withUnretained and Infallible.just(_:scheduler:)")
struct InfallibleWithUnretainedTests {
  @Test("pairs each element with the object, and combines them with the result selector")
  func pairs() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let object = Tracked()
      let id = ObjectIdentifier(object)
      let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
      let paired = scheduler.start {
        xs.asInfallible(onErrorJustReturn: -1).withUnretained(object)
          .map { pair in ObjectIdentifier(pair.0) == id ? pair.1 : -1 }
      }
      expectEqual(paired.events, [.next(210, 1), .next(220, 2), .completed(300)])
      let combined = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
        xs.asInfallible(onErrorJustReturn: -1).withUnretained(object) { object, value in
          ObjectIdentifier(object) == id ? value * 10 : -1
        }
      }
      expectEqual(combined.events, [])
      expectEqual(xs.subscriptions, [Subscription(200, 300), Subscription(1200, 2000)])
    }
  }

  @Test("completes at the first element after the object is gone, without retaining it")
  func completesWhenObjectIsGone() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(230, 2), .next(240, 3), .completed(300),
      ])
      weak var weakObject: Tracked?
      let holder = Box<Tracked?>(Tracked())
      let infallible = holder.mutate { object -> Infallible<Int> in
        weakObject = object
        return xs.asInfallible(onErrorJustReturn: -1)
          .withUnretained(object ?? Tracked()) { _, value in value }
      }
      scheduler.scheduleAt(220) { holder.value = nil }
      let res = scheduler.start { infallible }
      #expect(weakObject == nil)
      expectEqual(res.events, [.next(210, 1), .completed(230)])
      expectEqual(xs.subscriptions, [Subscription(200, 230)])
    }
  }

  @Test("just on a scheduler emits, then completes, each as scheduled work")
  func justOnScheduler() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Infallible.just(7, scheduler: scheduler) }
      expectEqual(res.events, [.next(201, 7), .completed(202)])
      let disposedEarly = scheduler.start(created: 1100, subscribed: 1200, disposed: 1201) {
        Infallible.just(8, scheduler: scheduler)
      }
      expectEqual(disposedEarly.events, [])
    }
  }
}
