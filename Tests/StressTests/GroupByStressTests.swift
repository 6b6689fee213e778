import ObservableCore
import ObservableTesting
import Testing

extension Stress {
  /// `groupBy`'s reference count raced from two threads.
  ///
  /// Each round groups a fresh subject by three keys; the outer subscriber subscribes to every
  /// group as it is delivered. One thread sends six elements, and completes every other round;
  /// the other disposes the outer subscription, then every group subscription made so far.
  /// When both are done, the remaining group subscriptions are disposed: the source must then
  /// have no observer left, whatever the order, since neither the outer subscription nor any
  /// group subscription keeps it. Group observers must never see two calls at once nor an
  /// event after a terminal one. The leak check proves everything was released.
  @Suite("Stress: groupBy reference counting")
  struct GroupByStressTests {
    static let rounds = 5_000

    @Test("5,000 races of disposal against emission", .timeLimit(.minutes(10)))
    func disposalRacesEmission() async {
      let failures = StressFailures()
      let completed = await withLeakChecking(timeout: .seconds(120)) {
        await runRaces(Self.rounds, deadline: .seconds(300)) { round in
          Self.race(round, failures: failures)
        }
      }
      #expect(completed == Self.rounds)
      failures.expectNone()
    }

    private static func race(_ round: Int, failures: StressFailures) -> Race {
      let source = PublishSubject<Int>()
      let groups = _Mutex<[any Disposable]>([])
      let terminates = round.isMultiple(of: 2)
      let outer = source.groupBy { $0 % 3 }.subscribe(onNext: { group in
        let overlap = OverlapCheck()
        let subscription = group.subscribe { event in
          overlap.enter(failures, "group \(group.key) #\(round)", event)
        }
        groups.withLock { $0.append(subscription) }
      })
      let leftDelay = (round / 7 % 5) * 40
      let rightDelay = (round % 7) * 40
      return Race(
        left: {
          spin(leftDelay)
          for value in 0..<6 { source.onNext(value) }
          if terminates { source.onCompleted() }
        },
        right: {
          spin(rightDelay)
          outer.dispose()
          let taken = groups.withLock { groups in
            defer { groups = [] }
            return groups
          }
          for subscription in taken { subscription.dispose() }
        },
        check: {
          let rest = groups.withLock { groups in
            defer { groups = [] }
            return groups
          }
          for subscription in rest { subscription.dispose() }
          if source.hasObservers {
            failures.record("round \(round): the source is still subscribed")
          }
        })
    }
  }
}

/// Fails on overlapping calls and on events after a terminal event.
private final class OverlapCheck: Sendable {
  private let state = _Mutex<(inCall: Bool, terminated: Bool)>((false, false))

  func enter(_ failures: StressFailures, _ label: String, _ event: Event<Int>) {
    let problem = state.withLock { state -> String? in
      if state.inCall { return "overlapping calls" }
      if state.terminated { return "an event after the terminal one" }
      state.inCall = true
      return nil
    }
    if let problem {
      failures.record("\(label): \(problem)")
      return
    }
    spin(10)
    state.withLock { state in
      state.inCall = false
      if event.isStopEvent { state.terminated = true }
    }
  }
}
