import Dispatch
import ObservableCore
import ObservableTesting
import Testing

/// A scheduler with no native periodic timer, so it uses the protocol's periodic emulation;
/// it runs relative work on a concurrent queue and counts the calls.
private final class ConcurrentTestScheduler: SchedulerType {
  let relativeCalls = _Atomic<Int>(0)
  var now: RxTime { RxTime() }

  func schedule<StateType: Sendable>(
    _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    scheduleRelative(state, dueTime: .nanoseconds(0), action: action)
  }

  func scheduleRelative<StateType: Sendable>(
    _ state: StateType, dueTime: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    relativeCalls.add(1, ordering: .sequentiallyConsistent)
    let cancelled = _Atomic<Bool>(false)
    DispatchQueue.global().asyncAfter(deadline: .now() + dueTime) {
      if !cancelled.load(ordering: .sequentiallyConsistent) { _ = action(state) }
    }
    return Disposables.create { cancelled.store(true, ordering: .sequentiallyConsistent) }
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

@Suite("SchedulerType and time intervals")
struct SchedulerTypeTests {
  @Test("converts Swift Durations to dispatch intervals and back")
  func durations() {
    expectEqual(RxTimeInterval(Duration.seconds(2)), .nanoseconds(2_000_000_000))
    expectEqual(RxTimeInterval(Duration.milliseconds(1.5)), .nanoseconds(1_500_000))
    expectEqual(RxTimeInterval(Duration.seconds(Int64.max)), .never)
    expectEqual(RxTimeInterval.milliseconds(250).seconds, 0.25)
    expectEqual(RxTimeInterval.never.seconds, .infinity)
    expectEqual(RxTimeInterval.microseconds(7).duration, .microseconds(7))
    expectEqual(RxTimeInterval.seconds(3).duration, .seconds(3))
    #expect(RxTimeInterval.never.duration == nil)
  }

  @Test("the emulated periodic timer schedules the next tick before running the action")
  func nextTickFirst() {
    let scheduler = TestScheduler(initialClock: 0)
    let log = Box<[String]>([])
    let periodic = scheduler.schedulePeriodic(0, startAfter: .seconds(10), period: .seconds(10)) {
      tick in
      log.mutate { $0.append("tick \(tick)@\(scheduler.clock)") }
      if tick == 0 {
        scheduler.scheduleAt(20) { log.mutate { $0.append("other@\(scheduler.clock)") } }
      }
      return tick + 1
    }
    scheduler.advanceTo(20)
    periodic.dispose()
    expectEqual(log.value, ["tick 0@10", "tick 1@20", "other@20"])
  }

  @Test("the emulated periodic timer never overlaps runs, even on a concurrent scheduler")
  func emulatedPeriodicNeverOverlaps() async {
    let scheduler = ConcurrentTestScheduler()
    let detector = ExclusiveCheck()
    let states = Box<[Int]>([])
    let done = TestableObserver<Int>()
    let periodic = scheduler.schedulePeriodic(
      0, startAfter: .nanoseconds(0), period: .microseconds(50)
    ) { state in
      detector.begin()
      defer { detector.end() }
      if state == 0 {
        // Hold the first run until later ticks have fired, so that they would overlap it.
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while scheduler.relativeCalls.load(ordering: .sequentiallyConsistent) < 5,
          ContinuousClock.now < deadline
        {}
      }
      states.mutate { $0.append(state) }
      if state == 10 { done.onCompleted() }
      return state + 1
    }
    #expect(await done.waitForTermination())
    periodic.dispose()
    let seen = states.value
    expectEqual(seen, Array(0..<seen.count))
    expectEqual(detector.overlaps, 0)
  }
}
