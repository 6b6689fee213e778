import Testing

@testable import ObservableCore

@Suite("debounce state machine")
struct DebounceStateMachineTests {
  @Test("each element starts a newer timer generation")
  func generations() {
    var machine = _DebounceStateMachine<Int>()
    guard case .startTimer(let first) = machine.elementArrived(1),
      case .startTimer(let second) = machine.elementArrived(2)
    else {
      Issue.record("expected timers")
      return
    }
    #expect(second > first)
    guard case .none = machine.timerFired(generation: first) else {
      Issue.record("a stale timer must not emit")
      return
    }
    guard case .emit(2) = machine.timerFired(generation: second) else {
      Issue.record("the current timer must emit the latest element")
      return
    }
    guard case .none = machine.timerFired(generation: second) else {
      Issue.record("nothing is pending after the emission")
      return
    }
  }

  @Test("completion flushes the pending element; an error drops it")
  func terminals() {
    var completing = _DebounceStateMachine<Int>()
    _ = completing.elementArrived(1)
    guard case .flushAndComplete(1) = completing.upstreamCompleted() else {
      Issue.record("expected a flush of 1")
      return
    }
    guard case .none = completing.elementArrived(2), case .none = completing.upstreamFailed()
    else {
      Issue.record("nothing happens after completion")
      return
    }
    var failing = _DebounceStateMachine<Int>()
    _ = failing.elementArrived(1)
    guard case .fail = failing.upstreamFailed(), case .none = failing.upstreamCompleted() else {
      Issue.record("expected a failure, then nothing")
      return
    }
  }

  @Test("disposal hands back the pending element and finishes")
  func disposal() {
    var machine = _DebounceStateMachine<Int>()
    _ = machine.elementArrived(7)
    let pending = machine.disposed()
    #expect(pending == 7)
    guard case .none = machine.timerFired(generation: 1) else {
      Issue.record("nothing happens after disposal")
      return
    }
  }
}
