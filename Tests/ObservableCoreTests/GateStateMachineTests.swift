import Testing

@testable import ObservableCore

@Suite("gate state machine: take(until:)")
struct TakeUntilGateTests {
  @Test("forwards the source until the other sequence emits")
  func otherElement() {
    var machine = _GateStateMachine<_TakeUntilGate>()
    #expect(machine.sourceElementArrived() == .forward)
    #expect(machine.otherElementArrived() == .complete)
    #expect(machine.sourceElementArrived() == .drop)
    #expect(machine.otherElementArrived() == .none)
  }

  @Test("the other sequence's completion only ends its subscription; its error fails")
  func otherTermination() {
    var machine = _GateStateMachine<_TakeUntilGate>()
    #expect(machine.otherCompleted() == .disposeOther)
    #expect(machine.sourceElementArrived() == .forward)
    #expect(machine.otherFailed() == .fail)
    #expect(machine.otherFailed() == .none)
  }

  @Test("the source's terminal event finishes the machine; so does disposal")
  func sourceTermination() {
    var machine = _GateStateMachine<_TakeUntilGate>()
    #expect(machine.sourceTerminated(failed: false) == .forward)
    #expect(machine.otherElementArrived() == .none)
    var disposed = _GateStateMachine<_TakeUntilGate>()
    disposed.disposed()
    #expect(disposed.sourceElementArrived() == .drop)
    #expect(disposed.otherCompleted() == .none)
  }
}

@Suite("gate state machine: skip(until:)")
struct SkipUntilGateTests {
  @Test("drops the source's elements until the other sequence emits")
  func gate() {
    var machine = _GateStateMachine<_SkipUntilGate>()
    #expect(machine.sourceElementArrived() == .drop)
    #expect(machine.otherElementArrived() == .disposeOther)
    #expect(machine.sourceElementArrived() == .forward)
    #expect(machine.otherElementArrived() == .none)
    #expect(machine.otherFailed() == .none)
    #expect(machine.sourceTerminated(failed: false) == .forward)
    #expect(machine.sourceElementArrived() == .drop)
  }

  @Test("a source completing before the gate opens stops silently")
  func silentStop() {
    var machine = _GateStateMachine<_SkipUntilGate>()
    #expect(machine.otherCompleted() == .disposeOther)
    #expect(machine.sourceTerminated(failed: false) == .stopSilently)
    #expect(machine.sourceTerminated(failed: false) == .drop)
  }

  @Test("errors of either sequence fail the result once")
  func failures() {
    var other = _GateStateMachine<_SkipUntilGate>()
    #expect(other.otherFailed() == .fail)
    #expect(other.sourceTerminated(failed: true) == .drop)
    var source = _GateStateMachine<_SkipUntilGate>()
    #expect(source.sourceTerminated(failed: true) == .forward)
    #expect(source.otherFailed() == .none)
    var disposed = _GateStateMachine<_SkipUntilGate>()
    disposed.disposed()
    #expect(disposed.otherElementArrived() == .none)
    #expect(disposed.sourceTerminated(failed: false) == .drop)
  }
}
