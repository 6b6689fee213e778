import ObservableCore
import ObservableTesting
import Testing

@Suite("generate on a scheduler")
struct GenerateSchedulerTests {
  @Test("emits each state as a scheduled step of its own, then completes")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start {
        Observable.generate(
          initialState: 1, condition: { $0 < 10 }, scheduler: scheduler, iterate: { $0 * 3 })
      }
      expectEqual(res.events, [.next(201, 1), .next(202, 3), .next(203, 9), .completed(204)])
    }
  }

  @Test("a condition false at once only completes")
  func empty() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start {
        Observable.generate(
          initialState: 10, condition: { $0 < 10 }, scheduler: scheduler, iterate: { $0 + 1 })
      }
      expectEqual(res.events, [.completed(201)])
    }
  }

  @Test("a throwing condition fails the sequence")
  func throwingCondition() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start {
        Observable.generate(
          initialState: 1,
          condition: { value in
            if value == 3 { throw testError }
            return true
          },
          scheduler: scheduler, iterate: { $0 + 1 })
      }
      expectEqual(res.events, [.next(201, 1), .next(202, 2), .error(203, testError)])
    }
  }

  @Test("a throwing iterate fails the sequence in the step after the last state")
  func throwingIterate() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start {
        Observable.generate(
          initialState: 1, condition: { _ in true }, scheduler: scheduler,
          iterate: { value in
            if value == 2 { throw testError }
            return value + 1
          })
      }
      expectEqual(res.events, [.next(201, 1), .next(202, 2), .error(203, testError)])
    }
  }

  @Test("disposing between two steps stops the loop")
  func dispose() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let iterations = Box(0)
      let res = scheduler.start(disposed: 203) {
        Observable.generate(
          initialState: 0, condition: { _ in true }, scheduler: scheduler,
          iterate: { value in
            iterations.value += 1
            return value + 1
          })
      }
      expectEqual(res.events, [.next(201, 0), .next(202, 1)])
      expectEqual(iterations.value, 1)
    }
  }

  @Test(
    "on the current-thread scheduler, a long loop does not grow the stack", .dedicatedThreads)
  func currentThreadTrampoline() {
    withLeakChecking {
      let count = Box(0)
      let completed = Box(false)
      _ = Observable.generate(
        initialState: 0, condition: { $0 < 100_000 }, scheduler: CurrentThreadScheduler.instance,
        iterate: { $0 + 1 }
      )
      .subscribe(
        onNext: { _ in count.mutate { $0 += 1 } },
        onCompleted: { completed.value = true })
      expectEqual(count.value, 100_000)
      #expect(completed.value)
    }
  }

  @Test("releases the closures' captures after termination")
  func releasesCaptures() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let tracked = Tracked()
      weakTracked = tracked
      let res = scheduler.start {
        Observable.generate(
          initialState: 0,
          condition: { [tracked] value in
            _ = tracked
            return value < 2
          },
          scheduler: scheduler, iterate: { $0 + 1 })
      }
      expectEqual(res.events.count, 3)
    }
    #expect(weakTracked == nil)
  }
}
