import Dispatch
import ObservableCore
import ObservableTesting
import TestProcessSupport
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One tick is ten seconds, as in RxSwift's own virtual scheduler tests.
private struct TenSecondTicks: VirtualTimeConverterType {
  func convertFromVirtualTime(_ virtualTime: Int) -> RxTime {
    Date(timeIntervalSince1970: Double(virtualTime) * 10)
  }
  func convertToVirtualTime(_ time: RxTime) -> Int {
    Int(time.timeIntervalSince1970 / 10)
  }
  func convertFromVirtualTimeInterval(_ virtualTimeInterval: Int) -> RxTimeInterval {
    .seconds(virtualTimeInterval * 10)
  }
  func convertToVirtualTimeInterval(_ timeInterval: RxTimeInterval) -> Int {
    Int(timeInterval.seconds / 10)
  }
  func offsetVirtualTime(_ time: Int, offset: Int) -> Int {
    time + offset
  }
  func compareVirtualTime(_ lhs: Int, _ rhs: Int) -> VirtualTimeComparison {
    lhs < rhs ? .lessThan : (lhs == rhs ? .equal : .greaterThan)
  }
}

private func makeScheduler(initialClock: Int = 0) -> VirtualTimeScheduler<TenSecondTicks> {
  VirtualTimeScheduler(initialClock: initialClock, converter: TenSecondTicks())
}

/// A thread-safe list for recording from `@Sendable` closures.
private final class Log<Value: Sendable>: Sendable {
  private let storage = _Mutex<[Value]>([])
  func append(_ value: Value) { storage.withLock { $0.append(value) } }
  var values: [Value] { storage.withLock { $0 } }
}

/// A reference whose release the tests observe through a `weak` reference.
private final class Tracked: Sendable {}

@Suite("VirtualTimeScheduler")
struct VirtualTimeSchedulerTests {
  @Test("reports its initial clock, and `now` converts it to a date")
  func initialClock() {
    let scheduler = makeScheduler(initialClock: 10)
    expectEqual(scheduler.clock, 10)
    expectEqual(scheduler.now, Date(timeIntervalSince1970: 100))
    #expect(!scheduler.isEnabled)
  }

