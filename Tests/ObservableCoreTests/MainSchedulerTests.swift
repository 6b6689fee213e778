import Dispatch
import Foundation
import ObservableCore
import ObservableTesting
import TestProcessSupport
import Testing

/// The `main-scheduler-example` executable, built next to the test bundle.
private func exampleExecutable() -> URL? {
  builtExecutable(named: "main-scheduler-example")
}

@Suite("MainScheduler")
struct MainSchedulerTests {
  @Test(
    "works in a command-line program with an async main, where the main actor drives the main queue",
    .dedicatedThreads)
  func asyncMainProgram() async throws {
    let executable = try #require(exampleExecutable(), "main-scheduler-example was not built")
    let run = try SpawnedProcess.run(executable: executable.path)
    let text = run.output
    let lines = text.split(separator: "\n").map(String.init)
    expectEqual(run.termination.status, 0, "\(text)")
    expectEqual(lines.last, "done", "\(text)")
    let expectedChecks = [
      "main actor runs on the main queue: true",
      "observe(on: MainScheduler.instance) delivers at once: true",
      "Driver's and Signal's scheduler is a MainScheduler: true",
      "a MainScheduler seen as SchedulerType delivers at once: true",
      "observe(on:) a sharing scheduler inside a Driver delivers at once: true",
      "drive delivers a startWith element at once: true",
      "a feedback loop's system: the first startWith at once, the other behind the pending work: true",
      "observe(on: MainScheduler.asyncInstance) does not deliver at once: true",
      "instance runs at once on the main queue: true",
      "asyncInstance queues the work: true",
      "asyncInstance runs on the main queue: true",
      "tick 0 on the main queue: true",
      "tick 1 on the main queue: true",
      "tick 2 on the main queue: true",
      "observe(on:) delivered three ticks on the main queue: true",
      "a timer on MainScheduler fires on the main queue: true",
      "instance called off the main queue runs on the main queue: true",
    ]
    expectEqual(Array(lines.dropLast()), expectedChecks, "\(text)")
  }

  @Test("code outside the main queue is not on it")
  func offMainQueue() async {
    let onMain = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
      DispatchQueue.global().async { done.resume(returning: MainScheduler.isOnMainQueue) }
    }
    #expect(!onMain)
  }

  @Test(
    "the main queue is claimed at once only on it, and only with no work of the scheduler pending"
  )
  func inlineClaim() async {
    let offMain = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
      DispatchQueue.global().async { done.resume(returning: MainScheduler.instance._beginInline()) }
    }
    #expect(!offMain)
    // Other tests may have work of the main scheduler pending at a given moment, and then the
    // claim is refused; some attempt finds the queue free.
    var outcome: (whileHeld: Bool, behindPending: Bool)?
    for _ in 0..<1_000 where outcome == nil {
      outcome = await MainActor.run { () -> (Bool, Bool)? in
        guard MainScheduler.instance._beginInline() else { return nil }
        let whileHeld = MainScheduler.instance._beginInline()
        MainScheduler.instance._endInline()
        if whileHeld { MainScheduler.instance._endInline() }
        // Work scheduled from another thread waits on the main queue, busy with this closure.
        let pending = DispatchQueue.global().sync {
          MainScheduler.instance.schedule(()) { _ in Disposables.create() }
        }
        let behindPending = MainScheduler.instance._beginInline()
        if behindPending { MainScheduler.instance._endInline() }
        _ = pending
        return (whileHeld, behindPending)
      }
    }
    #expect(outcome != nil, "the main queue was never free")
    expectEqual(outcome?.whileHeld, false)
    expectEqual(outcome?.behindPending, false)
  }

  @Test("instance and asyncInstance are main-queue serial schedulers")
  func instances() {
    let instance: SerialDispatchQueueScheduler = MainScheduler.instance
    #expect(instance === MainScheduler.instance)
    #expect(MainScheduler.asyncInstance !== MainScheduler.instance)
  }

  @Test(
    "ensureRunningOnMainThread reports a caller off the main thread and queue, and only that one",
    .timeLimit(.minutes(1)))
  func ensureRunningOnMainThread() async {
    // No other test sets this hook; other violations, if any, are told apart by the marker.
    let marker = "main-scheduler-tests-\(UInt64.random(in: 0...UInt64.max))"
    // A class, as the handler is `@Sendable`; NSLock, as Synchronization's Mutex is above the
    // Apple floor.
    final class Reports: @unchecked Sendable {
      // SAFETY: `messages` is read and written only with `lock` held.
      let lock = NSLock()
      var messages: [String] = []
    }
    let reports = Reports()
    let previous = Hooks.mainThreadViolationHandler
    Hooks.mainThreadViolationHandler = { message in
      if message.hasPrefix(marker) { reports.lock.withLock { reports.messages.append(message) } }
    }
    defer { Hooks.mainThreadViolationHandler = previous }

    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.main.async {
        MainScheduler.ensureRunningOnMainThread(errorMessage: "\(marker) on the main queue")
        done.resume()
      }
    }
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Thread {
        MainScheduler.ensureRunningOnMainThread(errorMessage: "\(marker) on a thread")
        done.resume()
      }.start()
    }
    #expect(reports.lock.withLock { reports.messages } == ["\(marker) on a thread"])
  }
}
