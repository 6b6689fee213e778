import ObservableCore
import ObservableTesting
import Testing

@Suite("from(optional:)")
struct FromOptionalTests {
  @Test("a value emits it and completes, synchronously")
  func value() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable.from(optional: Optional(3)) }
      expectEqual(res.events, [.next(200, 3), .completed(200)])
    }
  }

  @Test("nil only completes")
  func none() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable<Int>.from(optional: nil) }
      expectEqual(res.events, [.completed(200)])
    }
  }

  @Test("on a scheduler, the value and the completion are separate scheduled steps")
  func scheduledValue() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable.from(optional: Optional(3), scheduler: scheduler) }
      expectEqual(res.events, [.next(201, 3), .completed(202)])
    }
  }

  @Test("on a scheduler, nil completes as a scheduled step")
  func scheduledNone() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start { Observable<Int>.from(optional: nil, scheduler: scheduler) }
      expectEqual(res.events, [.completed(201)])
    }
  }

  @Test("on a scheduler, disposing before a step cancels it")
  func scheduledDispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let beforeValue = scheduler.start(disposed: 200) {
        Observable.from(optional: Optional(3), scheduler: scheduler)
      }
      expectEqual(beforeValue.events, [])

      let second = TestScheduler(initialClock: 0)
      let betweenSteps = second.start(disposed: 202) {
        Observable.from(optional: Optional(3), scheduler: second)
      }
      expectEqual(betweenSteps.events, [.next(201, 3)])

      let third = TestScheduler(initialClock: 0)
      let beforeCompletion = third.start(disposed: 201) {
        Observable<Int>.from(optional: nil, scheduler: third)
      }
      expectEqual(beforeCompletion.events, [])
    }
  }

  @Test("on a scheduler, releases the value after termination")
  func releasesValue() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let tracked = Tracked()
      weakTracked = tracked
      let res = scheduler.start {
        Observable.from(optional: Optional(tracked), scheduler: scheduler)
      }
      expectEqual(res.events.count, 2)
    }
    #expect(weakTracked == nil)
  }
}
