import Testing

@testable import ObservableCore

@Suite("take(until:) state machine")
struct TakeUntilStateMachineTests {
  @Test("forwards the source until the other sequence emits")
  func otherElement() {
    var machine = _TakeUntilStateMachine()
    #expect(machine.sourceEventArrived(isTerminal: false) == .forward)
    #expect(machine.otherElementArrived() == .complete)
    #expect(machine.sourceEventArrived(isTerminal: false) == .drop)
    #expect(machine.otherElementArrived() == .none)
  }

  @Test("the other sequence's completion only ends its subscription; its error fails")
  func otherTermination() {
    var machine = _TakeUntilStateMachine()
    #expect(machine.otherCompleted() == .disposeOther)
    #expect(machine.sourceEventArrived(isTerminal: false) == .forward)
    #expect(machine.otherFailed() == .fail)
    #expect(machine.otherFailed() == .none)
  }

  @Test("the source's terminal event finishes the machine; so does disposal")
  func sourceTermination() {
    var machine = _TakeUntilStateMachine()
    #expect(machine.sourceEventArrived(isTerminal: true) == .forward)
    #expect(machine.otherElementArrived() == .none)
    var disposed = _TakeUntilStateMachine()
    disposed.disposed()
    #expect(disposed.sourceEventArrived(isTerminal: false) == .drop)
    #expect(disposed.otherCompleted() == .none)
  }
}
