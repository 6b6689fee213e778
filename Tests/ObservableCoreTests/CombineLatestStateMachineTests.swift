import ObservableTesting
import Testing

@testable import ObservableCore

private typealias Machine = _CombineLatestStateMachine<_Latest2<Int, String>>

/// A readable form of an action: "none", or "deliver" and the event.
private func describe(_ action: Machine.Action) -> String {
  switch action {
  case .none: return "none"
  case .deliver(let event): return "deliver \(event)"
  }
}

private func makeMachine() -> Machine {
  Machine(values: _Latest2(), arity: 2)
}

extension Machine {
  fileprivate mutating func first(_ value: Int) -> String {
    var slot: Int? = value
    return describe(sourceProducedElement(at: 0) { swap(&$0.e1, &slot) })
  }

  fileprivate mutating func second(_ value: String) -> String {
    var slot: String? = value
    return describe(sourceProducedElement(at: 1) { swap(&$0.e2, &slot) })
  }
}

@Suite("combineLatest state machine")
struct CombineLatestStateMachineTests {
  @Test("emits the latest of each source once every source has produced one")
  func latest() {
    var machine = makeMachine()
    expectEqual(machine.first(1), "none")
    expectEqual(machine.first(2), "none")
    expectEqual(machine.second("a"), "deliver next((2, \"a\"))")
    expectEqual(describe(machine.deliveryFinished()), "none")
    expectEqual(machine.first(3), "deliver next((3, \"a\"))")
    expectEqual(describe(machine.deliveryFinished()), "none")
    expectEqual(machine.second("b"), "deliver next((3, \"b\"))")
  }

  @Test("completes when every source has completed")
  func completesWhenAllDone() {
    var machine = makeMachine()
    expectEqual(machine.first(1), "none")
    expectEqual(machine.second("a"), "deliver next((1, \"a\"))")
    expectEqual(describe(machine.deliveryFinished()), "none")
    expectEqual(describe(machine.sourceCompleted(at: 0)), "none")
    // A completed source's latest element still combines.
    expectEqual(machine.second("b"), "deliver next((1, \"b\"))")
    expectEqual(describe(machine.deliveryFinished()), "none")
    expectEqual(describe(machine.sourceCompleted(at: 0)), "none")
    expectEqual(describe(machine.sourceCompleted(at: 1)), "deliver completed")
    expectEqual(machine.first(5), "none")
  }

  @Test("completes early when an element can never combine")
  func completesWhenUncombinable() {
    var machine = makeMachine()
    expectEqual(describe(machine.sourceCompleted(at: 1)), "none")
    expectEqual(machine.first(1), "deliver completed")
  }

  @Test("a source completing without elements does not end it while others are running")
  func emptySourceWaits() {
    var machine = makeMachine()
    expectEqual(describe(machine.sourceCompleted(at: 0)), "none")
    expectEqual(describe(machine.deliveryFinished()), "none")
  }

  @Test("fails at once, and ignores everything afterwards")
  func failure() {
    var machine = makeMachine()
    expectEqual(machine.first(1), "none")
    expectEqual(describe(machine.sourceFailed(TestError())), "deliver error(TestError(id: 0))")
    expectEqual(machine.second("a"), "none")
    expectEqual(describe(machine.sourceFailed(TestError(id: 1))), "none")
    expectEqual(describe(machine.sourceCompleted(at: 0)), "none")
  }

  @Test("while delivering, new events queue up and come out in order, terminal last")
  func serializedDelivery() {
    var machine = makeMachine()
    expectEqual(machine.first(1), "none")
    expectEqual(machine.second("a"), "deliver next((1, \"a\"))")
    expectEqual(machine.first(2), "none")
    expectEqual(machine.second("b"), "none")
    expectEqual(describe(machine.sourceFailed(TestError())), "none")
    expectEqual(describe(machine.deliveryFinished()), "deliver next((2, \"a\"))")
    expectEqual(describe(machine.deliveryFinished()), "deliver next((2, \"b\"))")
    expectEqual(describe(machine.deliveryFinished()), "deliver error(TestError(id: 0))")
    expectEqual(describe(machine.deliveryFinished()), "none")
  }

