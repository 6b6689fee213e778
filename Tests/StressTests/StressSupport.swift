import Dispatch
import ObservableCore
import ObservableTesting
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The stress suite: real threads, fixed iteration counts, deadlines.
///
/// Its suites run one at a time, each on dedicated threads: every one of them keeps the CPUs
/// busy, and running them together would only make each slower, above all under a sanitizer.
@Suite("Stress", .serialized, .dedicatedThreads)
enum Stress {}

// Shared machinery of the stress suite: threads that start together, races run in lock step
// by two threads, a deadline that turns a deadlock into a failure, and a probe observer that
// checks the Rx grammar and "nothing after dispose" as each event arrives.

/// Failures seen on threads that are not the test's task, reported by the test at the end.
final class StressFailures: Sendable {
  private let state = _Mutex<(count: Int, first: [String])>((0, []))

  /// Records a failure; the first few are kept word for word.
  func record(_ message: String) {
    state.withLock { state in
      state.count += 1
      if state.first.count < 10 { state.first.append(message) }
    }
  }

  var count: Int { state.withLock { $0.count } }

  /// Records one test issue summarizing every failure, if there was any.
  func expectNone(sourceLocation: SourceLocation = #_sourceLocation) {
    let (count, first) = state.withLock { ($0.count, $0.first) }
    if count > 0 {
      Issue.record(
        "\(count) failure(s), first: \(first.joined(separator: " | "))",
        sourceLocation: sourceLocation)
    }
  }
}

/// Gives the CPU to another thread; spinning threads call it so that, on a machine with fewer
/// cores than threads, the thread they wait for gets to run.
func yieldThread() {
  #if canImport(Glibc)
    sched_yield()
  #endif
}

/// Busy-waits for `iterations` steps, to move the point where two racing threads meet.
func spin(_ iterations: Int) {
  var counter = 0
  for _ in 0..<iterations { counter &+= 1 }
  _blackHole(counter)
}

@inline(never)
func _blackHole<T>(_ value: T) {}

/// Runs `body` on `threads` threads of their own and waits for all of them, or until the
/// deadline passes.
///
/// Each thread waits for the others to start before running `body`, so the bodies truly
/// overlap. The threads inherit the caller's resource scope, so leak checking counts what they
/// create.
///
/// - Returns: Whether every thread finished before the deadline. When it is `false`, an issue
///   has been recorded and the threads are left running: a deadlock fails the test instead of
///   hanging the run.
@discardableResult
func runThreads(
  _ threads: Int, deadline: Duration, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: @escaping @Sendable (_ thread: Int) -> Void
) async -> Bool {
  let scope = Resources.currentScope
  let waiting = _Atomic<Int>(threads)
  let finished = _Atomic<Int>(0)
  let gate = _OnceGate()
  for index in 0..<threads {
    // A queue of its own gets a thread of its own, even while every CPU is busy.
    DispatchQueue(label: "StressTests.thread\(index)").async {
      Resources.$currentScope.withValue(scope) {
        waiting.subtract(1, ordering: .sequentiallyConsistent)
        while waiting.load(ordering: .sequentiallyConsistent) > 0 { yieldThread() }
        body(index)
      }
      if finished.add(1, ordering: .sequentiallyConsistent).newValue == threads {
        gate.open(true)
      }
    }
  }
  let inTime = await gate.wait(deadline: deadline)
  if !inTime {
    let done = finished.load(ordering: .sequentiallyConsistent)
    Issue.record(
      "deadline of \(deadline) passed with \(done) of \(threads) threads finished: deadlock?",
      sourceLocation: sourceLocation)
  }
  return inTime
}

/// A one-shot signal that an async caller waits for with a deadline, resumed exactly once.
final class _OnceGate: Sendable {
  private enum State {
    case idle
    case waiting(CheckedContinuation<Bool, Never>)
    case opened(Bool)
  }

  private let state = _Mutex(State.idle)

  /// Opens the gate with `value`; only the first call counts.
  func open(_ value: Bool) {
    let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
      switch state {
      case .idle:
        state = .opened(value)
        return nil
      case .waiting(let continuation):
        state = .opened(value)
        return continuation
      case .opened:
        return nil
      }
    }
    waiter?.resume(returning: value)
  }

  /// Waits until the gate opens; `false` if `deadline` passes first.
  func wait(deadline: Duration) async -> Bool {
    let (seconds, attoseconds) = deadline.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
      self.open(false)
    }
    return await withCheckedContinuation { continuation in
      let ready = state.withLock { state -> Bool? in
        switch state {
        case .idle:
          state = .waiting(continuation)
          return nil
        case .opened(let value):
          return value
        case .waiting:
          return nil
        }
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }
}