  @Test("start runs work in time order and sets the clock to each item's time")
  func start() {
    let scheduler = makeScheduler()
    let times = Log<Int>()
    _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
      times.append(scheduler.clock)
      _ = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
        times.append(scheduler.clock)
        return Disposables.create()
      }
      return scheduler.schedule(()) { _ in
        times.append(scheduler.clock)
        return Disposables.create()
      }
    }
    scheduler.start()
    expectEqual(times.values, [1, 1, 3])
    expectEqual(scheduler.clock, 3)
  }

  @Test("work disposed before its time never runs")
  func disposeBeforeStart() {
    let scheduler = makeScheduler()
    let times = Log<Int>()
    _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
      times.append(scheduler.clock)
      let later = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
        times.append(scheduler.clock)
        return Disposables.create()
      }
      let now = scheduler.schedule(()) { _ in
        times.append(scheduler.clock)
        return Disposables.create()
      }
      now.dispose()
      later.dispose()
      return Disposables.create()
    }
    scheduler.start()
    expectEqual(times.values, [1])
  }

  @Test("advanceTo runs work due at or before the time, then sets the clock to it")
  func advanceToAfter() {
    let scheduler = makeScheduler()
    let times = Log<Int>()
    _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
      times.append(scheduler.clock)
      _ = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
        times.append(scheduler.clock)
        return Disposables.create()
      }
      return scheduler.schedule(()) { _ in
        times.append(scheduler.clock)
        return Disposables.create()
      }
    }
    scheduler.advanceTo(10)
    expectEqual(times.values, [1, 1, 3])
    expectEqual(scheduler.clock, 10)
  }

  @Test("advanceTo leaves later work queued")
  func advanceToBefore() {
    let scheduler = makeScheduler()
    let times = Log<Int>()
    _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
      times.append(scheduler.clock)
      _ = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
        times.append(scheduler.clock)
        return Disposables.create()
      }
      return scheduler.schedule(()) { _ in
        times.append(scheduler.clock)
        return Disposables.create()
      }
    }
    scheduler.advanceTo(1)
    expectEqual(times.values, [1, 1])
    expectEqual(scheduler.clock, 1)
    scheduler.advanceTo(3)
    expectEqual(times.values, [1, 1, 3])
  }

  @Test("work disposed before advanceTo reaches it never runs")
  func disposeAdvanceTo() {
    let scheduler = makeScheduler()
    let times = Log<Int>()
    _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
      times.append(scheduler.clock)
      let later = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
        times.append(scheduler.clock)
        return Disposables.create()
      }
      let now = scheduler.schedule(()) { _ in
        times.append(scheduler.clock)
        return Disposables.create()
      }
      later.dispose()
      now.dispose()
      return Disposables.create()
    }
    scheduler.advanceTo(20)
    expectEqual(times.values, [1])
  }

  @Test("stop ends start after the running item")
  func stop() {
    let scheduler = makeScheduler()
    let times = Log<Int>()
    _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
      times.append(scheduler.clock)
      _ = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
        times.append(scheduler.clock)
        return Disposables.create()
      }
      _ = scheduler.schedule(()) { _ in
        times.append(scheduler.clock)
        return Disposables.create()
      }
      scheduler.stop()
      return Disposables.create()
    }
    scheduler.start()
    expectEqual(times.values, [1])
    scheduler.start()
    expectEqual(times.values, [1, 1, 3])
  }

  @Test("sleep moves the clock without running work")
  func sleep() {
    let scheduler = makeScheduler()
    let times = Log<Int>()
    _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
      times.append(scheduler.clock)
      scheduler.sleep(10)
      _ = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
        times.append(scheduler.clock)
        return Disposables.create()
      }
      _ = scheduler.schedule(()) { _ in
        times.append(scheduler.clock)
        return Disposables.create()
      }
      return Disposables.create()
    }
    scheduler.start()
    expectEqual(times.values, [1, 11, 13])
  }

  @Test("the clock never goes backwards")
  func clockNeverGoesBackwards() {
    let scheduler = makeScheduler(initialClock: 50)
    scheduler.sleep(-10)
    expectEqual(scheduler.clock, 50)
    scheduler.advanceTo(20)
    expectEqual(scheduler.clock, 50)
    let ran = Log<Int>()
    _ = scheduler.scheduleAbsoluteVirtual((), time: 30) { _ in
      ran.append(scheduler.clock)
      return Disposables.create()
    }
    scheduler.start()
    expectEqual(ran.values, [50])
  }

  @Test("work due at the same time runs in the order it was scheduled")
  func sameTimeInScheduleOrder() {
    let scheduler = makeScheduler()
    let order = Log<Int>()
    for index in 0..<50 {
      _ = scheduler.scheduleAbsoluteVirtual(index, time: 7) { index in
        order.append(index)
        return Disposables.create()
      }
    }
    scheduler.start()
    expectEqual(order.values, Array(0..<50))
  }

  @Test("advanceTo and start called from scheduled work do nothing")
  func reentrantRunIsIgnored() {
    let scheduler = makeScheduler()
    let times = Log<Int>()
    _ = scheduler.scheduleAbsoluteVirtual((), time: 1) { _ in
      scheduler.advanceTo(100)
      scheduler.start()
      times.append(scheduler.clock)
      return Disposables.create()
    }
    _ = scheduler.scheduleAbsoluteVirtual((), time: 5) { _ in
      times.append(scheduler.clock)
      return Disposables.create()
    }
    scheduler.advanceTo(2)
    expectEqual(times.values, [1])
    expectEqual(scheduler.clock, 2)
  }

  @Test("isEnabled is true while work runs")
  func isEnabledWhileRunning() {
    let scheduler = makeScheduler()
    let seen = Log<Bool>()
    _ = scheduler.schedule(()) { _ in
      seen.append(scheduler.isEnabled)
      return Disposables.create()
    }
    scheduler.start()
    expectEqual(seen.values, [true])
    #expect(!scheduler.isEnabled)
  }

  @Test("disposing scheduled work releases what it captured before its time")
  func disposingReleasesWork() {
    let scheduler = makeScheduler()
    weak var weakTracked: Tracked?
    var disposable: (any Disposable)?
    do {
      let tracked = Tracked()
      weakTracked = tracked
      disposable = scheduler.scheduleRelative((), dueTime: .seconds(1000)) { _ in
        _ = tracked
        return Disposables.create()
      }
    }
    #expect(weakTracked != nil)
    disposable?.dispose()
    #expect(weakTracked == nil)
    disposable = nil
  }

  @Test("disposing work after it ran disposes what it returned")
  func disposingAfterRunDisposesResult() {
    let scheduler = makeScheduler()
    let inner = BooleanDisposable()
    let disposable = scheduler.schedule(()) { _ in inner }
    scheduler.start()
    #expect(!inner.isDisposed)
    disposable.dispose()
    #expect(inner.isDisposed)
  }

  @Test("periodic work runs every period until disposed")
  func periodic() {
    let scheduler = makeScheduler()
    let ticks = Log<Int>()
    let states = Log<Int>()
    let periodic = scheduler.schedulePeriodic(0, startAfter: .seconds(20), period: .seconds(30)) {
      state in
      ticks.append(scheduler.clock)
      states.append(state)
      return state + 1
    }
    scheduler.advanceTo(12)
    expectEqual(ticks.values, [2, 5, 8, 11])
    expectEqual(states.values, [0, 1, 2, 3])
    periodic.dispose()
    scheduler.start()
    expectEqual(ticks.values.count, 4)
  }

  @Test("periodic work with Duration times")
  func periodicWithDuration() {
    let scheduler = makeScheduler()
    let ticks = Log<Int>()
    let periodic = scheduler.schedulePeriodic(
      (), startAfter: Duration.seconds(10), period: Duration.seconds(10)
    ) { _ in
      ticks.append(scheduler.clock)
    }
    scheduler.advanceTo(3)
    periodic.dispose()
    expectEqual(ticks.values, [1, 2, 3])
  }

  @Test("a stress test of 20,000 items runs them in time order", .dedicatedThreads)
  func stress() {
    let scheduler = makeScheduler()
    var generator = SplitMix64(seed: 42)
    var times: [Int] = []
    let ticks = Log<Int>()
    for _ in 0..<20_000 {
      let random = Int(generator.next() % 10_000)
      times.append(random)
      _ = scheduler.scheduleRelative((), dueTime: .seconds(10 * random)) { _ in
        ticks.append(scheduler.clock)
        return Disposables.create()
      }
    }
    scheduler.start()
    expectEqual(ticks.values, times.sorted())
  }
}

