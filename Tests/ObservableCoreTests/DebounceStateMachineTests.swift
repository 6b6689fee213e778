import ObservableTesting
import Testing

@testable import ObservableCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite("debounce state machine")
struct DebounceStateMachineTests {
  private let now = Date.distantPast

  @Test("each element starts a newer timer generation")
  func generations() {
    var machine = _DebounceStateMachine<Int>(dueTime: .seconds(1))
    guard case .startTimer(let first, _) = machine.elementArrived(1, now: now),
      case .startTimer(let second, _) = machine.elementArrived(2, now: now)
    else {
      Issue.record("expected timers")
      return
    }
    #expect(second > first)
    guard case .none = machine.timerFired(generation: first, now: now) else {
      Issue.record("a stale timer must not emit")
      return
    }
    guard case .emit(2) = machine.timerFired(generation: second, now: now) else {
      Issue.record("the current timer must emit the latest element")
      return
    }
    guard case .none = machine.timerFired(generation: second, now: now) else {
      Issue.record("nothing is pending after the emission")
      return
    }
  }

  @Test("completion flushes the pending element; an error drops it")
  func terminals() {
    var completing = _DebounceStateMachine<Int>(dueTime: .seconds(1))
    _ = completing.elementArrived(1, now: now)
    guard case .emitAndComplete(1) = completing.upstreamCompleted(now: now) else {
      Issue.record("expected a flush of 1")
      return
    }
    guard case .none = completing.elementArrived(2, now: now),
      case .none = completing.upstreamFailed()
    else {
      Issue.record("nothing happens after completion")
      return
    }
    var failing = _DebounceStateMachine<Int>(dueTime: .seconds(1))
    _ = failing.elementArrived(1, now: now)
    guard case .fail = failing.upstreamFailed(), case .none = failing.upstreamCompleted(now: now)
    else {
      Issue.record("expected a failure, then nothing")
      return
    }
  }

  @Test("disposal hands back the pending element and finishes")
  func disposal() {
    var machine = _DebounceStateMachine<Int>(dueTime: .seconds(1))
    _ = machine.elementArrived(7, now: now)
    let pending = machine.disposed()
    expectEqual(pending, 7)
    guard case .none = machine.timerFired(generation: 1, now: now) else {
      Issue.record("nothing happens after disposal")
      return
    }
  }
}
