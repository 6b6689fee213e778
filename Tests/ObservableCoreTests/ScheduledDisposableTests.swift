import Foundation
import ObservableCore
import ObservableTesting
import Testing

/// Runs every action at once, and counts the actions it was given.
private final class ImmediateCountingScheduler: ImmediateSchedulerType {
  private let count = _Atomic<Int>(0)
  var scheduled: Int { count.load(ordering: .sequentiallyConsistent) }

  func schedule<StateType: Sendable>(
    _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    count.add(1, ordering: .sequentiallyConsistent)
    return action(state)
  }
}

@Suite("ScheduledDisposable")
struct ScheduledDisposableTests {
  @Test("disposes the underlying disposable when the scheduler runs, not when called")
  func onScheduler() {
    withLeakChecking {
      let scheduler = TestScheduler(initialClock: 0)
      let underlying = DisposalCounter()
      let disposedAt = Box<[Int]>([])
      let disposable = ScheduledDisposable(
        scheduler: scheduler,
        disposable: Disposables.create {
          underlying.dispose()
          disposedAt.mutate { $0.append(scheduler.clock) }
        })
      #expect(disposable.scheduler as? TestScheduler === scheduler)
      scheduler.scheduleAt(300) { disposable.dispose() }
      scheduler.scheduleAt(250) { #expect(!disposable.isDisposed) }
      scheduler.start()
      #expect(disposable.isDisposed)
      expectEqual(underlying.disposals, 1)
      // TestScheduler, as RxTest's, runs work scheduled for "now" one tick later.
      expectEqual(disposedAt.value, [301])
    }
  }

  @Test("isDisposed stays false until the scheduled disposal has run")
  func pending() {
    let scheduler = TestScheduler(initialClock: 0)
    let underlying = DisposalCounter()
    let disposable = ScheduledDisposable(scheduler: scheduler, disposable: underlying)
    disposable.dispose()
    #expect(!disposable.isDisposed)
    expectEqual(underlying.disposals, 0)
    scheduler.start()
    #expect(disposable.isDisposed)
    expectEqual(underlying.disposals, 1)
  }

  @Test("disposing again schedules nothing more and disposes once")
  func idempotent() {
    let scheduler = ImmediateCountingScheduler()
    let underlying = DisposalCounter()
    let disposable = ScheduledDisposable(scheduler: scheduler, disposable: underlying)
    disposable.dispose()
    disposable.dispose()
    disposable.dispose()
    expectEqual(scheduler.scheduled, 1)
    expectEqual(underlying.disposals, 1)
  }

  @Test("runs the disposal on the scheduler's queue, whichever thread disposes")
  func onQueue() async {
    let queue = OperationQueue()
    let onQueue = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
      let disposable = ScheduledDisposable(
        scheduler: OperationQueueScheduler(operationQueue: queue),
        disposable: Disposables.create { done.resume(returning: OperationQueue.current === queue) })
      DispatchQueue.global().async { disposable.dispose() }
    }
    #expect(onQueue)
  }

  @Test("releases the underlying disposable once it has been disposed")
  func release() {
    weak var weakTracked: Tracked?
    let scheduler = TestScheduler(initialClock: 0)
    let disposable: ScheduledDisposable
    do {
      let tracked = Tracked()
      weakTracked = tracked
      disposable = ScheduledDisposable(
        scheduler: scheduler, disposable: Disposables.create { _ = tracked })
    }
    disposable.dispose()
    scheduler.start()
    #expect(weakTracked == nil)
  }

  @Test("concurrent disposal from many threads disposes once")
  func threadSafe() {
    for _ in 0..<50 {
      let scheduler = ImmediateCountingScheduler()
      let underlying = DisposalCounter()
      let disposable = ScheduledDisposable(scheduler: scheduler, disposable: underlying)
      runConcurrently { _ in disposable.dispose() }
      expectEqual(underlying.disposals, 1)
      expectEqual(scheduler.scheduled, 1)
    }
  }
}
