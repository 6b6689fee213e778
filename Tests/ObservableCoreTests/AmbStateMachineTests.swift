import ObservableTesting
import Testing

@testable import ObservableCore

@Suite("amb state machine")
struct AmbStateMachineTests {
  @Test("the first event decides the race and hands back the losers")
  func firstEventWins() {
    var machine = _AmbStateMachine()
    let a = _Lifetime()
    let b = _Lifetime()
    let c = _Lifetime()
    #expect(machine.sourceStarting(index: 0, lifetime: a) == .subscribe)
    #expect(machine.sourceStarting(index: 1, lifetime: b) == .subscribe)
    #expect(machine.sourceStarting(index: 2, lifetime: c) == .subscribe)
    guard case .forward(let losers) = machine.eventArrived(from: 1, isTerminal: false) else {
      Issue.record("expected the winner's event")
      return
    }
    #expect(losers.count == 2)
    #expect(losers.contains { $0 === a } && losers.contains { $0 === c })
    guard case .drop = machine.eventArrived(from: 0, isTerminal: false) else {
      Issue.record("a loser's event must be dropped")
      return
    }
    guard case .forward(let none) = machine.eventArrived(from: 1, isTerminal: true) else {
      Issue.record("expected the winner's completion")
      return
    }
    #expect(none.isEmpty)
    guard case .drop = machine.eventArrived(from: 1, isTerminal: false) else {
      Issue.record("nothing after a terminal event")
      return
    }
    let remaining = machine.disposed()
    #expect(remaining.count == 1 && remaining[0] === b)
  }

  @Test("once decided, later sources are not subscribed")
  func skipsLateSources() {
    var machine = _AmbStateMachine()
    _ = machine.sourceStarting(index: 0, lifetime: _Lifetime())
    _ = machine.eventArrived(from: 0, isTerminal: false)
    expectEqual(machine.sourceStarting(index: 1, lifetime: _Lifetime()), .discard)
  }

  @Test("disposal while racing hands back every source")
  func disposal() {
    var machine = _AmbStateMachine()
    _ = machine.sourceStarting(index: 0, lifetime: _Lifetime())
    _ = machine.sourceStarting(index: 1, lifetime: _Lifetime())
    expectEqual(machine.disposed().count, 2)
    #expect(machine.disposed().isEmpty)
    guard case .drop = machine.eventArrived(from: 0, isTerminal: false) else {
      Issue.record("nothing after disposal")
      return
    }
  }
}
