import Dispatch
import ObservableTesting
import Testing

@testable import ObservableCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite("delay state machine")
struct DelayStateMachineTests {
  private func time(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }

  @Test("one timer at a time; each firing emits one event and times the next")
  func timers() {
    var machine = _DelayStateMachine<Int>(dueTime: .seconds(10))
    guard case .startTimer(let first, let delay) = machine.elementArrived(1, now: time(0))
    else {
      Issue.record("the first event starts a timer")
      return
    }
    expectEqual(delay, .seconds(10))
    guard case .none = machine.elementArrived(2, now: time(4)),
      case .none = machine.upstreamCompleted(now: time(4))
    else {
      Issue.record("later events wait for the running timer")
      return
    }
    guard
      case .emitAndStartTimer(1, let next, let nextDelay) = machine.timerFired(
        generation: first, now: time(10))
    else {
      Issue.record("1 is due, and events still wait, so a timer must follow")
      return
    }
    expectEqual(nextDelay, .nanoseconds(4_000_000_000))
    // 2 and the completion are both due at 14: one event per firing, the next timer for now.
    guard
      case .emitAndStartTimer(2, let last, let lastDelay) = machine.timerFired(
        generation: next, now: time(14))
    else {
      Issue.record("2 is due, and the completion still waits, so a timer must follow")
      return
    }
    expectEqual(lastDelay, .nanoseconds(0))
    guard case .emitAndComplete(nil) = machine.timerFired(generation: last, now: time(15)) else {
      Issue.record("the completion goes out alone, and no timer follows")
      return
    }
    guard case .none = machine.elementArrived(3, now: time(20)) else {
      Issue.record("nothing after the completion was emitted")
      return
    }
  }

  @Test("a timer that fires early emits nothing and waits for the rest of the delay")
  func earlyTimer() {
    var machine = _DelayStateMachine<Int>(dueTime: .seconds(10))
    guard case .startTimer(let first, _) = machine.elementArrived(1, now: time(0)) else {
      Issue.record("the first event starts a timer")
      return
    }
    guard case .startTimer(_, let delay) = machine.timerFired(generation: first, now: time(9))
    else {
      Issue.record("an early timer emits nothing and starts another")
      return
    }
    expectEqual(delay, .nanoseconds(1_000_000_000))
  }

  @Test("a stale timer emits nothing")
  func staleTimer() {
    var machine = _DelayStateMachine<Int>(dueTime: .seconds(10))
    _ = machine.elementArrived(1, now: time(0))
    guard case .none = machine.timerFired(generation: 99, now: time(10)) else {
      Issue.record("a stale timer must not emit")
      return
    }
  }

  @Test("a failure drops the waiting events")
  func failure() {
    var machine = _DelayStateMachine<Int>(dueTime: .seconds(10))
    _ = machine.elementArrived(1, now: time(0))
    _ = machine.elementArrived(2, now: time(1))
    guard case .fail(let dropped) = machine.upstreamFailed() else {
      Issue.record("expected a failure")
      return
    }
    expectEqual(dropped.count, 2)
    guard case .none = machine.upstreamFailed() else {
      Issue.record("only one failure")
      return
    }
  }

  @Test("disposal hands back the waiting events")
  func disposal() {
    var machine = _DelayStateMachine<Int>(dueTime: .seconds(10))
    _ = machine.elementArrived(1, now: time(0))
    let waiting = machine.disposed()
    expectEqual(waiting.count, 1)
    let again = machine.disposed()
    #expect(again.isEmpty)
  }
}