/// One race: what each of the two threads does, and what to check once both are done.
struct Race: Sendable {
  /// Run by the first thread.
  var left: @Sendable () -> Void
  /// Run by the second thread, at the same moment.
  var right: @Sendable () -> Void
  /// Run by the first thread after both sides have returned.
  var check: @Sendable () -> Void = {}
}

/// Runs `rounds` races between two threads in lock step and returns the number run.
///
/// For each round the first thread calls `setup`, then both threads pass a barrier and run
/// their side of the race at once, then pass a second barrier, and the first thread runs the
/// check. The barrier spins and yields, so a round costs microseconds.
///
/// - Returns: The number of rounds that ran, which is `rounds` unless the deadline passed.
@discardableResult
func runRaces(
  _ rounds: Int, deadline: Duration, sourceLocation: SourceLocation = #_sourceLocation,
  setup: @escaping @Sendable (_ round: Int) -> Race
) async -> Int {
  let barrier = _TwoPartyBarrier()
  let slot = _Mutex<Race?>(nil)
  let completed = _Atomic<Int>(0)
  let stop = _Atomic<Bool>(false)
  await runThreads(2, deadline: deadline, sourceLocation: sourceLocation) { thread in
    for round in 0..<rounds {
      if thread == 0 {
        if stop.load(ordering: .relaxed) {
          slot.withLock { $0 = nil }
        } else {
          slot.withLock { $0 = setup(round) }
        }
      }
      barrier.arriveAndWait()
      guard let race = slot.withLock({ $0 }) else { return }
      if thread == 0 { race.left() } else { race.right() }
      barrier.arriveAndWait()
      if thread == 0 {
        race.check()
        slot.withLock { $0 = nil }
        completed.add(1, ordering: .relaxed)
      }
    }
  }
  stop.store(true, ordering: .relaxed)
  return completed.load(ordering: .relaxed)
}

/// A reusable barrier for exactly two threads.
///
/// A thread that arrives first spins for a moment, which keeps both sides of a race close
/// together when each has a core, then sleeps, so that on a busy machine it does not burn the
/// time slice the other thread needs.
final class _TwoPartyBarrier: Sendable {
  private struct State {
    var arrived = 0
    var generation = 0
    var sleeping = false
  }

  private let state = _Mutex(State())
  private let generation = _Atomic<Int>(0)
  /// One semaphore per phase parity: a thread that has just released a sleeper and hurries
  /// on to sleep at the next phase must not take the wake-up meant for that sleeper.
  private let wakeUp = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]

  /// Waits until the other thread has arrived too.
  func arriveAndWait() {
    enum Arrival {
      case first(phase: Int)
      case second(phase: Int, wakeSleeper: Bool)
    }
    let arrival = state.withLock { state -> Arrival in
      state.arrived += 1
      guard state.arrived == 2 else { return .first(phase: state.generation) }
      state.arrived = 0
      defer {
        state.generation += 1
        state.sleeping = false
      }
      return .second(phase: state.generation, wakeSleeper: state.sleeping)
    }
    switch arrival {
    case .second(let phase, let wakeSleeper):
      generation.add(1, ordering: .sequentiallyConsistent)
      if wakeSleeper { wakeUp[phase % 2].signal() }
    case .first(let phase):
      var spins = 0
      while generation.load(ordering: .sequentiallyConsistent) <= phase {
        spins += 1
        guard spins < 2_000 else {
          let sleep = state.withLock { state -> Bool in
            guard state.generation == phase else { return false }
            state.sleeping = true
            return true
          }
          if sleep { wakeUp[phase % 2].wait() }
          return
        }
      }
    }
  }
}

/// Watches one subscription during a race: checks the grammar and that nothing caused after
/// dispose is delivered, as each event arrives.
///
/// Only one event may begin after dispose has returned: the one that was already on its way.
///
/// The racing emitter numbers what it sends: elements `0..<k` and then the terminal event as
/// number `k`. Before each send it asks ``noteSending(_:)`` whether dispose has already
/// returned; the first number sent after that is remembered. Operators in the chain map what
/// they emit to the number of the send that caused it, so an event that arrives carrying a
/// number at or above that mark was caused after dispose returned: a violation. Elements below
/// zero (a `startWith` or a subject's initial value) carry no number.
///
/// With more than one sender, element `sender * senderStride + n` is sender `sender`'s `n`th
/// element: each sender's order is checked too, and only sender 0, the racing emitter, numbers
/// its sends with ``noteSending(_:)``.
final class RaceProbe: ObserverType, Sendable {
  typealias Element = Int

  /// How far apart the senders' element numbers are when there is more than one sender.
  static let senderStride = 1_000

