import Testing

@testable import ObservableCore

@Suite("observe(on:) state machine")
struct ObserveOnStateMachineTests {
  @Test("one drain is scheduled per burst; the drain takes batches until the queue is empty")
  func batches() {
    var machine = _ObserveOnStateMachine<Int>()
    guard case .scheduleDrain = machine.eventArrived(.next(1)),
      case .none = machine.eventArrived(.next(2))
    else {
      Issue.record("expected one drain for two events")
      return
    }
    let first = machine.nextBatch().map { Array($0).map(\.element) }
    #expect(first == [1, 2])
    _ = machine.eventArrived(.next(3))
    let second = machine.nextBatch()
    #expect(second?.count == 1)
    let third = machine.nextBatch()
    #expect(third == nil)
    guard case .scheduleDrain = machine.eventArrived(.next(4)) else {
      Issue.record("after the drain stopped, a new event schedules another")
      return
    }
  }

  @Test("nothing is queued after a terminal event, and the drain stops after it")
  func terminal() {
    var machine = _ObserveOnStateMachine<Int>()
    _ = machine.eventArrived(.next(1))
    _ = machine.eventArrived(.completed)
    guard case .none = machine.eventArrived(.next(2)) else {
      Issue.record("events after the terminal one are dropped")
      return
    }
    let batch = machine.nextBatch()
    #expect(batch?.count == 2)
    let after = machine.nextBatch()
    #expect(after == nil)
  }

  @Test("disposal hands back the undelivered events")
  func disposal() {
    var machine = _ObserveOnStateMachine<Int>()
    _ = machine.eventArrived(.next(1))
    let dropped = machine.disposed()
    #expect(dropped.count == 1)
    let batch = machine.nextBatch()
    #expect(batch == nil)
  }
}
