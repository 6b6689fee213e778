import ObservableTesting
import Testing

@testable import ObservableCore

@Suite("flatMapLatest state machine")
struct FlatMapLatestStateMachineTests {
  @Test("a new outer element replaces the latest inner and hands back the previous one")
  func replacesInner() {
    var machine = _FlatMapLatestStateMachine()
    let first = _Lifetime()
    let second = _Lifetime()
    guard case .subscribe(let id1, let previous1) = machine.outerElementArrived(inner: first)
    else {
      Issue.record("expected subscribe")
      return
    }
    #expect(previous1 == nil)
    guard case .subscribe(let id2, let previous2) = machine.outerElementArrived(inner: second)
    else {
      Issue.record("expected subscribe")
      return
    }
    #expect(previous2 === first)
    #expect(id1 != id2)
    expectEqual(machine.innerElementArrived(id: id1), .drop)
    expectEqual(machine.innerElementArrived(id: id2), .forward)
    expectEqual(machine.innerFailed(id: id1), .drop)
    guard case .none = machine.innerCompleted(id: id1) else {
      Issue.record("a stale completion must be ignored")
      return
    }
  }

  @Test("completes when the outer completes with no inner running")
  func outerCompletesIdle() {
    var machine = _FlatMapLatestStateMachine()
    expectEqual(machine.outerCompleted(), .complete)
    expectEqual(machine.outerFailed(), .none)
    #expect(machine.disposed() == nil)
  }

  @Test("after the outer completes, the latest inner's completion completes the result")
  func innerCompletesLast() {
    var machine = _FlatMapLatestStateMachine()
    let inner = _Lifetime()
    guard case .subscribe(let id, _) = machine.outerElementArrived(inner: inner) else {
      Issue.record("expected subscribe")
      return
    }
    expectEqual(machine.outerCompleted(), .none)
    guard case .disposeInnerAndComplete(let finished) = machine.innerCompleted(id: id) else {
      Issue.record("expected completion")
      return
    }
    #expect(finished === inner)
    expectEqual(machine.innerElementArrived(id: id), .drop)
  }

  @Test("an inner completing before the outer is released and the result goes on")
  func innerCompletesFirst() {
    var machine = _FlatMapLatestStateMachine()
    let inner = _Lifetime()
    guard case .subscribe(let id, _) = machine.outerElementArrived(inner: inner) else {
      Issue.record("expected subscribe")
      return
    }
    guard case .disposeInner(let finished) = machine.innerCompleted(id: id) else {
      Issue.record("expected the inner to be released")
      return
    }
    #expect(finished === inner)
    expectEqual(machine.innerElementArrived(id: id), .drop)
    expectEqual(machine.outerCompleted(), .complete)
  }

  @Test("an inner error finishes the machine; later events are dropped")
  func innerFails() {
    var machine = _FlatMapLatestStateMachine()
    let inner = _Lifetime()
    guard case .subscribe(let id, _) = machine.outerElementArrived(inner: inner) else {
      Issue.record("expected subscribe")
      return
    }
    expectEqual(machine.innerFailed(id: id), .forward)
    expectEqual(machine.innerElementArrived(id: id), .drop)
    expectEqual(machine.outerFailed(), .none)
    expectEqual(machine.outerCompleted(), .none)
    guard case .discard = machine.outerElementArrived(inner: _Lifetime()) else {
      Issue.record("a finished machine must discard new inners")
      return
    }
    #expect(machine.disposed() === inner)
    #expect(machine.disposed() == nil)
  }

  @Test("an outer error finishes the machine and keeps the inner for disposal")
  func outerFails() {
    var machine = _FlatMapLatestStateMachine()
    let inner = _Lifetime()
    _ = machine.outerElementArrived(inner: inner)
    expectEqual(machine.outerFailed(), .fail)
    expectEqual(machine.outerFailed(), .none)
    #expect(machine.disposed() === inner)
  }

  @Test("disposal hands back the running inner and ignores everything afterwards")
  func disposal() {
    var machine = _FlatMapLatestStateMachine()
    let inner = _Lifetime()
    guard case .subscribe(let id, _) = machine.outerElementArrived(inner: inner) else {
      Issue.record("expected subscribe")
      return
    }
    #expect(machine.disposed() === inner)
    expectEqual(machine.innerElementArrived(id: id), .drop)
    expectEqual(machine.innerFailed(id: id), .drop)
    expectEqual(machine.outerCompleted(), .none)
    guard case .discard = machine.outerElementArrived(inner: _Lifetime()) else {
      Issue.record("a disposed machine must discard new inners")
      return
    }
  }

  @Test("a just inner becomes the latest, silences the previous inner and holds nothing")
  func immediateElement() {
    var machine = _FlatMapLatestStateMachine()
    let first = _Lifetime()
    guard case .subscribe(let id, _) = machine.outerElementArrived(inner: first) else {
      Issue.record("expected subscribe")
      return
    }
    guard case .deliver(let previous, let complete) = machine.immediateElementArrived() else {
      Issue.record("expected deliver")
      return
    }
    #expect(previous === first)
    #expect(!complete)
    expectEqual(machine.innerElementArrived(id: id), .drop)
    expectEqual(machine.innerFailed(id: id), .drop)
    guard case .none = machine.innerCompleted(id: id) else {
      Issue.record("the replaced inner's completion must be ignored")
      return
    }
    // The just inner has finished, so the outer's completion completes the result at once.
    expectEqual(machine.outerCompleted(), .complete)
    guard case .discard = machine.immediateElementArrived() else {
      Issue.record("nothing may be delivered after the result terminated")
      return
    }
  }

  @Test("a just inner after a failure or disposal is dropped")
  func immediateElementAfterEnd() {
    var failed = _FlatMapLatestStateMachine()
    expectEqual(failed.outerFailed(), .fail)
    guard case .discard = failed.immediateElementArrived() else {
      Issue.record("expected discard after failure")
      return
    }
    var disposed = _FlatMapLatestStateMachine()
    _ = disposed.disposed()
    guard case .discard = disposed.immediateElementArrived() else {
      Issue.record("expected discard after disposal")
      return
    }
  }
}