  /// The number of the terminal event.
  let terminalNumber: Int
  private let failures: StressFailures
  private let label: String
  private let inCall = _Atomic<Bool>(false)
  private let disposeReturned = _Atomic<Bool>(false)
  private let firstAfterDispose = _Atomic<Int>(Int.max)
  private let terminals = _Atomic<Int>(0)
  private let elementCount = _Atomic<Int>(0)
  private let ticket = _Atomic<Int>(0)
  private let terminalSentTicket = _Atomic<Int>(Int.max)
  private let disposeStartedTicket = _Atomic<Int>(Int.max)

  private let beganAfterDispose = _Atomic<Int>(0)
  private let limitsInFlight: Bool
  private let senders: Int
  /// The next element number expected from each sender; touched only inside a call, which
  /// the probe checks is serialized.
  private let nextFromSender: _Mutex<[Int]>

  /// Creates a probe.
  ///
  /// - Parameters:
  ///   - terminalNumber: The number of the terminal send.
  ///   - failures: Where violations go.
  ///   - label: Names the chain and round in failure messages.
  ///   - limitsInFlight: Whether at most one event may begin after dispose returned. That holds
  ///     for an observer subscribed with `subscribe(_:)`, whose subscription checks its
  ///     lifetime before each event; an observer attached to a raw `_Lifetime` may see an
  ///     operator finish the burst it was in the middle of.
  ///   - senders: How many threads send elements, each numbering its own from 0 with
  ///     ``senderStride`` between senders; with more than one, each sender's order is checked.
  init(
    terminalNumber: Int, failures: StressFailures, label: String, limitsInFlight: Bool,
    senders: Int = 1
  ) {
    self.terminalNumber = terminalNumber
    self.failures = failures
    self.label = label
    self.limitsInFlight = limitsInFlight
    self.senders = senders
    nextFromSender = _Mutex(Array(repeating: 0, count: senders))
  }

  /// Called by the emitter before it sends number `number`.
  func noteSending(_ number: Int) {
    if disposeReturned.load(ordering: .sequentiallyConsistent) {
      _ = firstAfterDispose.compareExchange(
        expected: Int.max, desired: number, ordering: .sequentiallyConsistent)
    }
  }

  /// Called by the emitter after its terminal send has returned.
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
      beganAfterDispose.add(1, ordering: .sequentiallyConsistent).newValue > 1, limitsInFlight
    {
      failures.record("\(label): \(event) is the second event begun after dispose returned")
    }
    let mark = firstAfterDispose.load(ordering: .sequentiallyConsistent)
    if terminals.load(ordering: .sequentiallyConsistent) > 0 {
      failures.record("\(label): \(event) after a terminal event")
    }
    switch event {
    case .next(var number):
      elementCount.add(1, ordering: .relaxed)
      if senders > 1 {
        let (sender, ordinal) = number.quotientAndRemainder(dividingBy: Self.senderStride)
        let expected = nextFromSender.withLock { next in
          defer { next[sender] = ordinal + 1 }
          return next[sender]
        }
        if ordinal != expected {
          failures.record("\(label): sender \(sender) sent \(ordinal), expected \(expected)")
        }
        // Only sender 0 numbers its sends against dispose.
        number = sender == 0 ? ordinal : -1
      }
      if number >= 0, number >= mark {
        failures.record("\(label): element \(number) delivered, sent after dispose returned")
      }
    case .error, .completed:
      terminals.add(1, ordering: .sequentiallyConsistent)
      if terminalNumber >= mark {
        failures.record("\(label): \(event) delivered, sent after dispose returned")
      }
    }
  }

  /// The number of terminal events delivered.
  var terminalCount: Int { terminals.load(ordering: .sequentiallyConsistent) }

  /// The number of elements delivered.
  var elements: Int { elementCount.load(ordering: .relaxed) }

  /// Whether the terminal send returned before dispose began, so that a synchronous chain
  /// must have delivered its terminal event.
  var terminalSentBeforeDispose: Bool {
    terminalSentTicket.load(ordering: .sequentiallyConsistent)
      < disposeStartedTicket.load(ordering: .sequentiallyConsistent)
  }

  /// Checks what can be checked once both sides of the race have returned.
  ///
  /// - Parameter synchronous: Whether the chain delivers on the emitting thread, so that a
  ///   terminal event sent before dispose began has been delivered by now.
  func checkAfterRace(synchronous: Bool) {
    let terminals = terminalCount
    if terminals > 1 { failures.record("\(label): \(terminals) terminal events") }
    if synchronous, terminalSentBeforeDispose, terminals != 1 {
      failures.record("\(label): terminal sent before dispose, but \(terminals) delivered")
    }
  }
}
