import Dispatch
import ObservableCore
import ObservableTesting
import Testing

extension Stress {
  /// `observe(on:)` hands its batches between a producer thread and the scheduler's thread,
  /// reusing each drained batch's buffer as the queue for the next events.
  @Suite("Stress: observe(on:) with a busy producer")
  struct ObserveOnStressTests {
    static let elements = 200_000

    @Test(
      "every element arrives once, in order, then the completion, on a serial and a concurrent scheduler",
      .timeLimit(.minutes(10)), arguments: [false, true])
    func inOrderOnce(concurrent: Bool) async {
      await withLeakChecking(timeout: .seconds(120)) {
        let scheduler: any ImmediateSchedulerType =
          concurrent
          ? ConcurrentDispatchQueueScheduler(qos: .default)
          : SerialDispatchQueueScheduler(internalSerialQueueName: "StressTests.observeOn")
        let subject = PublishSubject<Int>()
        let state = _Mutex<(next: Int, outOfOrder: Int, completions: Int)>((0, 0, 0))
        let inCall = _Atomic<Bool>(false)
        let overlaps = _Atomic<Int>(0)
        let done = _OnceGate()
        let subscription = subject.observe(on: scheduler).subscribe(
          onNext: { value in
            if !inCall.compareExchange(
              expected: false, desired: true, ordering: .sequentiallyConsistent
            ).exchanged {
              overlaps.add(1, ordering: .relaxed)
            }
            state.withLock { state in
              if value != state.next { state.outOfOrder += 1 }
              state.next = value + 1
            }
            inCall.store(false, ordering: .sequentiallyConsistent)
          },
          onCompleted: {
            state.withLock { $0.completions += 1 }
            done.open(true)
          })
        let finished = await runThreads(1, deadline: .seconds(300)) { _ in
          for value in 0..<Self.elements {
            subject.onNext(value)
            // Now and then the consumer catches up, and a new drain is scheduled.
            if value % 1_000 == 0 { spin(2_000) }
          }
          subject.onCompleted()
        }
        guard finished else { return }
        let completed = await done.wait(deadline: .seconds(120))
        #expect(completed)
        let result = state.withLock { $0 }
        #expect(result.next == Self.elements)
        #expect(result.outOfOrder == 0)
        #expect(result.completions == 1)
        #expect(overlaps.load(ordering: .relaxed) == 0)
        subscription.dispose()
      }
    }
  }
}
