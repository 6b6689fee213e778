import Dispatch
import ObservableCore
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A test trait that runs a test, and every child task it starts, on a few dedicated threads
/// instead of Swift's cooperative thread pool.
///
/// Swift Testing runs tests in parallel as tasks on the cooperative pool, which has one thread
/// per CPU. A synchronous test holds its thread until it returns, so a few long CPU-bound tests
/// (stack-safety loops over 100,000 elements, stress runs, anything slowed down by a sanitizer)
/// can occupy every thread of the pool. Meanwhile an asynchronous test that waits on real time,
/// or on work the code under test hands to a `Task`, cannot be resumed, and its deadline passes
/// although nothing is wrong.
///
/// Give such long tests this trait. The test body still runs in its own task, with its task-local
/// values (the current test, ``/ObservableCore/Resources/currentScope``), so `#expect`,
/// `Issue.record` and ``withLeakChecking(sourceLocation:_:)`` work as usual. Child tasks of a task
/// group inherit the preference; unstructured `Task { }`s started by the code under test do not,
/// and keep running on the cooperative pool, which stays free for them.
///
/// Task executors need macOS 15, iOS 18, tvOS 18, watchOS 11 or visionOS 2. On earlier
/// systems the trait is accepted and runs the test as usual, on the cooperative pool.
///
/// ```swift
/// @Test("100,000 synchronous failures are retried in a loop", .dedicatedThreads)
/// func stackSafety() {
///   // CPU-bound for seconds under ThreadSanitizer
/// }
/// ```
public struct DedicatedThreadsTrait: TestTrait, SuiteTrait, TestScoping {
  /// Whether the trait applies to every test in a suite it is attached to.
  public var isRecursive: Bool { true }

  /// Runs `function` with the dedicated threads as its task executor.
  ///
  /// - Parameters:
  ///   - test: The test being run.
  ///   - testCase: The test case being run, if any.
  ///   - function: The test itself.
  /// - Throws: What `function` throws.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      try await withTaskExecutorPreference(DedicatedThreadExecutor.shared) {
        try await function()
      }
    } else {
      try await function()
    }
  }
}

extension Trait where Self == DedicatedThreadsTrait {
  /// Runs the test, and the child tasks it starts, on dedicated threads instead of Swift's
  /// cooperative pool, so that a long CPU-bound test cannot starve asynchronous tests.
  public static var dedicatedThreads: Self { DedicatedThreadsTrait() }
}

/// A task executor that runs jobs in order of arrival on at most `width` threads of its own.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class DedicatedThreadExecutor: TaskExecutor {
  private struct State {
    var jobs: [UnownedJob] = []
    var head = 0
    var running = 0
  }

  /// The executor shared by every test with the ``DedicatedThreadsTrait``: as many threads as
  /// there are CPUs, and at least two.
  static let shared = DedicatedThreadExecutor(
    width: max(2, ProcessInfo.processInfo.activeProcessorCount))

  private static let workerKey = DispatchSpecificKey<Bool>()

  private let width: Int
  private let state = _Mutex(State())

  /// Whether the caller runs on one of the threads of a `DedicatedThreadExecutor`.
  static var isCurrent: Bool {
    DispatchQueue.getSpecific(key: workerKey) ?? false
  }

  init(width: Int) {
    self.width = width
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let startWorker = state.withLock { state -> Bool in
      state.jobs.append(job)
      guard state.running < width else { return false }
      state.running += 1
      return true
    }
    guard startWorker else { return }
    // A queue of its own targets the overcommitting root queue, so the worker gets a thread
    // even while every CPU is busy.
    let queue = DispatchQueue(label: "ObservableTesting.dedicatedThreads")
    queue.setSpecific(key: Self.workerKey, value: true)
    queue.async { self.work() }
  }

  private func work() {
    let executor = asUnownedTaskExecutor()
    while let job = next() {
      job.runSynchronously(on: executor)
    }
  }

  private func next() -> UnownedJob? {
    state.withLock { state -> UnownedJob? in
      guard state.head < state.jobs.count else {
        state.jobs.removeAll(keepingCapacity: true)
        state.head = 0
        state.running -= 1
        return nil
      }
      defer { state.head += 1 }
      return state.jobs[state.head]
    }
  }
}
