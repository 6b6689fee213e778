import ObservableCore
import ObservableTesting
import Testing

@Suite("generate")
struct GenerateTests {
  @Test("emits states while the condition holds, then completes")
  func values() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start {
        Observable.generate(initialState: 1, condition: { $0 < 100 }, iterate: { $0 * 3 })
      }
      expectEqual(
        res.events,
        [
          .next(200, 1), .next(200, 3), .next(200, 9), .next(200, 27), .next(200, 81),
          .completed(200),
        ])
    }
  }

  @Test("completes at once when the condition fails for the initial state")
  func empty() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start {
        Observable.generate(initialState: 5, condition: { $0 < 0 }, iterate: { $0 + 1 })
      }
      expectEqual(res.events, [.completed(200)])
    }
  }

  @Test("a throwing condition fails the sequence")
  func throwingCondition() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start {
        Observable.generate(
          initialState: 0,
          condition: { value in
            if value == 2 { throw testError }
            return true
          },
          iterate: { $0 + 1 })
      }
      expectEqual(res.events, [.next(200, 0), .next(200, 1), .error(200, testError)])
    }
  }

  @Test("a throwing iterate fails the sequence")
  func throwingIterate() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let res = scheduler.start {
        Observable.generate(
          initialState: 0, condition: { _ in true },
          iterate: { value in
            if value == 1 { throw testError }
            return value + 1
          })
      }
      expectEqual(res.events, [.next(200, 0), .next(200, 1), .error(200, testError)])
    }
  }

  @Test("an infinite generator stops when take(_:) is done")
  func infiniteWithTake() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let iterations = Box(0)
      let res = scheduler.start {
        Observable.generate(
          initialState: 0, condition: { _ in true },
          iterate: { value in
            iterations.mutate { $0 += 1 }
            return value + 1
          }
        ).take(3)
      }
      expectEqual(res.events, [.next(200, 0), .next(200, 1), .next(200, 2), .completed(200)])
      expectEqual(iterations.value, 2)
    }
  }

  @Test("an observer may subscribe again from inside onNext")
  func reentrantSubscribe() {
    withLeakChecking {
      let source = Observable.generate(initialState: 0, condition: { $0 < 3 }, iterate: { $0 + 1 })
      let received = Box<[Int]>([])
      let inner = Box<[Int]>([])
      _ = source.subscribe(onNext: { value in
        received.mutate { $0.append(value) }
        if value == 1 {
          _ = source.subscribe(onNext: { value in inner.mutate { $0.append(value) } })
        }
      })
      expectEqual(received.value, [0, 1, 2])
      expectEqual(inner.value, [0, 1, 2])
    }
  }

  @Test("releases the closures' captures with the observable")
  func releasesCaptures() {
    weak var weakTracked: Tracked?
    withLeakChecking {
      let tracked = Tracked()
      weakTracked = tracked
      _ = Observable.generate(
        initialState: 0,
        condition: { [tracked] value in
          _ = tracked
          return value < 2
        },
        iterate: { $0 + 1 }
      ).subscribe()
    }
    #expect(weakTracked == nil)
  }
}
