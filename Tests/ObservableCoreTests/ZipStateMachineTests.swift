import ObservableTesting
import Testing

@testable import ObservableCore

private typealias Machine = _ZipStateMachine<_ZipBuffers2<Int, String>>

/// A readable form of an action: "none", or "deliver" and the event.
private func describe(_ action: Machine.Action) -> String {
  switch action {
  case .none: return "none"
  case .deliver(let event): return "deliver \(event)"
  }
}

private func makeMachine(completesWhenUnpairable: Bool = false) -> Machine {
  Machine(buffers: _ZipBuffers2(), arity: 2, completesWhenUnpairable: completesWhenUnpairable)
}

extension Machine {
  fileprivate mutating func first(_ value: Int) -> String {
    describe(sourceProducedElement(at: 0) { $0.e1.append(value) })
  }

  fileprivate mutating func second(_ value: String) -> String {
    describe(sourceProducedElement(at: 1) { $0.e2.append(value) })
  }
}

@Suite("zip state machine")
struct ZipStateMachineTests {
  @Test("pairs elements by position, buffering the source that is ahead")
  func pairs() {
    var machine = makeMachine()
    expectEqual(machine.first(1), "none")
    expectEqual(machine.first(2), "none")
    expectEqual(machine.second("a"), "deliver next((1, \"a\"))")
    expectEqual(describe(machine.deliveryFinished()), "none")
    expectEqual(machine.second("b"), "deliver next((2, \"b\"))")
    expectEqual(describe(machine.deliveryFinished()), "none")
    expectEqual(machine.second("c"), "none")
  }

  @Test("fixed arity: completes only when every source has completed")
  func completesWhenAllDone() {
    var machine = makeMachine()
    expectEqual(machine.first(1), "none")
    expectEqual(describe(machine.sourceCompleted(at: 1)), "none")
    // Source 0's element can never be paired, but RxSwift's zip(a, b) keeps going.
    expectEqual(machine.first(2), "none")
    expectEqual(describe(machine.sourceCompleted(at: 0)), "deliver completed")
    expectEqual(machine.first(3), "none")
  }

  @Test("collection form: completes when an element can never be paired")
  func completesWhenUnpairable() {
    var machine = makeMachine(completesWhenUnpairable: true)
    expectEqual(machine.first(1), "none")
    expectEqual(describe(machine.sourceCompleted(at: 1)), "none")
    expectEqual(machine.first(2), "deliver completed")
    expectEqual(machine.second("late"), "none")
  }

  @Test("collection form: a completed source with buffered elements can still pair")
  func completedSourceStillPairs() {
    var machine = makeMachine(completesWhenUnpairable: true)
    expectEqual(machine.first(1), "none")
    expectEqual(machine.first(2), "none")
    expectEqual(describe(machine.sourceCompleted(at: 0)), "none")
    expectEqual(machine.second("a"), "deliver next((1, \"a\"))")
    expectEqual(describe(machine.deliveryFinished()), "none")
    expectEqual(machine.second("b"), "deliver next((2, \"b\"))")
    expectEqual(describe(machine.deliveryFinished()), "none")
    expectEqual(machine.second("c"), "deliver completed")
  }

  @Test("a repeated completion of one source does not count twice")
  func repeatedCompletion() {
    var machine = makeMachine()
    expectEqual(describe(machine.sourceCompleted(at: 0)), "none")
    expectEqual(describe(machine.sourceCompleted(at: 0)), "none")
    expectEqual(describe(machine.sourceCompleted(at: 1)), "deliver completed")
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
    // The deliverer is busy: these are queued, not handed out.
    expectEqual(machine.first(2), "none")
    expectEqual(machine.second("b"), "none")
    expectEqual(describe(machine.sourceCompleted(at: 0)), "none")
    expectEqual(describe(machine.sourceCompleted(at: 1)), "none")
    expectEqual(describe(machine.deliveryFinished()), "deliver next((2, \"b\"))")
    expectEqual(describe(machine.deliveryFinished()), "deliver completed")
    expectEqual(describe(machine.deliveryFinished()), "none")
  }

  @Test("disposal drops queued events and buffers, and ignores later events")
  func disposal() {
    var machine = makeMachine()
    expectEqual(machine.first(1), "none")
    expectEqual(machine.second("a"), "deliver next((1, \"a\"))")
    expectEqual(machine.first(2), "none")
    expectEqual(machine.second("b"), "none")
    expectEqual(machine.first(3), "none")
    let released = machine.disposed()
    expectEqual(released.events.count, 1)
    expectEqual(released.buffers.e1.count, 1)
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
    expectEqual(describe(machine.sourceCompleted(at: 0)), "none")
    expectEqual(describe(machine.sourceCompleted(at: 1)), "none")
    let released = machine.resultSelectorFailed()
    expectEqual(released.events.count, 1)
    expectEqual(machine.first(2), "none")
    expectEqual(describe(machine.sourceFailed(TestError())), "none")
  }

  @Test("array buffers pair elements of any number of sources")
  func arrayBuffers() {
    var machine = _ZipStateMachine(
      buffers: _ZipArrayBuffers<Int>(count: 3), arity: 3, completesWhenUnpairable: true)
    func send(_ value: Int, to index: Int) -> String {
      switch machine.sourceProducedElement(at: index, store: { $0.append(value, at: index) }) {
      case .none: return "none"
      case .deliver(let event): return "deliver \(event)"
      }
    }
    expectEqual(send(1, to: 0), "none")
    expectEqual(send(2, to: 0), "none")
    expectEqual(send(10, to: 1), "none")
    expectEqual(send(100, to: 2), "deliver next([1, 10, 100])")
    if case .deliver = machine.deliveryFinished() { Issue.record("nothing else was queued") }
    expectEqual(send(20, to: 1), "none")
    expectEqual(send(200, to: 2), "deliver next([2, 20, 200])")
  }
}

@Suite("zip state machine, 8 sources")
struct ZipEightStateMachineTests {
  // The forms with 3 to 8 sources hold their elements without their types
  // (Operators/Combining/ErasedCombining.swift).
  private typealias Buffers = _ZipArrayBuffers<any Sendable>

  @Test("pairs the oldest element of each of eight sources, leaving the rest buffered")
  func eight() {
    var machine = _ZipStateMachine(
      buffers: Buffers(count: 8), arity: 8, completesWhenUnpairable: false)
    func send(_ index: Int, _ value: any Sendable) -> String {
      switch machine.sourceProducedElement(at: index, store: { $0.append(value, at: index) }) {
      case .none: return "none"
      case .deliver(let event): return "deliver \(event)"
      }
    }
    expectEqual(send(0, 1), "none")
    expectEqual(send(0, 10), "none")
    expectEqual(send(1, "b"), "none")
    expectEqual(send(2, 3), "none")
    expectEqual(send(3, "d"), "none")
    expectEqual(send(4, 5), "none")
    expectEqual(send(5, "f"), "none")
    expectEqual(send(6, 7), "none")
    expectEqual(send(7, true), "deliver next([1, \"b\", 3, \"d\", 5, \"f\", 7, true])")
    if case .deliver = machine.deliveryFinished() { Issue.record("nothing else was queued") }
    expectEqual(send(7, false), "none")
    let released = machine.disposed()
    expectEqual(released.buffers.queues[0].count, 1)
    expectEqual(released.buffers.queues[7].count, 1)
    #expect(released.buffers.queues[1].isEmpty)
  }
}
