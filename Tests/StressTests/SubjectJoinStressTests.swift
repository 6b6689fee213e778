import ObservableCore
import ObservableTesting
import Testing

/// Checks that a subscriber of a subject fed `0, 1, 2, …` receives a contiguous run.
///
/// That is a replayed value (if the subject replays), then every later element once, in order,
/// then at most one completion. A gap, a duplicate, an element after the completion or an
/// overlapping call is counted.
private final class RunChecker: ObserverType, Sendable {
  typealias Element = Int

  private let inCall = _Atomic<Bool>(false)
  /// Whether the first element takes a while, to widen the window in which a second caller
  /// could overlap it (a replay delivered while a sender is already at the next element).
  private let slowFirstElement: Bool

  init(slowFirstElement: Bool = false) {
    self.slowFirstElement = slowFirstElement
  }

  typealias Report = (
    received: Int, first: Int?, last: Int?, breaks: Int, overlaps: Int, completions: Int
  )

  private let state = _Mutex<Report>((0, nil, nil, 0, 0, 0))

  func on(_ event: Event<Int>) {
    guard
      inCall.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent)
        .exchanged
    else {
      state.withLock { $0.overlaps += 1 }
      return
    }
    defer { inCall.store(false, ordering: .sequentiallyConsistent) }
    if slowFirstElement, case .next = event, state.withLock({ $0.received == 0 }) { spin(2_000) }
    state.withLock { state in
      switch event {
      case .next(let value):
        if state.completions > 0 { state.breaks += 1 }
        if let last = state.last, value != last + 1 { state.breaks += 1 }
        state.received += 1
        if state.first == nil { state.first = value }
        state.last = value
      case .error:
        state.breaks += 1
      case .completed:
        state.completions += 1
      }
    }
  }

  var report: Report {
    state.withLock { $0 }
  }
}

extension Stress {
  /// A subscriber joins a subject while another thread sends into it.
  ///
  /// A subscriber that arrives during a delivery is queued at its place: it must receive its
  /// replay (if any), then exactly the elements sent after it joined, with no gap and no
  /// duplicate, then the completion. Each round races one subscribe against a burst of sends
  /// that starts at the same moment, the subscribe a little later each round, so that joins
  /// land before, inside and after the burst; inside it, the sender takes and gives back the
  /// delivery token for every element, without the lock when nothing is queued.
  @Suite("Stress: subscribers joining a subject during sends")
  struct SubjectJoinStressTests {
    static let rounds = 3_000
    static let burst = 256

    static let subjects: [(name: String, make: @Sendable () -> any SubjectUnderTest)] = [
      ("PublishSubject", { PublishSubject<Int>() }),
      ("BehaviorSubject", { BehaviorSubject(value: -1) }),
      ("ReplaySubject(bufferSize: 1)", { ReplaySubject<Int>.create(bufferSize: 1) }),
    ]

    @Test(
      "a subscriber joining during sends sees a contiguous run, then the end",
      .timeLimit(.minutes(10)), arguments: 0..<3)
    func contiguousRuns(subjectIndex: Int) async {
      let (name, make) = Self.subjects[subjectIndex]
      let failures = StressFailures()
      let joinedMidBurst = _Atomic<Int>(0)
      await withLeakChecking(timeout: .seconds(120)) {
        let completed = await runRaces(Self.rounds, deadline: .seconds(300)) { round in
          let subject = make()
          let witness = RunChecker()
          let joiner = RunChecker(slowFirstElement: true)
          let subscriptions = _Mutex<[any Disposable]>([subject.subscribeChecker(witness)])
          let started = _Atomic<Bool>(false)
          return Race(
            left: {
              for value in 0..<Self.burst {
                subject.send(value)
                if value == 0 { started.store(true, ordering: .releasing) }
              }
              subject.complete()
            },
            right: {
              // After the first element, a little later each round.
              while !started.load(ordering: .acquiring) {}
              spin((round % 128) * 16)
              subscriptions.withLock { $0.append(subject.subscribeChecker(joiner)) }
            },
            check: {
              for (who, report) in [("witness", witness.report), ("joiner", joiner.report)] {
                if report.breaks != 0 || report.overlaps != 0 || report.completions != 1
                  || (report.received > 0 && report.last != Self.burst - 1)
                {
                  failures.record("\(name) round \(round), \(who): \(report)")
                }
              }
              if let first = joiner.report.first, first > 0 {
                joinedMidBurst.add(1, ordering: .relaxed)
              }
              for subscription in subscriptions.withLock({ $0 }) { subscription.dispose() }
            })
        }
        #expect(completed == Self.rounds)
      }
      failures.expectNone()
      // Not a check of the subject: whether the race took place at all.
      #expect(joinedMidBurst.load(ordering: .relaxed) > 0, "\(name): no join inside a burst")
    }
  }
}

/// The subjects the join test drives, behind one interface.
protocol SubjectUnderTest: Sendable {
  func send(_ value: Int)
  func complete()
  func subscribeChecker(_ checker: some ObserverType<Int>) -> any Disposable
}

extension PublishSubject<Int>: SubjectUnderTest {
  func send(_ value: Int) { onNext(value) }
  func complete() { onCompleted() }
  func subscribeChecker(_ checker: some ObserverType<Int>) -> any Disposable { subscribe(checker) }
}

extension BehaviorSubject<Int>: SubjectUnderTest {
  func send(_ value: Int) { onNext(value) }
  func complete() { onCompleted() }
  func subscribeChecker(_ checker: some ObserverType<Int>) -> any Disposable { subscribe(checker) }
}

extension ReplaySubject<Int>: SubjectUnderTest {
  func send(_ value: Int) { onNext(value) }
  func complete() { onCompleted() }
  func subscribeChecker(_ checker: some ObserverType<Int>) -> any Disposable { subscribe(checker) }
}
