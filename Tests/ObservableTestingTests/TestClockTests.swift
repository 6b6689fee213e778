import ObservableCore
import ObservableTesting
import Testing

/// Numbers appended from several tasks.
private final class Recorder: Sendable {
  private let state = _Mutex<[Int]>([])

  func append(_ value: Int) { state.withLock { $0.append(value) } }
  var values: [Int] { state.withLock { $0 } }
}

@Suite("TestClock")
struct TestClockTests {
  @Test("a sleeper wakes when the clock is advanced to its deadline, not before")
  func wakesAtDeadline() async throws {
    let clock = TestClock()
    let woke = Recorder()
    let sleeper = Task {
      try await clock.sleep(for: .seconds(60))
      woke.append(1)
    }
    #expect(await clock.waitForSleepers(1))
    clock.advance(by: .seconds(59))
    expectEqual(clock.sleeperCount, 1)
    #expect(woke.values.isEmpty)
    clock.advance(by: .seconds(1))
    try await sleeper.value
    expectEqual(woke.values, [1])
    expectEqual(clock.sleeperCount, 0)
    expectEqual(clock.now.offset, .seconds(60))
    expectEqual(clock.sleeps, [.seconds(60)])
  }

  @Test("sleepers wake earliest first, and a deadline already passed returns at once")
  func order() async throws {
    let clock = TestClock()
    let woken = Recorder()
    let late = Task {
      try await clock.sleep(for: .seconds(2))
      woken.append(2)
    }
    #expect(await clock.waitForSleepers(1))
    let early = Task {
      try await clock.sleep(for: .seconds(1))
      woken.append(1)
    }
    #expect(await clock.waitForSleepers(2))
    clock.advance(by: .seconds(5))
    try await early.value
    try await late.value
    expectEqual(Set(woken.values), [1, 2])
    try await clock.sleep(until: clock.now.advanced(by: .seconds(-1)), tolerance: nil)
    expectEqual(clock.sleeps, [.seconds(2), .seconds(1), .seconds(-1)])
  }

  @Test("cancelling a sleeping task ends its sleep with CancellationError")
  func cancellation() async {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
    #expect(await clock.waitForSleepers(1))
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
    #expect(clock.now.offset == .zero)
  }

  @Test("the clock never moves back")
  func neverBack() {
    let clock = TestClock()
    clock.advance(by: .seconds(3))
    clock.advance(by: .seconds(-10))
    expectEqual(clock.now.offset, .seconds(3))
  }

  @Test("waitForSleepers gives up after its limit when nobody sleeps")
  func waitForSleepersLimit() async {
    let clock = TestClock()
    #expect(await clock.waitForSleepers(1, within: .milliseconds(20)) == false)
  }
}
