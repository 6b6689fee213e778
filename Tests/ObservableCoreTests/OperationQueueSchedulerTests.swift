import Foundation
import ObservableCore
import ObservableTesting
import Testing

@Suite("OperationQueueScheduler")
struct OperationQueueSchedulerTests {
  @Test("runs each action with its state as an operation on the queue, with the priority")
  func runsOnQueue() async {
    let queue = OperationQueue()
    let scheduler = OperationQueueScheduler(operationQueue: queue, queuePriority: .high)
    #expect(scheduler.operationQueue === queue)
    expectEqual(scheduler.queuePriority, .high)
    expectEqual(OperationQueueScheduler(operationQueue: queue).queuePriority, .normal)
    let (state, onQueue) = await withCheckedContinuation {
      (done: CheckedContinuation<(Int, Bool), Never>) in
      _ = scheduler.schedule(42) { state in
        done.resume(returning: (state, OperationQueue.current === queue))
        return Disposables.create()
      }
    }
    expectEqual(state, 42)
    #expect(onQueue)
  }

  @Test("an action disposed before its operation starts never runs")
  func cancelBeforeRun() async {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    queue.isSuspended = true
    let scheduler = OperationQueueScheduler(operationQueue: queue)
    let ran = Box<[String]>([])
    let cancelled = scheduler.schedule("cancelled") { name in
      ran.mutate { $0.append(name) }
      return Disposables.create()
    }
    cancelled.dispose()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      _ = scheduler.schedule("kept") { name in
        ran.mutate { $0.append(name) }
        done.resume()
        return Disposables.create()
      }
      queue.isSuspended = false
    }
    expectEqual(ran.value, ["kept"])
  }

  @Test("disposing after the action ran disposes what the action returned, once")
  func disposeAfterRun() async {
    let queue = OperationQueue()
    let scheduler = OperationQueueScheduler(operationQueue: queue)
    let returned = DisposalCounter()
    let scheduled = Box<(any Disposable)?>(nil)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      scheduled.value = scheduler.schedule(()) { _ in
        defer { done.resume() }
        return returned
      }
    }
    // The action has returned; the scheduler stores its result right after it returns, on the
    // queue, so wait for the queue to finish that operation.
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      queue.addBarrierBlock { done.resume() }
    }
    scheduled.value?.dispose()
    scheduled.value?.dispose()
    expectEqual(returned.disposals, 1)
  }

  @Test("observe(on:) an OperationQueueScheduler delivers every event in order, on the queue")
  func observeOn() async {
    await withLeakChecking {
      let queue = OperationQueue()
      queue.maxConcurrentOperationCount = 4
      let scheduler = OperationQueueScheduler(operationQueue: queue)
      let observer = TestableObserver<Int>()
      let offQueue = Box(0)
      _ = Observable.from(Array(0..<200))
        .observe(on: scheduler)
        .do(onNext: { _ in if OperationQueue.current !== queue { offQueue.mutate { $0 += 1 } } })
        .subscribe(observer)
      #expect(await observer.waitForTermination())
      expectEqual(observer.elements, Array(0..<200))
      expectEqual(observer.grammarViolations, [])
      expectEqual(offQueue.value, 0)
    }
  }

  @Test("releases the action and its state once the operation has run")
  func release() async {
    let queue = OperationQueue()
    let scheduler = OperationQueueScheduler(operationQueue: queue)
    let isReleased = await withCheckedContinuation {
      (done: CheckedContinuation<@Sendable () -> Bool, Never>) in
      let tracked = Tracked()
      let isReleased: @Sendable () -> Bool = { [weak tracked] in tracked == nil }
      _ = scheduler.schedule(tracked) { _ in
        done.resume(returning: isReleased)
        return Disposables.create()
      }
    }
    // The queue lets go of a finished operation shortly after it ran.
    #expect(await poll(until: isReleased))
  }
}
