import Testing

@testable import ObservableCore

@Suite("timeout state machine")
struct TimeoutStateMachineTests {
  @Test("each element restarts the timer; only the current timer switches")
  func generations() {
    var machine = _TimeoutStateMachine()
    guard case .forwardAndRestartTimer(let generation) = machine.elementArrived() else {
      Issue.record("an element is forwarded and restarts the timer")
      return
    }
    guard case .none = machine.timerFired(generation: 0) else {
      Issue.record("the first timer is stale after an element")
      return
    }
    guard case .switchToOther = machine.timerFired(generation: generation) else {
      Issue.record("the current timer switches")
      return
    }
    guard case .none = machine.elementArrived(), case .none = machine.sourceTerminated() else {
      Issue.record("the source is ignored after the switch")
      return
    }
    let element = machine.otherEvent(isTerminal: false)
    let terminal = machine.otherEvent(isTerminal: true)
    let after = machine.otherEvent(isTerminal: false)
    #expect(element && terminal && !after)
  }

  @Test("a terminal event before the timeout is forwarded and stops the timers")
  func terminalFirst() {
    var machine = _TimeoutStateMachine()
    guard case .forwardTerminal = machine.sourceTerminated(),
      case .none = machine.timerFired(generation: 0)
    else {
      Issue.record("expected the terminal event, then nothing")
      return
    }
    let forwarded = machine.otherEvent(isTerminal: false)
    #expect(!forwarded)
  }

  @Test("nothing happens after disposal")
  func disposal() {
    var machine = _TimeoutStateMachine()
    machine.disposed()
    guard case .none = machine.timerFired(generation: 0), case .none = machine.elementArrived()
    else {
      Issue.record("expected nothing")
      return
    }
  }
}
