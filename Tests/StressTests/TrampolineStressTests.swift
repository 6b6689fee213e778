import Dispatch
import ObservableCore
import ObservableTesting
import Testing

extension Stress {
  /// Synchronous sources taking turns on per-thread trampolines, with other threads disposing
  /// them and sending into them.
  ///
  /// Each thread's trampoline is touched only by that thread; these races check that the turns
  /// stay per thread (every thread sees RxSwift's order), that a source disposed from another
  /// thread while it is emitting or waiting for its turn stops, and that nothing is left active.
  @Suite("Stress: synchronous sources on per-thread trampolines")
  struct TrampolineStressTests {
    @Test("8 threads interleave synchronous sources, each on its own trampoline")
    func perThreadOrder() async {
      let failures = StressFailures()
      let expected = ["1", "3", "2", "4", "|", "11", "12", "22", "|", "a1", "b10", "a2", "b20"]
      // Under ThreadSanitizer with the portable locks this takes 90 to 110 s on 2 cores, so the
      // deadlock deadline is 300 s, as for the other long races.
      await runThreads(8, deadline: .seconds(300)) { _ in
        for _ in 0..<2_000 {
          let log = _Mutex<[String]>([])
          let record: @Sendable (String) -> Void = { entry in log.withLock { $0.append(entry) } }
          _ = Observable.merge(Observable.of(1, 2), Observable.of(3, 4)).subscribe(
            onNext: { record("\($0)") }, onCompleted: { record("|") })
          _ = Observable.combineLatest(Observable.of(1, 2), Observable.of(10, 20)) { $0 + $1 }
            .subscribe(onNext: { record("\($0)") }, onCompleted: { record("|") })
          _ = Observable.of(1, 2).subscribe(onNext: { outer in
            record("a\(outer)")
            _ = Observable.of(outer * 10).subscribe(onNext: { record("b\($0)") })
          })
          let entries = log.withLock { $0 }
          if entries != expected { failures.record("order \(entries)") }
          if !CurrentThreadScheduler.isScheduleRequired {
            failures.record("the trampoline stayed active")
          }
        }
      }
      failures.expectNone()
    }

    @Test("ending from another thread stops sources that emit or wait for their turn")
    func endFromAnotherThread() async {
      let failures = StressFailures()
      let roundsThatEmitted = _Atomic<Int>(0)
      let rounds = await runRaces(2_000, deadline: .seconds(120)) { round in
        // Two endless sources take turns on the left thread until the right thread's signal
        // ends the subscription (disposing both); the left thread's `subscribe` must then
        // return. The signal replays, so it also ends a subscription that starts after it.
        let stop = ReplaySubject<Void>.create(bufferSize: 1)
        let terminals = _Atomic<Int>(0)
        let afterTerminal = _Atomic<Int>(0)
        let elements = _Atomic<Int>(0)
        let observer = AnyObserver<Int> { event in
          if terminals.load(ordering: .sequentiallyConsistent) > 0 {
            afterTerminal.add(1, ordering: .sequentiallyConsistent)
          }
          if event.isStopEvent {
            terminals.add(1, ordering: .sequentiallyConsistent)
          } else {
            elements.add(1, ordering: .sequentiallyConsistent)
          }
        }
        return Race(
          left: {
            _ = Observable.merge(Observable.repeatElement(1), Observable.repeatElement(2))
              .take(until: stop)
              .subscribe(observer)
            if !CurrentThreadScheduler.isScheduleRequired {
              failures.record("round \(round): the trampoline stayed active")
            }
          },
          right: {
            spin(round % 64 * 200)
            stop.onNext(())
          },
          check: {
            if terminals.load(ordering: .sequentiallyConsistent) != 1 {
              failures.record(
                "round \(round): \(terminals.load(ordering: .sequentiallyConsistent)) terminals")
            }
            if elements.load(ordering: .sequentiallyConsistent) > 0 {
              roundsThatEmitted.add(1, ordering: .relaxed)
            }
            if afterTerminal.load(ordering: .sequentiallyConsistent) > 0 {
              failures.record("round \(round): events after the terminal event")
            }
          })
      }
      #expect(rounds == 2_000)
      // The race covers sources ended while emitting, not only before they start.
      #expect(roundsThatEmitted.load(ordering: .relaxed) > 0)
      failures.expectNone()
    }
  }
}