@Suite("HistoricalScheduler")
struct HistoricalSchedulerTests {
  @Test("starts at the Unix epoch by default and runs work at dates")
  func runsAtDates() {
    let scheduler = HistoricalScheduler()
    expectEqual(scheduler.clock, Date(timeIntervalSince1970: 0))
    let times = Log<Date>()
    _ = scheduler.scheduleRelative((), dueTime: .seconds(90)) { _ in
      times.append(scheduler.now)
      return scheduler.scheduleRelative((), dueTime: .milliseconds(500)) { _ in
        times.append(scheduler.clock)
        return Disposables.create()
      }
    }
    scheduler.start()
    expectEqual(
      times.values, [Date(timeIntervalSince1970: 90), Date(timeIntervalSince1970: 90.5)])
  }

  @Test("advances to a date and replays history in order")
  func advanceToDate() {
    let start = Date(timeIntervalSince1970: 1_000_000)
    let scheduler = HistoricalScheduler(initialClock: start)
    let seen = Log<Int>()
    for (index, offset) in [30.0, 10, 20].enumerated() {
      _ = scheduler.scheduleAbsoluteVirtual(index, time: start.addingTimeInterval(offset)) {
        index in
        seen.append(index)
        return Disposables.create()
      }
    }
    scheduler.advanceTo(start.addingTimeInterval(25))
    expectEqual(seen.values, [1, 2])
    expectEqual(scheduler.clock, start.addingTimeInterval(25))
    scheduler.start()
    expectEqual(seen.values, [1, 2, 0])
  }

  @Test("converts intervals to and from seconds without trapping on huge values")
  func converter() {
    let converter = HistoricalSchedulerTimeConverter()
    expectEqual(converter.convertToVirtualTimeInterval(.milliseconds(1500)), 1.5)
    expectEqual(converter.convertFromVirtualTimeInterval(2).seconds, 2)
    expectEqual(converter.convertFromVirtualTimeInterval(1e300), .nanoseconds(Int.max))
    expectEqual(converter.convertToVirtualTimeInterval(.never), .infinity)
  }
}
