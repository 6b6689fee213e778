import Dispatch
import ObservableCore
import ObservableTesting
import Testing

/// An inner sequence for outer element `outer`: `outer * 10` and `outer * 10 + 1`, then
/// completion, sent from a thread of `queue`'s after the subscription returns.
private func innerOnAnotherThread(_ outer: Int, queue: DispatchQueue) -> Observable<Int> {
  Observable.create { observer in
    let cancelled = BooleanDisposable()
    queue.async {
      guard !cancelled.isDisposed else { return }
      observer.onNext(outer * 10)
      observer.onNext(outer * 10 + 1)
      observer.onCompleted()
    }
    return cancelled
  }
}

extension Stress {
  /// `flatMapLatest` whose inner sequences emit and complete on other threads while the outer
  /// sequence moves on.
  ///
  /// Every round sends ten outer elements from the test's thread; each inner sends two elements
  /// and completes on one of four queues. A switch must silence the previous inner: once an
  /// element of inner `n` has arrived, nothing from an earlier inner may follow. The last inner
  /// is never switched away, so both its elements arrive, and exactly one completion follows
  /// the outer completion. Rounds that dispose instead race the disposal against the inners
  /// and check that nothing caused after it arrives. The grammar-checking observer fails on
  /// overlapping calls and on anything after the terminal event.
  @Suite("Stress: flatMapLatest with inners completing on other threads")
  struct FlatMapLatestStressTests {
    static let rounds = 2_000
    static let outerElements = 10

    @Test("2,000 rounds of 10 switches", .timeLimit(.minutes(10)))
    func switchesWhileInnersComplete() async {
      await Self.run(rounds: Self.rounds, mixingJust: false)
    }

    /// The same rounds with every third inner a `just`, which `flatMapLatest` delivers without
    /// subscribing: it must silence the previous inner (still running on another thread) just
    /// as a subscribed inner does.
    @Test("1,000 rounds of 10 switches, every third inner a just", .timeLimit(.minutes(10)))
    func switchesToJustWhileInnersComplete() async {
      await Self.run(rounds: Self.rounds / 2, mixingJust: true)
    }

    private static func run(rounds: Int, mixingJust: Bool) async {
      let failures = StressFailures()
      let queues = (0..<4).map { DispatchQueue(label: "StressTests.inner\($0)") }
      await withLeakChecking(timeout: .seconds(120)) {
        for round in 0..<rounds {
          let select = { @Sendable (value: Int) -> Observable<Int> in
            if mixingJust && value % 3 == 1 { return .just(value * 10) }
            return innerOnAnotherThread(value, queue: queues[(value + round) % queues.count])
          }
          if round.isMultiple(of: 4) {
            await Self.disposingRound(round, select: select, queues: queues, failures: failures)
          } else {
            await Self.completingRound(round, select: select, failures: failures)
          }
        }
      }
      failures.expectNone()
    }

    private static func completingRound(
      _ round: Int, select: @escaping @Sendable (Int) -> Observable<Int>,
      failures: StressFailures
    ) async {
      let outer = PublishSubject<Int>()
      let observer = TestableObserver<Int>()
      let subscription = outer.flatMapLatest(select).subscribe(observer)
      for value in 0..<outerElements {
        outer.onNext(value)
        if (value + round).isMultiple(of: 3) { spin(200) }
      }
      outer.onCompleted()
      guard await observer.waitForTermination(timeout: .seconds(120)) else {
        failures.record("round \(round): no terminal event")
        subscription.dispose()
        return
      }
      let events = observer.events.map(\.value)
      let elements = observer.elements
      // Inner numbers never go back: a switched-away inner is silent.
      let inners = elements.map { $0 / 10 }
      if inners != inners.sorted() { failures.record("round \(round): \(elements)") }
      let last = outerElements - 1
      if Array(elements.suffix(2)) != [last * 10, last * 10 + 1] {
        failures.record("round \(round): the last inner's elements are missing: \(elements)")
      }
      if events.last != .completed || events.filter(\.isStopEvent).count != 1 {
        failures.record("round \(round): \(events.filter(\.isStopEvent).count) terminal events")
      }
      if !observer.grammarViolations.isEmpty {
        failures.record("round \(round): \(observer.grammarViolations)")
      }
      subscription.dispose()
    }

    private static func disposingRound(
      _ round: Int, select: @escaping @Sendable (Int) -> Observable<Int>, queues: [DispatchQueue],
      failures: StressFailures
    ) async {
      let outer = PublishSubject<Int>()
      let probe = RaceProbe(
        terminalNumber: Int.max, failures: failures, label: "flatMapLatest dispose #\(round)",
        limitsInFlight: true)
      let disposer = DispatchQueue(label: "StressTests.disposer")
      let subscription = outer.flatMapLatest(select).subscribe(probe)
      let disposed = _OnceGate()
      let disposeAfter = round / 4 % outerElements
      for value in 0..<outerElements {
        // Inner elements are numbered value * 10 and up; noting value * 10 before sending the
        // outer element marks everything its inner sends.
        probe.noteSending(value * 10)
        outer.onNext(value)
        if value == disposeAfter {
          disposer.async {
            probe.dispose(subscription)
            disposed.open(true)
          }
        }
      }
      _ = await disposed.wait(deadline: .seconds(120))
      // Let every inner that was already scheduled run: queues are serial, so a block queued
      // after them runs after them.
      for queue in queues {
        await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
      }
      probe.checkAfterRace(synchronous: false)
    }
  }
}
