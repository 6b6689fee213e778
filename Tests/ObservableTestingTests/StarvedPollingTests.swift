import Dispatch
import ObservableCore
import ObservableTesting
import Testing

/// A task executor that holds every job back for `delay` before running it, as a thread pool
/// busy with other tests would, and counts the jobs it has run.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
private final class StarvedExecutor: TaskExecutor {
  let jobsRun = _Atomic<Int>(0)
  private let delay: DispatchTimeInterval
  private let queue = DispatchQueue(label: "StarvedPollingTests")

  init(delay: DispatchTimeInterval) {
    self.delay = delay
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.asyncAfter(deadline: .now() + delay) {
      self.jobsRun.add(1, ordering: .sequentiallyConsistent)
      job.runSynchronously(on: self.asUnownedTaskExecutor())
    }
  }
}

@Suite("polling helpers: the timeout counts sleep, not time spent waiting for a thread")
struct StarvedPollingTests {
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @Test("waitForTermination keeps polling when each poll resumes late")
  func waitForTerminationUnderStarvation() async {
    let executor = StarvedExecutor(delay: .milliseconds(20))
    let observer = TestableObserver<Int>()
    // The terminal event arrives on the fourth poll. Each poll resumes 20 ms late, so a
    // clock-based 5 ms deadline would have passed at the first one.
    let terminated = await withTaskExecutorPreference(executor) {
      await observer.waitForTerminationSendingCompletion(afterPolls: 4, executor: executor)
    }
    #expect(terminated)
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @Test("withLeakChecking waits for a release that comes after several late polls")
  func leakCheckUnderStarvation() async {
    let executor = StarvedExecutor(delay: .milliseconds(20))
    let release = _Mutex<(any Disposable)?>(nil)
    await withTaskExecutorPreference(executor) {
      await withLeakChecking(timeout: .milliseconds(5)) {
        let subscription = PublishSubject<Int>().subscribe(onNext: { _ in })
        release.withLock { $0 = subscription }
        let start = executor.jobsRun.load(ordering: .sequentiallyConsistent)
        // Dispose from another thread once the executor has run three more jobs, that is,
        // after the leak check has polled a few times.
        DispatchQueue(label: "StarvedPollingTests.helper").async {
          while executor.jobsRun.load(ordering: .sequentiallyConsistent) < start + 3 {
            usleepShort()
          }
          release.withLock { $0.take() }?.dispose()
        }
      }
    }
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @Test("waitForTermination still gives up when nothing arrives")
  func givesUp() async {
    let executor = StarvedExecutor(delay: .milliseconds(1))
    let observer = TestableObserver<Int>()
    let terminated = await withTaskExecutorPreference(executor) {
      await observer.waitForTermination(timeout: .milliseconds(10))
    }
    #expect(!terminated)
    #expect(executor.jobsRun.load(ordering: .sequentiallyConsistent) >= 10)
  }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension TestableObserver where Element == Int {
  /// Completes the observer from another thread once `executor` has run `afterPolls` jobs,
  /// and waits for termination with a 5 ms timeout.
  fileprivate func waitForTerminationSendingCompletion(
    afterPolls polls: Int, executor: StarvedExecutor
  ) async -> Bool {
    let start = executor.jobsRun.load(ordering: .sequentiallyConsistent)
    DispatchQueue(label: "StarvedPollingTests.helper").async {
      while executor.jobsRun.load(ordering: .sequentiallyConsistent) < start + polls {
        usleepShort()
      }
      self.onCompleted()
    }
    return await waitForTermination(timeout: .milliseconds(5))
  }
}

/// Gives up the CPU for a moment while a helper thread waits for the executor.
private func usleepShort() {
  let semaphore = DispatchSemaphore(value: 0)
  _ = semaphore.wait(timeout: .now() + .microseconds(200))
}
