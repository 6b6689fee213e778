import Testing

@testable import ObservableCore

private typealias Machine = _CatchSequenceStateMachine<TestError>

@Suite("catch(sequence:) state machine")
struct CatchSequenceStateMachineTests {
  @Test("runs one source at a time and asks for the next one after each failure")
  func sequence() {
    var machine = Machine()
    let first = _Lifetime()
    #expect(machine.sourceStarting(lifetime: first) == .subscribe(id: 0))
    #expect(machine.elementArrived(id: 0) == .forward)
    guard case .disposeAndSubscribeNext(let failed) = machine.sourceFailed(id: 0, TestError(id: 1))
    else {
      Issue.record("expected the next source")
      return
    }
    #expect(failed === first)
    #expect(machine.elementArrived(id: 0) == .drop)
    #expect(machine.sourceStarting(lifetime: _Lifetime()) == .subscribe(id: 1))
    guard case .none = machine.sourceFailed(id: 0, TestError(id: 9)) else {
      Issue.record("a stale failure must be ignored")
      return
    }
    #expect(machine.sourceCompleted(id: 1) == .forward)
    #expect(machine.sourceCompleted(id: 1) == .drop)
    #expect(machine.sourceStarting(lifetime: _Lifetime()) == .discard)
  }

  @Test("with no source tried, running out completes")
  func emptyCompletes() {
    var machine = Machine()
    guard case .complete = machine.sourcesExhausted() else {
      Issue.record("expected completion")
      return
    }
    guard case .none = machine.sourcesExhausted() else {
      Issue.record("the result has already terminated")
      return
    }
  }

  @Test("after failures, running out fails with the last error")
  func exhaustedFails() {
    var machine = Machine()
    _ = machine.sourceStarting(lifetime: _Lifetime())
    _ = machine.sourceFailed(id: 0, TestError(id: 1))
    _ = machine.sourceStarting(lifetime: _Lifetime())
    _ = machine.sourceFailed(id: 1, TestError(id: 2))
    guard case .fail(let error) = machine.sourcesExhausted() else {
      Issue.record("expected the last failure")
      return
    }
    #expect(error == TestError(id: 2))
  }

  @Test("an empty nested sequence completes even after failures")
  func emptyNested() {
    var machine = Machine()
    _ = machine.sourceStarting(lifetime: _Lifetime())
    _ = machine.sourceFailed(id: 0, TestError(id: 1))
    guard case .complete = machine.emptySourceFound() else {
      Issue.record("expected completion")
      return
    }
    #expect(machine.sourceStarting(lifetime: _Lifetime()) == .discard)
  }

  @Test("disposal hands back the running source and the last failure, and stops everything")
  func disposal() {
    var machine = Machine()
    let lifetime = _Lifetime()
    _ = machine.sourceStarting(lifetime: lifetime)
    _ = machine.sourceFailed(id: 0, TestError(id: 1))
    let second = _Lifetime()
    _ = machine.sourceStarting(lifetime: second)
    let disposal = machine.disposed()
    #expect(disposal.lifetime === second)
    #expect(disposal.released == TestError(id: 1))
    #expect(machine.elementArrived(id: 1) == .drop)
    #expect(machine.sourceCompleted(id: 1) == .drop)
    guard case .none = machine.sourcesExhausted() else {
      Issue.record("nothing after disposal")
      return
    }
    #expect(machine.disposed().lifetime == nil)
  }
}
