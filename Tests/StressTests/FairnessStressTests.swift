import AsyncBridge
import Dispatch
import ObservableCore
import ObservableTesting
import Testing

/// A scheduler that counts the actions `observe(on:)` schedules on a serial queue.
private final class CountingSerialScheduler: ImmediateSchedulerType {
  let base = SerialDispatchQueueScheduler(internalSerialQueueName: "StressTests.fairness")
  let scheduled = _Atomic<Int>(0)

  func schedule<StateType: Sendable>(
    _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    scheduled.add(1, ordering: .relaxed)
    return base.schedule(state, action: action)
  }
}

/// The actor the actor-isolated consumers run on.
private actor Consumer {}

/// Checks that a consumer sees `0, 1, 2, …` with no call overlapping another.
private final class InOrder: Sendable {
  let state = _Mutex<(next: Int, outOfOrder: Int)>((0, 0))
  let inCall = _Atomic<Bool>(false)
  let overlaps = _Atomic<Int>(0)

  func received(_ value: Int) {
    if !inCall.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent)
      .exchanged
    {
      overlaps.add(1, ordering: .relaxed)
    }
    state.withLock { state in
      if value != state.next { state.outOfOrder += 1 }
      state.next = value + 1
    }
    inCall.store(false, ordering: .sequentiallyConsistent)
  }

  var next: Int { state.withLock { $0.next } }
  var outOfOrder: Int { state.withLock { $0.outOfOrder } }
}

extension Stress {
  /// The delivery loops that give their executor back after a slice of time.
  ///
  /// `observe(on:)` with a scheduler pauses and reschedules itself; `observe(on:)` with an
  /// actor and `asyncElements` await `Task.yield()` (`_FairSlice`). A consumer slower than its
  /// producer makes every slice end with events still waiting.
  @Suite("Stress: delivery loops that yield between slices")
  struct FairnessStressTests {
    static let elements = 20_000
    static let elementCost = 2_000

    @Test(
      "observe(on: serial queue): paused drains resume where they stopped, in order, once",
      .timeLimit(.minutes(10)))
    func observeOnSchedulerPauses() async {
      await withLeakChecking(timeout: .seconds(120)) {
        let scheduler = CountingSerialScheduler()
        let subject = PublishSubject<Int>()
        let order = InOrder()
        let done = _OnceGate()
        let subscription = subject.observe(on: scheduler).subscribe(
          onNext: { value in
            order.received(value)
            spin(Self.elementCost)
          },
          onCompleted: { done.open(true) })
        let finished = await runThreads(1, deadline: .seconds(300)) { _ in
          for value in 0..<Self.elements { subject.onNext(value) }
          subject.onCompleted()
        }
        guard finished else { return }
        #expect(await done.wait(deadline: .seconds(240)))
        #expect(order.next == Self.elements)
        #expect(order.outOfOrder == 0)
        #expect(order.overlaps.load(ordering: .relaxed) == 0)
        // One backlog, so without pauses one or two drains would have been scheduled.
        #expect(scheduler.scheduled.load(ordering: .relaxed) > 10)
        subscription.dispose()
      }
    }

    @Test(
      "observe(on: serial queue): disposing while drains pause and resume delivers nothing after",
      .timeLimit(.minutes(10)))
    func observeOnSchedulerDisposeRacesPauses() async {
      await withLeakChecking(timeout: .seconds(120)) {
        for round in 0..<20 {
          let scheduler = CountingSerialScheduler()
          let subject = PublishSubject<Int>()
          let disposed = _Atomic<Bool>(false)
          let afterDispose = _Atomic<Int>(0)
          let order = InOrder()
          let subscription = subject.observe(on: scheduler).subscribe(onNext: { value in
            if disposed.load(ordering: .sequentiallyConsistent) {
              afterDispose.add(1, ordering: .relaxed)
            }
            order.received(value)
            spin(Self.elementCost)
          })
          for value in 0..<2_000 { subject.onNext(value) }
          let finished = await runThreads(1, deadline: .seconds(120)) { _ in
            spin(50_000 * (round % 5))
            subscription.dispose()
            disposed.store(true, ordering: .sequentiallyConsistent)
          }
          guard finished else { return }
          // A call that began before `disposed` was stored may still be running; none begins
          // after. Wait for the queue to have run whatever it had.
          await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            _ = scheduler.base.schedule(()) { _ in
              continuation.resume()
              return Disposables.create()
            }
          }
          #expect(afterDispose.load(ordering: .relaxed) <= 1)
          #expect(order.outOfOrder == 0)
        }
      }
    }

    @Test(
      "observe(on: actor): yielding between slices keeps order and loses nothing",
      .timeLimit(.minutes(10)))
    func observeOnActorYields() async {
      await withLeakChecking(timeout: .seconds(120)) {
        let subject = PublishSubject<Int>()
        let order = InOrder()
        let done = _OnceGate()
        let actor = Consumer()
        let subscription = subject.observe(on: actor).subscribe(
          onNext: { value in
            order.received(value)
            spin(Self.elementCost)
          },
          onCompleted: { done.open(true) })
        let finished = await runThreads(2, deadline: .seconds(300)) { thread in
          if thread == 0 {
            for value in 0..<Self.elements { subject.onNext(value) }
            subject.onCompleted()
          } else {
            // Other work for the same actor, queued while the burst is delivered.
            for _ in 0..<200 {
              Task { await actor.run() }
              spin(20_000)
            }
          }
        }
        guard finished else { return }
        #expect(await done.wait(deadline: .seconds(240)))
        #expect(order.next == Self.elements)
        #expect(order.outOfOrder == 0)
        #expect(order.overlaps.load(ordering: .relaxed) == 0)
        subscription.dispose()
      }
    }

    @Test(
      "asyncElements on an actor: yielding between slices keeps order; cancelling mid-burst ends it",
      .timeLimit(.minutes(10)), arguments: [false, true])
    func asyncElementsYields(bounded: Bool) async {
      await withLeakChecking(timeout: .seconds(120)) {
        for round in 0..<4 {
          let subject = PublishSubject<Int>()
          let elements =
            bounded
            ? subject.asyncElements(bufferingPolicy: .bufferingOldest(Self.elements))
            : subject.asyncElements
          let cancelMidway = round % 2 == 1
          let consumer = Task { () -> (next: Int, outOfOrder: Int) in
            await Consumer().consume(elements, cost: Self.elementCost)
          }
          let finished = await runThreads(1, deadline: .seconds(300)) { _ in
            while !subject.hasObservers { yieldThread() }
            for value in 0..<Self.elements { subject.onNext(value) }
            if !cancelMidway { subject.onCompleted() }
          }
          guard finished else { return }
          if cancelMidway { consumer.cancel() }
          let result = await consumer.value
          #expect(result.outOfOrder == 0)
          if !cancelMidway { #expect(result.next == Self.elements) }
        }
      }
    }
  }
}

extension Consumer {
  /// Nothing: a job for the actor.
  func run() {}

  /// Iterates `elements` on this actor, spending `cost` on each.
  func consume(
    _ elements: ObservableAsyncSequence<Int>, cost: Int
  ) async -> (next: Int, outOfOrder: Int) {
    var next = 0
    var outOfOrder = 0
    do {
      for try await value in elements {
        if value != next { outOfOrder += 1 }
        next = value + 1
        spin(cost)
      }
    } catch {}
    return (next, outOfOrder)
  }
}
