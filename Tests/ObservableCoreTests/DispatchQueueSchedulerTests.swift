import Dispatch
import ObservableCore
import ObservableTesting
import Testing

/// Resumes once, from whichever thread signals first.
private final class Signal: Sendable {
  private let observer = TestableObserver<Int>()
  func fire() {
    if !observer.isTerminated { observer.onCompleted() }
  }
  func wait() async -> Bool {
    await observer.waitForTermination()
  }
}

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

@Suite("SerialDispatchQueueScheduler and ConcurrentDispatchQueueScheduler")
struct DispatchQueueSchedulerTests {
  @Test("a serial scheduler runs work one item at a time, in order")
  func serialOrder() async {
    let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "serial-order")
    let detector = ExclusiveCheck()
    let order = Box<[Int]>([])
    let done = Signal()
    for index in 0..<500 {
      _ = scheduler.schedule(index) { index in
        detector.begin()
        defer { detector.end() }
        order.mutate { $0.append(index) }
        if index == 499 { done.fire() }
        return Disposables.create()
      }
    }
    #expect(await done.wait())
    expectEqual(order.value, Array(0..<500))
    expectEqual(detector.overlaps, 0)
  }

  @Test("each initializer makes a working scheduler")
  func initializers() async {
    let target = DispatchQueue(label: "target", attributes: .concurrent)
    let schedulers: [SerialDispatchQueueScheduler] = [
      SerialDispatchQueueScheduler(internalSerialQueueName: "a"),
      SerialDispatchQueueScheduler(
        internalSerialQueueName: "b", serialQueueConfiguration: { _ in }, leeway: .milliseconds(1)),
      SerialDispatchQueueScheduler(internalSerialQueueName: "c", leeway: Duration.milliseconds(1)),
      SerialDispatchQueueScheduler(queue: target, internalSerialQueueName: "d"),
      SerialDispatchQueueScheduler(
        queue: target, internalSerialQueueName: "e", leeway: Duration.milliseconds(1)),
      SerialDispatchQueueScheduler(qos: .default),
      SerialDispatchQueueScheduler(qos: .utility, internalSerialQueueName: "f"),
      SerialDispatchQueueScheduler(qos: .utility, leeway: Duration.zero),
    ]
    let concurrent: [ConcurrentDispatchQueueScheduler] = [
      ConcurrentDispatchQueueScheduler(queue: target),
      ConcurrentDispatchQueueScheduler(queue: target, leeway: Duration.milliseconds(1)),
      ConcurrentDispatchQueueScheduler(qos: .default),
      ConcurrentDispatchQueueScheduler(qos: .background, leeway: Duration.zero),
    ]
    let all: [any SchedulerType] = schedulers + concurrent
    for scheduler in all {
      let done = Signal()
      _ = scheduler.scheduleRelative((), dueTime: .milliseconds(1)) { _ in
        done.fire()
        return Disposables.create()
      }
      #expect(await done.wait())
    }
  }

  @Test("a serial scheduler made on a queue runs its work on that queue")
  func runsOnTargetQueue() async {
    let key = DispatchSpecificKey<String>()
    let target = DispatchQueue(label: "target", attributes: .concurrent)
    target.setSpecific(key: key, value: "target")
    let scheduler = SerialDispatchQueueScheduler(
      queue: target, internalSerialQueueName: "on-target")
    let seen = Box<String?>(nil)
    let done = Signal()
    _ = scheduler.schedule(()) { _ in
      seen.value = DispatchQueue.getSpecific(key: key)
      done.fire()
      return Disposables.create()
    }
    #expect(await done.wait())
    expectEqual(seen.value, "target")
  }

  @Test("a concurrent scheduler runs work in parallel")
  func concurrentRunsInParallel() async {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
    let started = _Atomic<Int>(0)
    let results = Box<[Bool]>([])
    let done = Signal()
    for _ in 0..<2 {
      _ = scheduler.schedule(()) { _ in
        started.add(1, ordering: .sequentiallyConsistent)
        // Each action waits until both have started: only possible if they run at once.
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while started.load(ordering: .sequentiallyConsistent) < 2, ContinuousClock.now < deadline {
        }
        let ok = started.load(ordering: .sequentiallyConsistent) == 2
        let finished = results.mutate { results -> Int in
          results.append(ok)
          return results.count
        }
        if finished == 2 { done.fire() }
        return Disposables.create()
      }
    }
    #expect(await done.wait())
    expectEqual(results.value, [true, true])
  }

  @Test("relative work runs on the scheduler's queue")
  func relative() async {
    let key = DispatchSpecificKey<String>()
    let target = DispatchQueue(label: "relative-target")
    target.setSpecific(key: key, value: "target")
    let scheduler = SerialDispatchQueueScheduler(queue: target, internalSerialQueueName: "relative")
    let seen = Box<String?>(nil)
    let done = Signal()
    _ = scheduler.scheduleRelative((), dueTime: Duration.milliseconds(5)) { _ in
      seen.value = DispatchQueue.getSpecific(key: key)
      done.fire()
      return Disposables.create()
    }
    #expect(await done.wait())
    expectEqual(seen.value, "target")
  }

  @Test("disposing relative work before it runs releases it at once")
  func relativeDisposeReleases() {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
    weak var weakTracked: Tracked?
    var disposable: (any Disposable)?
    do {
      let tracked = Tracked()
      weakTracked = tracked
      disposable = scheduler.scheduleRelative((), dueTime: .seconds(3600)) { _ in
        _ = tracked
        return Disposables.create()
      }
    }
    #expect(weakTracked != nil)
    disposable?.dispose()
    #expect(weakTracked == nil)
  }

  @Test("work scheduled for .never never runs, and is released when disposed")
  func never() {
    let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "never")
    weak var weakTracked: Tracked?
    var disposable: (any Disposable)?
    do {
      let tracked = Tracked()
      weakTracked = tracked
      disposable = scheduler.scheduleRelative((), dueTime: .never) { _ in
        _ = tracked
        return Disposables.create()
      }
    }
    disposable?.dispose()
    #expect(weakTracked == nil)
  }

  @Test("periodic work ticks with the state of the previous run, never overlapping")
  func periodic() async {
    for scheduler: any SchedulerType in [
      SerialDispatchQueueScheduler(internalSerialQueueName: "periodic"),
      ConcurrentDispatchQueueScheduler(qos: .default),
    ] {
      let detector = ExclusiveCheck()
      let states = Box<[Int]>([])
      let done = Signal()
      let periodic = scheduler.schedulePeriodic(
        0, startAfter: .milliseconds(1), period: .microseconds(100)
      ) { state in
        detector.begin()
        defer { detector.end() }
        states.mutate { $0.append(state) }
        if state == 20 { done.fire() }
        return state + 1
      }
      #expect(await done.wait())
      periodic.dispose()
      let count = states.value.count
      expectEqual(states.value, Array(0..<count))
      expectEqual(detector.overlaps, 0)
    }
  }

  @Test("disposing periodic work releases its action")
  func periodicDisposeReleases() {
    let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "periodic-release")
    weak var weakTracked: Tracked?
    var disposable: (any Disposable)?
    do {
      let tracked = Tracked()
      weakTracked = tracked
      disposable = scheduler.schedulePeriodic(
        0, startAfter: .seconds(3600), period: .seconds(1)
      ) { state in
        _ = tracked
        return state
      }
    }
    #expect(weakTracked != nil)
    disposable?.dispose()
    #expect(weakTracked == nil)
  }

  @Test("disposing immediate work before it runs skips it")
  func immediateDispose() async {
    let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "immediate-dispose")
    let gate = DispatchSemaphore(value: 0)
    let ran = Box<[Int]>([])
    let done = Signal()
    _ = scheduler.schedule(()) { _ in
      gate.wait()
      return Disposables.create()
    }
    let skipped = scheduler.schedule(()) { _ in
      ran.mutate { $0.append(1) }
      return Disposables.create()
    }
    _ = scheduler.schedule(()) { _ in
      ran.mutate { $0.append(2) }
      done.fire()
      return Disposables.create()
    }
    skipped.dispose()
    gate.signal()
    #expect(await done.wait())
    expectEqual(ran.value, [2])
  }
}
