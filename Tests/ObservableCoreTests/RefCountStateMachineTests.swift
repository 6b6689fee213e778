import ObservableTesting
import Testing

@testable import ObservableCore

@Suite("refCount state machine")
struct RefCountStateMachineTests {
  private typealias Machine = _RefCountStateMachine<String>

  @Test("the first subscriber connects; later ones join the same connection")
  func arrivals() {
    var machine = Machine()
    let first = machine.subscriberArrived(makeConnection: { "A" })
    expectEqual(first.connect, "A")
    let second = machine.subscriberArrived(makeConnection: {
      Issue.record("a second connection was made")
      return "B"
    })
    #expect(second.connect == nil)
    expectEqual(first.ticket, second.ticket)
    expectEqual(machine.count, 2)
  }

  @Test("the last subscriber to leave disconnects")
  func lastLeaves() {
    var machine = Machine()
    let first = machine.subscriberArrived(makeConnection: { "A" })
    let second = machine.subscriberArrived(makeConnection: { "B" })
    #expect(machine.subscriberLeft(ticket: first.ticket) == nil)
    expectEqual(machine.subscriberLeft(ticket: second.ticket), "A")
    expectEqual(machine.count, 0)
    let third = machine.subscriberArrived(makeConnection: { "C" })
    expectEqual(third.connect, "C")
    #expect(third.ticket != first.ticket)
  }

  @Test("termination disconnects once and ignores the old connection's subscribers")
  func termination() {
    var machine = Machine()
    let first = machine.subscriberArrived(makeConnection: { "A" })
    let second = machine.subscriberArrived(makeConnection: { "B" })
    expectEqual(machine.sourceTerminated(ticket: first.ticket), "A")
    #expect(machine.sourceTerminated(ticket: second.ticket) == nil)
    let third = machine.subscriberArrived(makeConnection: { "C" })
    expectEqual(third.connect, "C")
    // Subscribers of the finished connection leaving must not disconnect the new one.
    #expect(machine.subscriberLeft(ticket: first.ticket) == nil)
    #expect(machine.subscriberLeft(ticket: second.ticket) == nil)
    expectEqual(machine.count, 1)
    expectEqual(machine.subscriberLeft(ticket: third.ticket), "C")
  }

  @Test("a late event from a connection that ended by disposal changes nothing")
  func staleTicketAfterDisposal() {
    var machine = Machine()
    let first = machine.subscriberArrived(makeConnection: { "A" })
    expectEqual(machine.subscriberLeft(ticket: first.ticket), "A")
    let second = machine.subscriberArrived(makeConnection: { "B" })
    #expect(machine.sourceTerminated(ticket: first.ticket) == nil)
    #expect(machine.subscriberLeft(ticket: first.ticket) == nil)
    expectEqual(machine.count, 1)
    expectEqual(machine.subscriberLeft(ticket: second.ticket), "B")
  }

  @Test("while idle, leaving and termination do nothing")
  func idle() {
    var machine = Machine()
    #expect(machine.subscriberLeft(ticket: 1) == nil)
    #expect(machine.sourceTerminated(ticket: 1) == nil)
    expectEqual(machine.count, 0)
  }
}
