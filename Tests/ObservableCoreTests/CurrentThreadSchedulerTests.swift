import Dispatch
import ObservableCore
import ObservableTesting
import Testing

/// Counts calls that start while another call is still in progress.
private final class ExclusiveCheck: Sendable {
  private let inCall = _Atomic<Bool>(false)
  private let overlapCount = _Atomic<Int>(0)

  func begin() {
    if inCall.exchange(true, ordering: .sequentiallyConsistent) {
      overlapCount.add(1, ordering: .sequentiallyConsistent)
    }
  }

  func end() {
    inCall.store(false, ordering: .sequentiallyConsistent)
  }

  var overlaps: Int { overlapCount.load(ordering: .sequentiallyConsistent) }
}

@Suite("CurrentThreadScheduler")
struct CurrentThreadSchedulerTests {
  @Test("the first schedule call runs its action at once")
  func runsAtOnce() {
    let ran = Box(false)
    #expect(CurrentThreadScheduler.isScheduleRequired)
    _ = CurrentThreadScheduler.instance.schedule(()) { _ in
      ran.value = true
      #expect(!CurrentThreadScheduler.isScheduleRequired)
      return Disposables.create()
    }
    #expect(ran.value)
    #expect(CurrentThreadScheduler.isScheduleRequired)
  }

  @Test("work scheduled while running waits for the running action, in order")
  func trampolineOrder() {
    let scheduler = CurrentThreadScheduler.instance
    let log = Box<[String]>([])
    _ = scheduler.schedule(()) { _ in
      log.mutate { $0.append("outer start") }
      _ = scheduler.schedule(()) { _ in
        log.mutate { $0.append("first inner") }
        _ = scheduler.schedule(()) { _ in
          log.mutate { $0.append("nested") }
          return Disposables.create()
        }
        return Disposables.create()
      }
      _ = scheduler.schedule(()) { _ in
        log.mutate { $0.append("second inner") }
        return Disposables.create()
      }
      log.mutate { $0.append("outer end") }
      return Disposables.create()
    }
    expectEqual(log.value, ["outer start", "outer end", "first inner", "second inner", "nested"])
  }

  @Test("queued work disposed before its turn never runs")
  func disposeQueued() {
    let scheduler = CurrentThreadScheduler.instance
    let log = Box<[String]>([])
    _ = scheduler.schedule(()) { _ in
      let queued = scheduler.schedule(()) { _ in
        log.mutate { $0.append("queued") }
        return Disposables.create()
      }
      queued.dispose()
      log.mutate { $0.append("outer") }
      return Disposables.create()
    }
    expectEqual(log.value, ["outer"])
  }

  @Test("recursive scheduling 200,000 levels deep runs in constant stack depth", .dedicatedThreads)
  func deepRecursion() {
    let depth = Box(0)
    let maxDepth = Box(0)
    let steps = Box(0)
    let disposable = CurrentThreadScheduler.instance.scheduleRecursive(0) { n, recurse in
      depth.mutate { $0 += 1 }
      maxDepth.value = max(maxDepth.value, depth.value)
      steps.mutate { $0 += 1 }
      if n < 200_000 { recurse(n + 1) }
      depth.mutate { $0 -= 1 }
    }
    expectEqual(steps.value, 200_001)
    expectEqual(maxDepth.value, 1)
    disposable.dispose()
  }

  @Test("each thread has its own trampoline")
  func perThread() async {
    let scheduler = CurrentThreadScheduler.instance
    let seenOnOtherThread = Box<Bool?>(nil)
    _ = scheduler.schedule(()) { _ in
      let group = DispatchGroup()
      group.enter()
      DispatchQueue.global().async {
        seenOnOtherThread.value = CurrentThreadScheduler.isScheduleRequired
        group.leave()
      }
      group.wait()
      return Disposables.create()
    }
    expectEqual(seenOnOtherThread.value, true)
  }

  @Test("disposing returns the disposable of an action that ran at once")
  func disposesResult() {
    let inner = BooleanDisposable()
    let disposable = CurrentThreadScheduler.instance.schedule(()) { _ in inner }
    disposable.dispose()
    #expect(inner.isDisposed)
  }
}

@Suite("scheduleRecursive")
struct RecursiveSchedulerTests {
  @Test("runs each step as separate work on a virtual-time scheduler")
  func virtualTime() {
    let scheduler = TestScheduler(initialClock: 0)
    let times = Box<[Int]>([])
    let disposable = scheduler.scheduleRecursive(0) { n, recurse in
      times.mutate { $0.append(scheduler.clock) }
      if n < 3 { recurse(n + 1) }
    }
    scheduler.start()
    expectEqual(times.value, [1, 2, 3, 4])
    disposable.dispose()
  }

  @Test("disposing stops the steps that have not run")
  func dispose() {
    let scheduler = TestScheduler(initialClock: 0)
    let steps = Box(0)
    let disposable = scheduler.scheduleRecursive(0) { n, recurse in
      steps.mutate { $0 += 1 }
      recurse(n + 1)
    }
    scheduler.advanceTo(3)
    disposable.dispose()
    scheduler.start()
    expectEqual(steps.value, 3)
  }

  @Test("an action may recurse more than once")
  func fanOut() {
    let scheduler = TestScheduler(initialClock: 0)
    let seen = Box<[Int]>([])
    _ = scheduler.scheduleRecursive(1) { n, recurse in
      seen.mutate { $0.append(n) }
      if n < 4 {
        recurse(n * 2)
        recurse(n * 2 + 1)
      }
    }
    scheduler.start()
    expectEqual(seen.value, [1, 2, 3, 4, 5, 6, 7])
  }

  @Test("the steps release the action when recursion ends")
  func releasesAction() {
    weak var weakTracked: Tracked?
    do {
      let tracked = Tracked()
      weakTracked = tracked
      _ = CurrentThreadScheduler.instance.scheduleRecursive(0) { n, recurse in
        _ = tracked
        if n < 3 { recurse(n + 1) }
      }
    }
    #expect(weakTracked == nil)
  }

  @Test("on a serial queue, steps never overlap and keep their order")
  func serialQueue() async {
    let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "recursive-test")
    let detector = ExclusiveCheck()
    let seen = Box<[Int]>([])
    let observer = TestableObserver<Int>()
    let disposable = scheduler.scheduleRecursive(0) { n, recurse in
      detector.begin()
      defer { detector.end() }
      seen.mutate { $0.append(n) }
      if n < 999 { recurse(n + 1) } else { observer.onCompleted() }
    }
    #expect(await observer.waitForTermination())
    expectEqual(seen.value, Array(0..<1000))
    expectEqual(detector.overlaps, 0)
    disposable.dispose()
  }
}
