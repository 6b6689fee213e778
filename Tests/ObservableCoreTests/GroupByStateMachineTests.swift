import ObservableTesting
import Testing

@testable import ObservableCore

private typealias Machine = _GroupByStateMachine<Int, String, String>

@Suite("groupBy state machine")
struct GroupByStateMachineTests {
  @Test("opens a group for a new key, then routes its elements to it")
  func routing() {
    let lifetime = _Lifetime()
    var machine = Machine(sourceLifetime: lifetime, downstream: "outer")
    guard
      case .open(let group, let downstream) = machine.elementArrived(key: 1, makeGroup: { "g1" })
    else {
      Issue.record("expected a new group")
      return
    }
    expectEqual(group, "g1")
    expectEqual(downstream, "outer")
    guard case .send(let same) = machine.elementArrived(key: 1, makeGroup: { "other" }) else {
      Issue.record("expected the open group")
      return
    }
    expectEqual(same, "g1")
    guard case .open("g2", _) = machine.elementArrived(key: 2, makeGroup: { "g2" }) else {
      Issue.record("expected a second group")
      return
    }
  }

  @Test("termination hands back every group in the order opened, the outer and the source")
  func termination() {
    let lifetime = _Lifetime()
    var machine = Machine(sourceLifetime: lifetime, downstream: "outer")
    _ = machine.elementArrived(key: 2, makeGroup: { "g2" })
    _ = machine.elementArrived(key: 1, makeGroup: { "g1" })
    _ = machine.elementArrived(key: 3, makeGroup: { "g3" })
    guard case .terminate(let groups, let downstream, let source) = machine.sourceTerminated()
    else {
      Issue.record("expected termination")
      return
    }
    expectEqual(groups, ["g2", "g1", "g3"])
    expectEqual(downstream, "outer")
    #expect(source === lifetime)
    guard case .none = machine.sourceTerminated() else {
      Issue.record("a second termination must do nothing")
      return
    }
    guard case .drop = machine.elementArrived(key: 1, makeGroup: { "late" }) else {
      Issue.record("elements after termination must be dropped")
      return
    }
    let counted1 = machine.groupSubscribed()
    #expect(!counted1)
    #expect(machine.outerDisposed().sourceLifetime == nil)
  }

  @Test("the outer disposed with no group subscribed disposes the source")
  func outerDisposedAlone() {
    let lifetime = _Lifetime()
    var machine = Machine(sourceLifetime: lifetime, downstream: "outer")
    _ = machine.elementArrived(key: 1, makeGroup: { "g1" })
    let disposal = machine.outerDisposed()
    #expect(disposal.sourceLifetime === lifetime)
    expectEqual(disposal.released.groups, ["g1"])
    expectEqual(disposal.released.downstream, "outer")
    guard case .none = machine.sourceTerminated() else {
      Issue.record("nothing is left to terminate")
      return
    }
  }

  @Test("subscribed groups keep the source until the last one leaves")
  func refCount() {
    let lifetime = _Lifetime()
    var machine = Machine(sourceLifetime: lifetime, downstream: "outer")
    _ = machine.elementArrived(key: 1, makeGroup: { "g1" })
    let counted2 = machine.groupSubscribed()
    #expect(counted2)
    let counted3 = machine.groupSubscribed()
    #expect(counted3)
    expectEqual(machine.subscriberCount, 2)
    let outer = machine.outerDisposed()
    #expect(outer.sourceLifetime == nil)
    expectEqual(outer.released.downstream, "outer")
    guard case .drop = machine.elementArrived(key: 2, makeGroup: { "g2" }) else {
      Issue.record("a new key after the outer is gone must be dropped")
      return
    }
    guard case .send("g1") = machine.elementArrived(key: 1, makeGroup: { "x" }) else {
      Issue.record("an open group still gets its elements")
      return
    }
    #expect(machine.groupUnsubscribed().sourceLifetime == nil)
    let last = machine.groupUnsubscribed()
    #expect(last.sourceLifetime === lifetime)
    expectEqual(last.released.groups, ["g1"])
    let counted4 = machine.groupSubscribed()
    #expect(!counted4)
  }

  @Test("group subscriptions leaving while the outer is subscribed keep the source")
  func groupsLeaveFirst() {
    var machine = Machine(sourceLifetime: _Lifetime(), downstream: "outer")
    let counted5 = machine.groupSubscribed()
    #expect(counted5)
    #expect(machine.groupUnsubscribed().sourceLifetime == nil)
    expectEqual(machine.subscriberCount, 0)
    guard case .open = machine.elementArrived(key: 1, makeGroup: { "g1" }) else {
      Issue.record("the outer is still there to receive new groups")
      return
    }
  }

  @Test("terminating while groups are subscribed ends the counting")
  func terminationWithSubscribers() {
    var machine = Machine(sourceLifetime: _Lifetime(), downstream: "outer")
    let counted6 = machine.groupSubscribed()
    #expect(counted6)
    _ = machine.outerDisposed()
    guard case .terminate(_, let downstream, _) = machine.sourceTerminated() else {
      Issue.record("expected termination")
      return
    }
    #expect(downstream == nil)
    #expect(machine.groupUnsubscribed().sourceLifetime == nil)
  }
}
