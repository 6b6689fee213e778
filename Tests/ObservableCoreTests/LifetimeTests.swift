import Dispatch
import ObservableCore
import ObservableTesting
import Testing

@Suite("_Lifetime")
struct LifetimeTests {
  @Test("dispose runs every registered action once, in registration order")
  func runsActionsInOrder() {
    let lifetime = _Lifetime()
    let log = Box<[Int]>([])
    lifetime.onDispose { log.mutate { $0.append(1) } }
    lifetime.add(Disposables.create { log.mutate { $0.append(2) } })
    lifetime.onDispose { log.mutate { $0.append(3) } }
    #expect(!lifetime.isDisposed)
    lifetime.dispose()
    lifetime.dispose()
    #expect(lifetime.isDisposed)
    expectEqual(log.value, [1, 2, 3])
  }

  @Test("an action registered after dispose runs at once")
  func lateRegistrationRunsImmediately() {
    let lifetime = _Lifetime()
    lifetime.dispose()
    let ran = Box(0)
    lifetime.onDispose { ran.mutate { $0 += 1 } }
    lifetime.add(Disposables.create { ran.mutate { $0 += 1 } })
    expectEqual(ran.value, 2)
  }

  @Test("a lifetime without actions disposes and stays disposed")
  func disposeWithoutActions() {
    let lifetime = _Lifetime()
    lifetime.dispose()
    #expect(lifetime.isDisposed)
  }

  @Test("an action may register another action on the same lifetime while it is disposed")
  func reentrantRegistration() {
    let lifetime = _Lifetime()
    let log = Box<[String]>([])
    lifetime.onDispose {
      log.mutate { $0.append("first") }
      lifetime.onDispose { log.mutate { $0.append("late") } }
    }
    lifetime.dispose()
    expectEqual(log.value, ["first", "late"])
  }

  @Test("registration racing disposal runs each action exactly once", .timeLimit(.minutes(1)))
  func registrationRacingDisposal() async {
    // Two long-lived threads meet at a spin barrier before each round, so the registration
    // and the disposal start within nanoseconds of each other.
    let rounds = 10_000
    let lifetimes = (0..<rounds).map { _ in _Lifetime() }
    let shared = RaceState()
    await withTaskGroup(of: Void.self) { group in
      for side in 0..<2 {
        group.addTask {
          await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
              for round in 0..<rounds {
                shared.arrivals.add(1, ordering: .sequentiallyConsistent)
                while shared.arrivals.load(ordering: .sequentiallyConsistent) < 2 * (round + 1) {}
                if side == 0 {
                  lifetimes[round].onDispose { shared.runs.add(1, ordering: .relaxed) }
                } else {
                  lifetimes[round].dispose()
                }
              }
              done.resume()
            }
          }
        }
      }
    }
    expectEqual(shared.runs.load(ordering: .relaxed), rounds)
  }
}

private final class RaceState: Sendable {
  let arrivals = _Atomic<Int>(0)
  let runs = _Atomic<Int>(0)
}
