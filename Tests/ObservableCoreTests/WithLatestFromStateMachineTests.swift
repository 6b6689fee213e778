import ObservableTesting
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
    expectEqual(describe(machine.firstProducedElement(1)), "none")
    #expect(machine.secondProducedElement("a") == nil)
    expectEqual(describe(machine.firstProducedElement(2)), "deliver next((2, \"a\"))")
    expectEqual(describe(machine.deliveryFinished()), "none")
  }

  @Test("a new latest element replaces the old one, which comes back for release")
  func replacesLatest() {
    var machine = Machine()
    #expect(machine.secondProducedElement("a") == nil)
    expectEqual(machine.secondProducedElement("b"), "a")
    expectEqual(describe(machine.firstProducedElement(1)), "deliver next((1, \"b\"))")
  }

  @Test("the first source's completion ends it")
  func firstCompletes() {
    var machine = Machine()
    expectEqual(describe(machine.firstCompleted()), "deliver completed")
    expectEqual(machine.secondProducedElement("a"), "a")
    expectEqual(describe(machine.firstProducedElement(1)), "none")
    expectEqual(describe(machine.firstCompleted()), "none")
  }

  @Test("either source's failure ends it once")
  func failure() {
    var machine = Machine()
    expectEqual(describe(machine.sourceFailed(TestError())), "deliver error(TestError(id: 0))")
    expectEqual(describe(machine.sourceFailed(TestError(id: 1))), "none")
    expectEqual(describe(machine.firstProducedElement(1)), "none")
  }

  @Test("while delivering, new events queue up and come out in order, terminal last")
  func serializedDelivery() {
    var machine = Machine()
    _ = machine.secondProducedElement("a")
    expectEqual(describe(machine.firstProducedElement(1)), "deliver next((1, \"a\"))")
    expectEqual(describe(machine.firstProducedElement(2)), "none")
    _ = machine.secondProducedElement("b")
    expectEqual(describe(machine.firstProducedElement(3)), "none")
    expectEqual(describe(machine.firstCompleted()), "none")
    expectEqual(describe(machine.deliveryFinished()), "deliver next((2, \"a\"))")
    expectEqual(describe(machine.deliveryFinished()), "deliver next((3, \"b\"))")
    expectEqual(describe(machine.deliveryFinished()), "deliver completed")
    expectEqual(describe(machine.deliveryFinished()), "none")
  }

  @Test("disposal drops queued events and the latest element, and ignores later events")
  func disposal() {
    var machine = Machine()
    _ = machine.secondProducedElement("a")
    expectEqual(describe(machine.firstProducedElement(1)), "deliver next((1, \"a\"))")
    expectEqual(describe(machine.firstProducedElement(2)), "none")
    let released = machine.disposed()
    expectEqual(released.events.count, 1)
    expectEqual(released.latest, "a")
    expectEqual(describe(machine.deliveryFinished()), "none")
    expectEqual(describe(machine.firstProducedElement(3)), "none")
    expectEqual(describe(machine.firstCompleted()), "none")
  }

  @Test("a failing result selector drops queued events and ends the machine")
  func resultSelectorFailure() {
    var machine = Machine()
    _ = machine.secondProducedElement("a")
    expectEqual(describe(machine.firstProducedElement(1)), "deliver next((1, \"a\"))")
    expectEqual(describe(machine.firstCompleted()), "none")
    let released = machine.resultSelectorFailed()
    expectEqual(released.events.count, 1)
    expectEqual(describe(machine.firstProducedElement(2)), "none")
  }
}
