import ObservableTesting
import Testing

@testable import ObservableCore

@Suite("flatMap state machine")
struct FlatMapStateMachineTests {
  @Test("unbounded: every inner is subscribed at once with its own id")
  func unbounded() {
    var machine = _FlatMapStateMachine<String>(policy: .unbounded)
    expectEqual(machine.outerElementArrived(), .transform)
    let first = machine.innerArrived("a", lifetime: _Lifetime())
    let second = machine.innerArrived("b", lifetime: _Lifetime())
    guard case .subscribe(let id1) = first, case .subscribe(let id2) = second else {
      Issue.record("expected both to be subscribed")
      return
    }
    #expect(id1 != id2)
    expectEqual(machine.innerElementArrived(id: id1), .forward)
    expectEqual(machine.innerElementArrived(id: id2), .forward)
  }

  @Test("completes only once the outer and every inner have completed")
  func completion() {
    var machine = _FlatMapStateMachine<String>(policy: .unbounded)
    let lifetime = _Lifetime()
    guard case .subscribe(let id) = machine.innerArrived("a", lifetime: lifetime) else {
      Issue.record("expected subscribe")
      return
    }
    expectEqual(machine.outerCompleted(), .none)
    guard case .disposeInnerAndComplete(let finished) = machine.innerCompleted(id: id) else {
      Issue.record("expected completion")
      return
    }
    #expect(finished === lifetime)
    expectEqual(machine.innerElementArrived(id: id), .drop)
    expectEqual(machine.outerFailed(), .none)
  }

  @Test("an idle machine completes when the outer completes")
  func idleCompletion() {
    var machine = _FlatMapStateMachine<String>(policy: .unbounded)
    expectEqual(machine.outerCompleted(), .complete)
    expectEqual(machine.outerElementArrived(), .drop)
    expectEqual(machine.innerArrived("late", lifetime: _Lifetime()), .discard)
  }

  @Test("an inner completing before the outer releases its lifetime only")
  func innerCompletesFirst() {
    var machine = _FlatMapStateMachine<String>(policy: .unbounded)
    let lifetime = _Lifetime()
    guard case .subscribe(let id) = machine.innerArrived("a", lifetime: lifetime) else {
      Issue.record("expected subscribe")
      return
    }
    guard case .disposeInner(let finished) = machine.innerCompleted(id: id) else {
      Issue.record("expected the inner to be released")
      return
    }
    #expect(finished === lifetime)
    guard case .none = machine.innerCompleted(id: id) else {
      Issue.record("a second completion must be ignored")
      return
    }
    expectEqual(machine.outerCompleted(), .complete)
  }

  @Test("limited: inners beyond the limit wait, and a finished inner's slot goes to the oldest")
  func limited() {
    var machine = _FlatMapStateMachine<String>(policy: .limited(1))
    let running = _Lifetime()
    guard case .subscribe(let id) = machine.innerArrived("a", lifetime: running) else {
      Issue.record("expected subscribe")
      return
    }
    expectEqual(machine.innerArrived("b", lifetime: _Lifetime()), .enqueued)
    expectEqual(machine.innerArrived("c", lifetime: _Lifetime()), .enqueued)
    guard case .none = machine.waitingSubscriptionRequested(lifetime: _Lifetime()) else {
      Issue.record("no slot is free yet")
      return
    }
    guard case .disposeInnerAndSubscribeWaiting = machine.innerCompleted(id: id) else {
      Issue.record("expected the slot to be handed to a waiting inner")
      return
    }
    // The reserved slot is not available to a newly arriving inner.
    expectEqual(machine.innerArrived("d", lifetime: _Lifetime()), .enqueued)
    guard
      case .subscribe(let source, let nextID) = machine.waitingSubscriptionRequested(
        lifetime: _Lifetime())
    else {
      Issue.record("expected the oldest waiting inner")
      return
    }
    expectEqual(source, "b")
    expectEqual(machine.outerCompleted(), .none)
    guard case .disposeInnerAndSubscribeWaiting = machine.innerCompleted(id: nextID) else {
      Issue.record("c and d still wait")
      return
    }
  }

  @Test("limited: completes after the queue drains")
  func limitedCompletion() {
    var machine = _FlatMapStateMachine<String>(policy: .limited(1))
    guard case .subscribe(let id) = machine.innerArrived("a", lifetime: _Lifetime()) else {
      Issue.record("expected subscribe")
      return
    }
    expectEqual(machine.innerArrived("b", lifetime: _Lifetime()), .enqueued)
    expectEqual(machine.outerCompleted(), .none)
    _ = machine.innerCompleted(id: id)
    guard
      case .subscribe(_, let second) = machine.waitingSubscriptionRequested(
        lifetime: _Lifetime())
    else {
      Issue.record("expected b")
      return
    }
    guard case .disposeInnerAndComplete = machine.innerCompleted(id: second) else {
      Issue.record("expected completion")
      return
    }
  }

  @Test("dropWhileBusy: outer elements are dropped while an inner runs")
  func dropWhileBusy() {
    var machine = _FlatMapStateMachine<String>(policy: .dropWhileBusy)
    expectEqual(machine.outerElementArrived(), .transform)
    guard case .subscribe(let id) = machine.innerArrived("a", lifetime: _Lifetime()) else {
      Issue.record("expected subscribe")
      return
    }
    expectEqual(machine.outerElementArrived(), .drop)
    _ = machine.innerCompleted(id: id)
    expectEqual(machine.outerElementArrived(), .transform)
  }

  @Test("an inner error finishes the machine; disposal hands back every lifetime and the queue")
  func failureAndDisposal() {
    var machine = _FlatMapStateMachine<String>(policy: .limited(2))
    let a = _Lifetime()
    let b = _Lifetime()
    guard case .subscribe(let id) = machine.innerArrived("a", lifetime: a) else {
      Issue.record("expected subscribe")
      return
    }
    _ = machine.innerArrived("b", lifetime: b)
    #expect(machine.innerArrived("c", lifetime: _Lifetime()) == .enqueued)
    #expect(machine.innerFailed(id: id) == .forward)
    #expect(machine.innerFailed(id: id) == .drop)
    #expect(machine.innerElementArrived(id: id) == .drop)
    #expect(machine.outerCompleted() == .none)
    let disposal = machine.disposed()
    #expect(disposal.lifetimes.count == 2)
    #expect(disposal.lifetimes.contains { $0 === a } && disposal.lifetimes.contains { $0 === b })
    #expect(Array(disposal.waiting) == ["c"])
    #expect(machine.disposed().lifetimes.isEmpty)
  }

  @Test("an outer error finishes the machine once")
  func outerFailure() {
    var machine = _FlatMapStateMachine<String>(policy: .unbounded)
    expectEqual(machine.outerFailed(), .fail)
    expectEqual(machine.outerFailed(), .none)
    expectEqual(machine.outerElementArrived(), .drop)
  }
}
