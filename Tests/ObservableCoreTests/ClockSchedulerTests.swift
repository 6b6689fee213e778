import Dispatch
import ObservableCore
import ObservableTesting
import Testing

extension ClockScheduler {
  /// Returns once every item due now has run: the scheduler is serial and runs due work in
  /// order of due time, so an item scheduled for now runs after all of it.
  fileprivate func barrier() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      _ = schedule(()) { _ in
        continuation.resume()
        return Disposables.create()
      }
    }
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

@Suite("ClockScheduler")
struct ClockSchedulerTests {
  @Test("delayed work runs when the clock reaches it, in order of due time, and not before")
  func delayedWork() async {
    let clock = TestClock()
    let scheduler = ClockScheduler(clock: clock)
    let log = Box<[String]>([])
    _ = scheduler.scheduleRelative("a", dueTime: .seconds(10)) { name in
      log.mutate { $0.append(name) }
      return Disposables.create()
    }
    _ = scheduler.scheduleRelative("b", dueTime: Duration.seconds(5)) { name in
      log.mutate { $0.append(name) }
      return Disposables.create()
    }
    await scheduler.barrier()
    expectEqual(log.value, [])
    clock.advance(by: .seconds(5))
    await scheduler.barrier()
    expectEqual(log.value, ["b"])
    clock.advance(by: .seconds(4))
    await scheduler.barrier()
    expectEqual(log.value, ["b"])
    clock.advance(by: .seconds(1))
    await scheduler.barrier()
    expectEqual(log.value, ["b", "a"])
  }

  @Test("`now` follows the clock")
  func now() {
    let clock = TestClock()
    let scheduler = ClockScheduler(clock: clock)
    let start = scheduler.now
    clock.advance(by: .milliseconds(2500))
    expectEqual(scheduler.now.timeIntervalSince(start), 2.5)
    expectEqual(scheduler.clock.now.offset, .milliseconds(2500))
  }

  @Test("immediate work runs in order and never overlaps")
  func serial() async {
    let scheduler = ClockScheduler(clock: TestClock())
    let detector = ExclusiveCheck()
    let order = Box<[Int]>([])
    for index in 0..<200 {
      _ = scheduler.schedule(index) { index in
        detector.begin()
        defer { detector.end() }
        order.mutate { $0.append(index) }
        return Disposables.create()
      }
    }
    await scheduler.barrier()
    expectEqual(order.value, Array(0..<200))
    expectEqual(detector.overlaps, 0)
  }

  @Test("disposing delayed work cancels it and releases it at once")
  func dispose() async {
    let clock = TestClock()
    let scheduler = ClockScheduler(clock: clock)
    weak var weakTracked: Tracked?
    let ran = Box(false)
    var disposable: (any Disposable)?
    do {
      let tracked = Tracked()
      weakTracked = tracked
      disposable = scheduler.scheduleRelative((), dueTime: .seconds(1)) { _ in
        _ = tracked
        ran.value = true
        return Disposables.create()
      }
    }
    disposable?.dispose()
    #expect(weakTracked == nil)
    clock.advance(by: .seconds(2))
    await scheduler.barrier()
    #expect(!ran.value)
  }

  @Test("work scheduled for .never never runs and sleeps on nothing")
  func never() async {
    let clock = TestClock()
    let scheduler = ClockScheduler(clock: clock)
    let ran = Box(false)
    let disposable = scheduler.scheduleRelative((), dueTime: .never) { _ in
      ran.value = true
      return Disposables.create()
    }
    expectEqual(clock.sleeperCount, 0)
    clock.advance(by: .seconds(1_000_000))
    await scheduler.barrier()
    #expect(!ran.value)
    disposable.dispose()
  }

  @Test("periodic work runs at absolute instants, so it does not drift, until disposed")
  func periodic() async {
    let clock = TestClock()
    let scheduler = ClockScheduler(clock: clock)
    let ticks = Box<[Int]>([])
    let periodic = scheduler.schedulePeriodic(0, startAfter: .seconds(1), period: .seconds(2)) {
      tick in
      ticks.mutate { $0.append(tick) }
      return tick + 1
    }
    // The ticks due at 1 s and 3 s run late, at 4 s; the next one is still due at 5 s.
    clock.advance(by: .seconds(4))
    await scheduler.barrier()
    expectEqual(ticks.value, [0, 1])
    clock.advance(by: .seconds(1))
    await scheduler.barrier()
    expectEqual(ticks.value, [0, 1, 2])
    periodic.dispose()
    clock.advance(by: .seconds(10))
    await scheduler.barrier()
    expectEqual(ticks.value.count, 3)
  }

  @Test("drives Rx time operators deterministically with a manual clock")
  func operators() async {
    let clock = TestClock()
    let scheduler = ClockScheduler(clock: clock)
    let subject = PublishSubject<String>()
    let observer = TestableObserver<String>()
    let subscription = subject.debounce(.seconds(1), scheduler: scheduler).subscribe(observer)
    subject.onNext("a")
    clock.advance(by: .milliseconds(500))
    await scheduler.barrier()
    subject.onNext("b")
    clock.advance(by: .milliseconds(900))
    await scheduler.barrier()
    expectEqual(observer.elements, [])
    clock.advance(by: .milliseconds(100))
    await scheduler.barrier()
    expectEqual(observer.elements, ["b"])
    subscription.dispose()
  }

  @Test("interval on a manual clock")
  func interval() async {
    let clock = TestClock()
    let scheduler = ClockScheduler(clock: clock)
    let observer = TestableObserver<Int>()
    let subscription = Observable<Int>.interval(.seconds(1), scheduler: scheduler)
      .take(3)
      .subscribe(observer)
    for _ in 0..<3 {
      clock.advance(by: .seconds(1))
      await scheduler.barrier()
    }
    expectEqual(observer.elements, [0, 1, 2])
    #expect(observer.isTerminated)
    subscription.dispose()
  }

  @Test("runs on ContinuousClock")
  func continuousClock() async {
    await withLeakChecking {
      let scheduler = ClockScheduler(clock: ContinuousClock(), tolerance: .milliseconds(1))
      let observer = TestableObserver<Int>()
      let subscription = Observable<Int>.interval(.milliseconds(2), scheduler: scheduler)
        .take(3)
        .subscribe(observer)
      #expect(await observer.waitForTermination())
      expectEqual(observer.elements, [0, 1, 2])
      subscription.dispose()
    }
  }
}
