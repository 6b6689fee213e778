import ObservableCore
import Testing

extension Stress {
  /// The stress suite's checks can fail: each violation the probe looks for, made on purpose.
  @Suite("RaceProbe: every check reports its violation")
  struct RaceProbeTests {
    /// A chain that ignores the lifetime it is given, so that disposal never reaches its source.
    private func ignoringDisposal(_ source: PublishSubject<Int>) -> Observable<Int> {
      Observable(_run: { observer, _ in source._subscribe(observer, _Lifetime()) })
    }

    @Test("an element sent after dispose returned, and the terminal event after it")
    func sentAfterDispose() {
      let failures = StressFailures()
      let probe = RaceProbe(
        terminalNumber: 1, failures: failures, label: "p", limitsInFlight: false)
      let source = PublishSubject<Int>()
      let lifetime = _Lifetime()
      ignoringDisposal(source)._subscribe(AnyObserver(probe), lifetime)
      probe.dispose(lifetime)
      probe.noteSending(0)
      source.onNext(0)
      probe.noteSending(1)
      source.onCompleted()
      #expect(failures.count == 2)
      source.dispose()
    }

    @Test("more than one event begun after dispose returned")
    func inFlightLimit() {
      let failures = StressFailures()
      let probe = RaceProbe(terminalNumber: 9, failures: failures, label: "p", limitsInFlight: true)
      let source = PublishSubject<Int>()
      let lifetime = _Lifetime()
      ignoringDisposal(source)._subscribe(AnyObserver(probe), lifetime)
      probe.dispose(lifetime)
      // Sent without noting, as if each had been on its way before dispose.
      source.onNext(-1)
      #expect(failures.count == 0)
      source.onNext(-1)
      #expect(failures.count == 1)
      source.dispose()
    }

    @Test("two terminal events, and an element after a terminal event")
    func grammar() {
      let failures = StressFailures()
      let probe = RaceProbe(terminalNumber: 1, failures: failures, label: "p", limitsInFlight: true)
      probe.on(.completed)
      probe.on(.next(-1))
      probe.on(.completed)
      probe.checkAfterRace(synchronous: false)
      // The element and the second terminal each break the grammar; the count check adds one.
      #expect(failures.count == 3)
    }

    @Test("a terminal event sent before dispose but never delivered by a synchronous chain")
    func missingTerminal() {
      let failures = StressFailures()
      let probe = RaceProbe(terminalNumber: 1, failures: failures, label: "p", limitsInFlight: true)
      probe.noteTerminalSent()
      probe.dispose(Disposables.create())
      probe.checkAfterRace(synchronous: true)
      #expect(failures.count == 1)
      probe.checkAfterRace(synchronous: false)
      #expect(failures.count == 1)
    }
  }
}
