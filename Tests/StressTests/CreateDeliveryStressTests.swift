import ObservableCore
import ObservableTesting
import Testing

/// The error half of the terminal rounds end with.
private struct CreateStressError: Error {}

/// How many times a subscriber was released.
private final class ReleaseCount: Sendable {
  let value = _Atomic<Int>(0)
}

/// Held only by the subscriber's observer; counts its release.
private final class ReleaseCounter: Sendable {
  let probe: RaceProbe
  let count: ReleaseCount

  init(_ probe: RaceProbe, _ count: ReleaseCount) {
    self.probe = probe
    self.count = count
  }

  deinit {
    count.value.add(1, ordering: .sequentiallyConsistent)
  }
}

/// Where the `create` closure leaves its observer for the senders.
private final class CreateObserverSlot: Sendable {
  private let observer = _Mutex<AnyObserver<Int>?>(nil)

  func set(_ observer: AnyObserver<Int>) {
    self.observer.withLock { $0 = observer }
  }

  var value: AnyObserver<Int>? { observer.withLock { $0 } }
}

extension Stress {
  /// `create`'s observer: two senders and a dispose racing, 10,000 rounds.
  ///
  /// A call into the observer takes the delivery token without the lock when nobody delivers;
  /// a call that finds it held queues its event for the holder, and `dispose()` hands the
  /// subscriber's release to the holder. Each round, one thread sends four elements and, in two
  /// rounds of three, a terminal event (`completed` or an error), while the other sends four
  /// elements of its own and then disposes; where they meet moves from round to round. The probe
  /// fails the test on overlapping calls, an event after a terminal event, a sender's elements
  /// out of order, an element sent after dispose returned, a second event begun after dispose
  /// returned, a terminal event sent before dispose began that was not delivered, and a
  /// subscriber not released exactly once when both sides are done (the observer handed to
  /// `create` still being held). Three rounds in four attach the probe straight to a lifetime,
  /// so that `subscribe`'s own disposed check does not hide what the observer delivers.
  @Suite("Stress: create's observer, senders racing dispose")
  struct CreateDeliveryStressTests {
    static let rounds = 10_000
    static let elementsPerSender = 4

    @Test("10,000 races", .timeLimit(.minutes(10)))
    func sendersRaceDispose() async {
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
      let raw = round % 4 != 3
      let label = "create\(raw ? " (raw)" : "") #\(round)"
      let probe = RaceProbe(
        terminalNumber: Self.elementsPerSender, failures: failures, label: label,
        limitsInFlight: true, senders: 2)
      let released = ReleaseCount()
      let slot = CreateObserverSlot()
      let source = Observable<Int>.create { observer in
        slot.set(observer)
        return Disposables.create()
      }
      let counter = ReleaseCounter(probe, released)
      let subscriber = AnyObserver<Int> { event in counter.probe.on(event) }
      let subscription: any Disposable
      if raw {
        let lifetime = _Lifetime()
        source._subscribe(subscriber, lifetime)
        subscription = lifetime
      } else {
        subscription = source.subscribe(subscriber)
      }
      guard let observer = slot.value else {
        failures.record("create's closure did not run")
        return Race(left: {}, right: {})
      }
      let terminal: Event<Int>? =
        switch round % 3 {
        case 0: .completed
        case 1: .error(CreateStressError())
        default: nil
        }
      let leftDelay = (round / 7 % 5) * 30
      let rightDelay = (round % 7) * 30
      return Race(
        left: {
          spin(leftDelay)
          for number in 0..<Self.elementsPerSender {
            probe.noteSending(number)
            observer.onNext(number)
          }
          if let terminal {
            probe.noteSending(Self.elementsPerSender)
            observer.on(terminal)
            probe.noteTerminalSent()
          }
        },
        right: {
          spin(rightDelay)
          for number in 0..<Self.elementsPerSender {
            observer.onNext(RaceProbe.senderStride + number)
          }
          probe.dispose(subscription)
        },
        check: {
          probe.checkAfterRace(synchronous: true)
          // Both sides have returned, and one of them disposed: whoever delivered last has
          // released the subscriber, though the observer handed to `create` is still held.
          let releases = released.value.load(ordering: .sequentiallyConsistent)
          if releases != 1 { failures.record("\(label): subscriber released \(releases) times") }
        })
    }
  }
}