  @Test("replacing a latest element hands the previous one back")
  func swapsOut() {
    var machine = makeMachine()
    var slot: Int? = 1
    _ = machine.sourceProducedElement(at: 0) { swap(&$0.e1, &slot) }
    #expect(slot == nil)
    slot = 2
    _ = machine.sourceProducedElement(at: 0) { swap(&$0.e1, &slot) }
    expectEqual(slot, 1)
  }

  @Test("disposal drops queued events and latest values, and ignores later events")
  func disposal() {
    var machine = makeMachine()
    expectEqual(machine.first(1), "none")
    expectEqual(machine.second("a"), "deliver next((1, \"a\"))")
    expectEqual(machine.first(2), "none")
    let released = machine.disposed()
    expectEqual(released.events.count, 1)
    expectEqual(released.values.e1, 2)
    expectEqual(describe(machine.deliveryFinished()), "none")
    expectEqual(machine.second("c"), "none")
    expectEqual(describe(machine.sourceCompleted(at: 0)), "none")
    expectEqual(describe(machine.sourceFailed(TestError())), "none")
  }

  @Test("a failing result selector drops queued events and ends the machine")
  func resultSelectorFailure() {
    var machine = makeMachine()
    expectEqual(machine.first(1), "none")
    expectEqual(machine.second("a"), "deliver next((1, \"a\"))")
    expectEqual(machine.first(2), "none")
    let released = machine.resultSelectorFailed()
    expectEqual(released.events.count, 1)
    expectEqual(machine.first(3), "none")
    expectEqual(describe(machine.sourceCompleted(at: 0)), "none")
  }

  @Test("array values combine any number of sources")
  func arrayValues() {
    var machine = _CombineLatestStateMachine(values: _LatestArray<Int>(count: 3), arity: 3)
    func send(_ value: Int, to index: Int) -> String {
      var slot: Int? = value
      switch machine.sourceProducedElement(at: index, store: { $0.swapAt(index, &slot) }) {
      case .none: return "none"
      case .deliver(let event): return "deliver \(event)"
      }
    }
    expectEqual(send(1, to: 0), "none")
    expectEqual(send(2, to: 0), "none")
    expectEqual(send(10, to: 1), "none")
    expectEqual(send(100, to: 2), "deliver next([2, 10, 100])")
    if case .deliver = machine.deliveryFinished() { Issue.record("nothing else was queued") }
    expectEqual(send(20, to: 1), "deliver next([2, 20, 100])")
  }
}

@Suite("combineLatest state machine, 8 sources")
struct CombineLatestEightStateMachineTests {
  // The forms with 3 to 8 sources hold their elements without their types
  // (Operators/Combining/ErasedCombining.swift).
  private typealias Values = _LatestArray<any Sendable>

  @Test("emits only once all eight have a latest element, then on every replacement")
  func eight() {
    var machine = _CombineLatestStateMachine(values: Values(count: 8), arity: 8)
    func send(_ index: Int, _ value: any Sendable) -> String {
      var slot: (any Sendable)? = value
      switch machine.sourceProducedElement(at: index, store: { $0.swapAt(index, &slot) }) {
      case .none: return "none"
      case .deliver(let event): return "deliver \(event)"
      }
    }
    let firsts: [any Sendable] = [1, "b", 3, "d", 5, "f", 7]
    for (index, value) in firsts.enumerated() {
      expectEqual(send(index, value), "none", "source \(index)")
    }
    expectEqual(send(7, true), "deliver next([1, \"b\", 3, \"d\", 5, \"f\", 7, true])")
    if case .deliver = machine.deliveryFinished() { Issue.record("nothing else was queued") }
    expectEqual(send(2, 30), "deliver next([1, \"b\", 30, \"d\", 5, \"f\", 7, true])")
    let released = machine.disposed()
    expectEqual(released.values.elements[2] as? Int, 30)
    expectEqual(send(0, 2), "none")
  }
}
