import ObservableCore
import ObservableTesting
import Synchronization
import Testing

/// The error half of the terminal rounds end with.
private struct CreateStressError: Error {}

/// Element `sender * senderStride + n` is sender `sender`'s `n`th element.
private let senderStride = 1_000

/// Watches one `create` subscription during a race between two senders, one of which then
/// disposes: checks the grammar, serialized calls, each sender's order and "nothing sent after
/// dispose returned", as each event arrives.
private final class CreateRaceProbe: Sendable {
  private let failures: StressFailures
  private let label: String
  /// The number sender 0 notes before its terminal send.
  private let terminalNumber: Int
  private let inCall = _Atomic<Bool>(false)
  private let disposeReturned = _Atomic<Bool>(false)
  /// The first element number sender 0 sent after it saw dispose return.
  private let firstAfterDispose = _Atomic<Int>(Int.max)
  private let beganAfterDispose = _Atomic<Int>(0)
  private let terminals = _Atomic<Int>(0)
  private let ticket = _Atomic<Int>(0)
  private let terminalSentTicket = _Atomic<Int>(Int.max)
  private let disposeStartedTicket = _Atomic<Int>(Int.max)
  /// The next number expected from each sender; touched only inside a (serialized) call.
  private let next = _Mutex<[Int]>([0, 0])
  /// Counts how many times the subscriber was released.
  let released = _Atomic<Int>(0)

  init(terminalNumber: Int, failures: StressFailures, label: String) {
    self.terminalNumber = terminalNumber
    self.failures = failures
    self.label = label
  }

  /// Called by sender 0 before it sends its element `number`.
  func noteSending(_ number: Int) {
    if disposeReturned.load(ordering: .sequentiallyConsistent) {
      _ = firstAfterDispose.compareExchange(
        expected: Int.max, desired: number, ordering: .sequentiallyConsistent)
    }
  }

  /// Called by sender 0 after its terminal send has returned.
  func noteTerminalSent() {
    terminalSentTicket.store(
      ticket.add(1, ordering: .sequentiallyConsistent).newValue, ordering: .sequentiallyConsistent)
  }

  /// Disposes `disposable` and marks the moment it returned.
  func dispose(_ disposable: any Disposable) {
    disposeStartedTicket.store(
      ticket.add(1, ordering: .sequentiallyConsistent).newValue, ordering: .sequentiallyConsistent)
    disposable.dispose()
    disposeReturned.store(true, ordering: .sequentiallyConsistent)
  }

  func on(_ event: Event<Int>) {
    guard
      inCall.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent)
        .exchanged
    else {
      failures.record("\(label): overlapping calls (\(event))")
      return
    }
    defer { inCall.store(false, ordering: .sequentiallyConsistent) }
    if disposeReturned.load(ordering: .sequentiallyConsistent),
      beganAfterDispose.add(1, ordering: .sequentiallyConsistent).newValue > 1
    {
      failures.record("\(label): \(event) is the second event begun after dispose returned")
    }
    if terminals.load(ordering: .sequentiallyConsistent) > 0 {
      failures.record("\(label): \(event) after a terminal event")
    }
    switch event {
    case .next(let value):
      let (sender, number) = value.quotientAndRemainder(dividingBy: senderStride)
      let expected = next.withLock { next in
        defer { next[sender] = number + 1 }
        return next[sender]
      }
      if number != expected {
        failures.record("\(label): sender \(sender) sent \(number), expected \(expected)")
      }
      if sender == 0, number >= firstAfterDispose.load(ordering: .sequentiallyConsistent) {
        failures.record("\(label): element \(number) delivered, sent after dispose returned")
      }
    case .error, .completed:
      terminals.add(1, ordering: .sequentiallyConsistent)
      if terminalNumber >= firstAfterDispose.load(ordering: .sequentiallyConsistent) {
        failures.record("\(label): \(event) delivered, sent after dispose returned")
      }
    }
  }

  /// Checks what can be checked once both sides of the race have returned.
  func checkAfterRace() {
    let terminals = terminals.load(ordering: .sequentiallyConsistent)
    if terminals > 1 { failures.record("\(label): \(terminals) terminal events") }
    let terminalSentBeforeDispose =
      terminalSentTicket.load(ordering: .sequentiallyConsistent)
      < disposeStartedTicket.load(ordering: .sequentiallyConsistent)
    if terminalSentBeforeDispose, terminals != 1 {
      failures.record("\(label): terminal sent before dispose, but \(terminals) delivered")
    }
    // Both sides have returned, and one of them disposed: whoever delivered last has released
    // the subscriber, though the observer handed to `create` is still held.
    let released = released.load(ordering: .sequentiallyConsistent)
    if released != 1 { failures.record("\(label): subscriber released \(released) times") }
  }
}

/// Held only by the subscriber's observer; counts its release.
private final class ReleaseCounter: Sendable {
  let probe: CreateRaceProbe

  init(_ probe: CreateRaceProbe) {
    self.probe = probe
  }

  deinit {
    probe.released.add(1, ordering: .sequentiallyConsistent)
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
      let probe = CreateRaceProbe(
        terminalNumber: Self.elementsPerSender, failures: failures,
        label: "create\(raw ? " (raw)" : "") #\(round)")
      let slot = CreateObserverSlot()
      let source = Observable<Int>.create { observer in
        slot.set(observer)
        return Disposables.create()
      }
      let counter = ReleaseCounter(probe)
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
          for number in 0..<Self.elementsPerSender { observer.onNext(senderStride + number) }
          probe.dispose(subscription)
        },
        check: {
          probe.checkAfterRace()
        })
    }
  }
}
