import Dispatch
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
    guard case .startTimer(let first, let delay) = machine.eventArrived(.next(1), now: time(0))
    else {
      Issue.record("the first event starts a timer")
      return
    }
    #expect(delay == .seconds(10))
    guard case .none = machine.eventArrived(.next(2), now: time(4)),
      case .none = machine.eventArrived(.completed, now: time(4))
    else {
      Issue.record("later events wait for the running timer")
      return
    }
    let firstFiring = machine.timerFired(generation: first, now: time(10))
    #expect(firstFiring.emit.map(\.element) == [1])
    guard let next = firstFiring.nextTimer else {
      Issue.record("events still wait, so a timer must follow")
      return
    }
    #expect(next.delay == .nanoseconds(4_000_000_000))
    // 2 and the completion are both due at 14: one event per firing, the next timer for now.
    let secondFiring = machine.timerFired(generation: next.generation, now: time(14))
    #expect(secondFiring.emit.map(\.element) == [2])
    guard let last = secondFiring.nextTimer else {
      Issue.record("the completion still waits, so a timer must follow")
      return
    }
    #expect(last.delay == .nanoseconds(0))
    let thirdFiring = machine.timerFired(generation: last.generation, now: time(15))
    #expect(thirdFiring.emit.count == 1)
    #expect(thirdFiring.emit.first?.isCompleted == true)
    #expect(thirdFiring.nextTimer == nil)
    guard case .none = machine.eventArrived(.next(3), now: time(20)) else {
      Issue.record("nothing after the completion was emitted")
      return
    }
  }

  @Test("a timer that fires early emits nothing and waits for the rest of the delay")
  func earlyTimer() {
    var machine = _DelayStateMachine<Int>(dueTime: .seconds(10))
    guard case .startTimer(let first, _) = machine.eventArrived(.next(1), now: time(0)) else {
      Issue.record("the first event starts a timer")
      return
    }
    let early = machine.timerFired(generation: first, now: time(9))
    #expect(early.emit.isEmpty)
    #expect(early.nextTimer?.delay == .nanoseconds(1_000_000_000))
  }

  @Test("a stale timer emits nothing")
  func staleTimer() {
    var machine = _DelayStateMachine<Int>(dueTime: .seconds(10))
    _ = machine.eventArrived(.next(1), now: time(0))
    let action = machine.timerFired(generation: 99, now: time(10))
    #expect(action.emit.isEmpty)
  }

  @Test("a failure drops the waiting events")
  func failure() {
    var machine = _DelayStateMachine<Int>(dueTime: .seconds(10))
    _ = machine.eventArrived(.next(1), now: time(0))
    _ = machine.eventArrived(.next(2), now: time(1))
    guard case .fail(let dropped) = machine.upstreamFailed() else {
      Issue.record("expected a failure")
      return
    }
    #expect(dropped.count == 2)
    guard case .none = machine.upstreamFailed() else {
      Issue.record("only one failure")
      return
    }
  }

  @Test("disposal hands back the waiting events")
  func disposal() {
    var machine = _DelayStateMachine<Int>(dueTime: .seconds(10))
    _ = machine.eventArrived(.next(1), now: time(0))
    let waiting = machine.disposed()
    #expect(waiting.count == 1)
    let again = machine.disposed()
    #expect(again.isEmpty)
  }
}
