import ObservableTesting
import Testing

@testable import ObservableCore

@Suite("window state machine")
struct WindowStateMachineTests {
  @Test("the element that fills a window rotates it")
  func count() {
    var machine = _WindowStateMachine(maxCount: 2)
    guard case .forward = machine.elementArrived(),
      case .forwardAndRotate(let next) = machine.elementArrived(),
      case .forward = machine.elementArrived()
    else {
      Issue.record("expected forward, rotate, forward")
      return
    }
    expectEqual(next, 1)
    guard case .none = machine.timerFired(generation: 0),
      case .rotate(2) = machine.timerFired(generation: 1)
    else {
      Issue.record("only the current window's timer rotates it")
      return
    }
  }

  @Test("termination happens once; nothing follows a tear-down")
  func termination() {
    var machine = _WindowStateMachine(maxCount: 3)
    let first = machine.upstreamTerminated()
    let second = machine.upstreamTerminated()
    #expect(first)
    #expect(!second)
    var tornDown = _WindowStateMachine(maxCount: 3)
    tornDown.tornDown()
    guard case .none = tornDown.elementArrived(), case .none = tornDown.timerFired(generation: 0)
    else {
      Issue.record("expected nothing after tear-down")
      return
    }
  }
}
