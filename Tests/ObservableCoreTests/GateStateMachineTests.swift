import ObservableTesting
import Testing

@testable import ObservableCore

@Suite("gate state machine: take(until:)")
struct TakeUntilGateTests {
  @Test("forwards the source until the other sequence emits")
  func otherElement() {
    var machine = _GateStateMachine<_TakeUntilGate>()
    expectEqual(machine.sourceElementArrived(), .forward)
    expectEqual(machine.otherElementArrived(), .complete)
    expectEqual(machine.sourceElementArrived(), .drop)
    expectEqual(machine.otherElementArrived(), .none)
  }

  @Test("the other sequence's completion only ends its subscription; its error fails")
  func otherTermination() {
    var machine = _GateStateMachine<_TakeUntilGate>()
    expectEqual(machine.otherCompleted(), .disposeOther)
    expectEqual(machine.sourceElementArrived(), .forward)
    expectEqual(machine.otherFailed(), .fail)
    expectEqual(machine.otherFailed(), .none)
  }

  @Test("the source's terminal event finishes the machine; so does disposal")
  func sourceTermination() {
    var machine = _GateStateMachine<_TakeUntilGate>()
    expectEqual(machine.sourceTerminated(failed: false), .forward)
    expectEqual(machine.otherElementArrived(), .none)
    var disposed = _GateStateMachine<_TakeUntilGate>()
    disposed.disposed()
    expectEqual(disposed.sourceElementArrived(), .drop)
    expectEqual(disposed.otherCompleted(), .none)
  }
}

@Suite("gate state machine: skip(until:)")
struct SkipUntilGateTests {
  @Test("drops the source's elements until the other sequence emits")
  func gate() {
    var machine = _GateStateMachine<_SkipUntilGate>()
    expectEqual(machine.sourceElementArrived(), .drop)
    expectEqual(machine.otherElementArrived(), .disposeOther)
    expectEqual(machine.sourceElementArrived(), .forward)
    expectEqual(machine.otherElementArrived(), .none)
    expectEqual(machine.otherFailed(), .none)
    expectEqual(machine.sourceTerminated(failed: false), .forward)
    expectEqual(machine.sourceElementArrived(), .drop)
  }

  @Test("a source completing before the gate opens stops silently")
  func silentStop() {
    var machine = _GateStateMachine<_SkipUntilGate>()
    expectEqual(machine.otherCompleted(), .disposeOther)
    expectEqual(machine.sourceTerminated(failed: false), .stopSilently)
    expectEqual(machine.sourceTerminated(failed: false), .drop)
  }

  @Test("errors of either sequence fail the result once")
  func failures() {
    var other = _GateStateMachine<_SkipUntilGate>()
    expectEqual(other.otherFailed(), .fail)
    expectEqual(other.sourceTerminated(failed: true), .drop)
    var source = _GateStateMachine<_SkipUntilGate>()
    expectEqual(source.sourceTerminated(failed: true), .forward)
    expectEqual(source.otherFailed(), .none)
    var disposed = _GateStateMachine<_SkipUntilGate>()
    disposed.disposed()
    expectEqual(disposed.otherElementArrived(), .none)
    expectEqual(disposed.sourceTerminated(failed: false), .drop)
  }
}
