import Testing

@testable import ObservableCore

private typealias Machine = _WithLatestFromStateMachine<Int, String>

/// A readable form of an action: "none", or "deliver" and the event.
private func describe(_ action: Machine.Action) -> String {
  switch action {
  case .none: return "none"
  case .deliver(let event): return "deliver \(event)"
  }
}

@Suite("withLatestFrom state machine")
struct WithLatestFromStateMachineTests {
  @Test("drops first elements until the second source has produced one")
  func dropsUntilLatest() {
    var machine = Machine()
    #expect(describe(machine.firstProducedElement(1)) == "none")
    #expect(machine.secondProducedElement("a") == nil)
    #expect(describe(machine.firstProducedElement(2)) == "deliver next((2, \"a\"))")
    #expect(describe(machine.deliveryFinished()) == "none")
  }

  @Test("a new latest element replaces the old one, which comes back for release")
  func replacesLatest() {
    var machine = Machine()
    #expect(machine.secondProducedElement("a") == nil)
    #expect(machine.secondProducedElement("b") == "a")
    #expect(describe(machine.firstProducedElement(1)) == "deliver next((1, \"b\"))")
  }

  @Test("the first source's completion ends it")
  func firstCompletes() {
    var machine = Machine()
    #expect(describe(machine.firstCompleted()) == "deliver completed")
    #expect(machine.secondProducedElement("a") == "a")
    #expect(describe(machine.firstProducedElement(1)) == "none")
    #expect(describe(machine.firstCompleted()) == "none")
  }

  @Test("either source's failure ends it once")
  func failure() {
    var machine = Machine()
    #expect(describe(machine.sourceFailed(TestError())) == "deliver error(TestError(id: 0))")
    #expect(describe(machine.sourceFailed(TestError(id: 1))) == "none")
    #expect(describe(machine.firstProducedElement(1)) == "none")
  }

  @Test("while delivering, new events queue up and come out in order, terminal last")
  func serializedDelivery() {
    var machine = Machine()
    _ = machine.secondProducedElement("a")
    #expect(describe(machine.firstProducedElement(1)) == "deliver next((1, \"a\"))")
    #expect(describe(machine.firstProducedElement(2)) == "none")
    _ = machine.secondProducedElement("b")
    #expect(describe(machine.firstProducedElement(3)) == "none")
    #expect(describe(machine.firstCompleted()) == "none")
    #expect(describe(machine.deliveryFinished()) == "deliver next((2, \"a\"))")
    #expect(describe(machine.deliveryFinished()) == "deliver next((3, \"b\"))")
    #expect(describe(machine.deliveryFinished()) == "deliver completed")
    #expect(describe(machine.deliveryFinished()) == "none")
  }

  @Test("disposal drops queued events and the latest element, and ignores later events")
  func disposal() {
    var machine = Machine()
    _ = machine.secondProducedElement("a")
    #expect(describe(machine.firstProducedElement(1)) == "deliver next((1, \"a\"))")
    #expect(describe(machine.firstProducedElement(2)) == "none")
    let released = machine.disposed()
    #expect(released.events.count == 1)
    #expect(released.latest == "a")
    #expect(describe(machine.deliveryFinished()) == "none")
    #expect(describe(machine.firstProducedElement(3)) == "none")
    #expect(describe(machine.firstCompleted()) == "none")
  }

  @Test("a failing result selector drops queued events and ends the machine")
  func resultSelectorFailure() {
    var machine = Machine()
    _ = machine.secondProducedElement("a")
    #expect(describe(machine.firstProducedElement(1)) == "deliver next((1, \"a\"))")
    #expect(describe(machine.firstCompleted()) == "none")
    let released = machine.resultSelectorFailed()
    #expect(released.events.count == 1)
    #expect(describe(machine.firstProducedElement(2)) == "none")
  }
}
