import Testing

@testable import ObservableCore

@Suite("skip(until:) state machine")
struct SkipUntilStateMachineTests {
  @Test("drops the source's elements until the other sequence emits")
  func gate() {
    var machine = _SkipUntilStateMachine()
    #expect(machine.sourceElementArrived() == .drop)
    #expect(machine.otherElementArrived() == .startForwardingAndDisposeOther)
    #expect(machine.sourceElementArrived() == .forward)
    #expect(machine.otherElementArrived() == .none)
    #expect(machine.otherFailed() == .none)
    #expect(machine.sourceCompleted() == .forward)
    #expect(machine.sourceElementArrived() == .drop)
  }

  @Test("a source completing before the gate opens stops silently")
  func silentStop() {
    var machine = _SkipUntilStateMachine()
    #expect(machine.otherCompleted() == .disposeOther)
    #expect(machine.sourceCompleted() == .stopSilently)
    #expect(machine.sourceCompleted() == .none)
  }

  @Test("errors of either sequence fail the result once")
  func failures() {
    var other = _SkipUntilStateMachine()
    #expect(other.otherFailed() == .fail)
    #expect(other.sourceFailed() == .none)
    var source = _SkipUntilStateMachine()
    #expect(source.sourceFailed() == .forward)
    #expect(source.otherFailed() == .none)
    var disposed = _SkipUntilStateMachine()
    disposed.disposed()
    #expect(disposed.otherElementArrived() == .none)
    #expect(disposed.sourceCompleted() == .none)
  }
}
