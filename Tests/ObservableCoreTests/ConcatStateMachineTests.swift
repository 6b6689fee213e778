import Testing

@testable import ObservableCore

@Suite("concat state machine")
struct ConcatStateMachineTests {
  @Test("runs one source at a time and asks for the next one after each completion")
  func sequence() {
    var machine = _ConcatStateMachine()
    let first = _Lifetime()
    #expect(machine.sourceStarting(lifetime: first) == .subscribe(id: 0))
    #expect(machine.elementArrived(id: 0) == .forward)
    guard case .disposeAndSubscribeNext(let finished) = machine.sourceCompleted(id: 0) else {
      Issue.record("expected the next source")
      return
    }
    #expect(finished === first)
    #expect(machine.elementArrived(id: 0) == .drop)
    #expect(machine.sourceStarting(lifetime: _Lifetime()) == .subscribe(id: 1))
    guard case .none = machine.sourceCompleted(id: 0) else {
      Issue.record("a stale completion must be ignored")
      return
    }
  }

  @Test("completes when no source is left")
  func exhausted() {
    var machine = _ConcatStateMachine()
    #expect(machine.sourcesExhausted() == .complete)
    #expect(machine.sourceStarting(lifetime: _Lifetime()) == .discard)
    #expect(machine.sourcesExhausted() == .none)
  }

  @Test("a failure finishes the machine and keeps the source for disposal")
  func failure() {
    var machine = _ConcatStateMachine()
    let lifetime = _Lifetime()
    _ = machine.sourceStarting(lifetime: lifetime)
    #expect(machine.sourceFailed(id: 0) == .forward)
    #expect(machine.sourceFailed(id: 0) == .drop)
    #expect(machine.elementArrived(id: 0) == .drop)
    #expect(machine.disposed() === lifetime)
    #expect(machine.disposed() == nil)
  }

  @Test("disposal hands back the running source and stops everything")
  func disposal() {
    var machine = _ConcatStateMachine()
    let lifetime = _Lifetime()
    _ = machine.sourceStarting(lifetime: lifetime)
    #expect(machine.disposed() === lifetime)
    #expect(machine.elementArrived(id: 0) == .drop)
    #expect(machine.sourceFailed(id: 0) == .drop)
    #expect(machine.sourcesExhausted() == .none)
    #expect(machine.sourceStarting(lifetime: _Lifetime()) == .discard)
  }
}
