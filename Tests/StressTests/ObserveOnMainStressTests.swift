import Dispatch
import ObservableCore
import ObservableTesting
import Testing

/// What the observer of ``Stress/ObserveOnMainStressTests/twoSenders()`` saw.
private struct MainQueueSendersSeen: Sendable {
  var lastFromThread = -1
  var lastFromMain = -1
  var count = 0
  var outOfOrder = 0
  var offMain = 0
  var completions = 0
}

extension Stress {
  /// `observe(on: MainScheduler.instance)` with events arriving on the main queue and off it.
  ///
  /// An event that arrives on the main queue, with nothing of the scheduler pending, is
  /// delivered within the send, without a scheduled action; events from other threads go
  /// through a drain scheduled on the main queue. Both paths share one state machine, raced
  /// here.
  @Suite("Stress: observe(on: MainScheduler) with senders on the main queue and off it")
  struct ObserveOnMainStressTests {
    static let chunks = 200
    static let perChunk = 250

    @Test(
      "each sender's elements arrive once, in order, one call at a time, on the main queue; then the completion",
      .timeLimit(.minutes(10)))
    func twoSenders() async {
      await withLeakChecking(timeout: .seconds(120)) {
        let total = Self.chunks * Self.perChunk
        let subject = PublishSubject<Int>()
        let seen = _Mutex(MainQueueSendersSeen())
        let inCall = _Atomic<Bool>(false)
        let overlaps = _Atomic<Int>(0)
        let done = _OnceGate()
        // As an `Observable`, whose closures are `@Sendable`: the observer checks the thread.
        let delivered: Observable<Int> = subject.observe(on: MainScheduler.instance)
        let subscription = delivered.subscribe(
          onNext: { value in
            if inCall.exchange(true, ordering: .sequentiallyConsistent) {
              overlaps.add(1, ordering: .relaxed)
            }
            let onMain = MainScheduler._isOnMainThreadOrQueue
            seen.withLock { state in
              state.count += 1
              if !onMain { state.offMain += 1 }
              // Even elements come from the thread, odd ones from the main queue.
              if value % 2 == 0 {
                if value <= state.lastFromThread { state.outOfOrder += 1 }
                state.lastFromThread = value
              } else {
                if value <= state.lastFromMain { state.outOfOrder += 1 }
                state.lastFromMain = value
              }
            }
            inCall.store(false, ordering: .sequentiallyConsistent)
          },
          onCompleted: {
            seen.withLock { $0.completions += 1 }
            done.open(true)
          })
        async let threadFinished = runThreads(1, deadline: .seconds(300)) { _ in
          for index in 0..<total {
            subject.onNext(2 * index)
            // Now and then the main queue catches up, and the next event finds nothing pending.
            if index % 100 == 0 { spin(2_000) }
          }
        }
        for chunk in 0..<Self.chunks {
          await MainActor.run {
            for index in chunk * Self.perChunk..<(chunk + 1) * Self.perChunk {
              subject.onNext(2 * index + 1)
            }
          }
        }
        guard await threadFinished else { return }
        await MainActor.run { subject.onCompleted() }
        let completed = await done.wait(deadline: .seconds(120))
        #expect(completed)
        let result = seen.withLock { $0 }
        #expect(result.count == 2 * total)
        #expect(result.outOfOrder == 0)
        #expect(result.offMain == 0)
        #expect(result.completions == 1)
        #expect(overlaps.load(ordering: .relaxed) == 0)
        subscription.dispose()
      }
    }

    @Test(
      "a dispose on another thread racing sends on the main queue: nothing sent after it returned is delivered, one terminal at most",
      .timeLimit(.minutes(10)))
    func disposeRacingMainQueueSends() async {
      await withLeakChecking(timeout: .seconds(120)) {
        let failures = StressFailures()
        let rounds = 2_000
        let ran = await runRaces(rounds, deadline: .seconds(300)) { round in
          let subject = PublishSubject<Int>()
          let probe = RaceProbe(
            terminalNumber: 8, failures: failures, label: "round \(round)", limitsInFlight: true)
          let subscription = subject.observe(on: MainScheduler.instance).subscribe(probe)
          return Race(
            left: {
              DispatchQueue.main.sync {
                for number in 0..<8 {
                  probe.noteSending(number)
                  subject.onNext(number)
                }
                probe.noteSending(8)
                subject.onCompleted()
                probe.noteTerminalSent()
              }
            },
            right: { probe.dispose(subscription) },
            check: { probe.checkAfterRace(synchronous: false) })
        }
        #expect(ran == rounds)
        failures.expectNone()
      }
    }
  }
}
