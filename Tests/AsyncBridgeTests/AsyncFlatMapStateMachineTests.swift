import ObservableCore
import ObservableTesting
import Testing

@testable import AsyncBridge

@Suite("async flatMap state machine")
struct AsyncFlatMapStateMachineTests {
  typealias Machine = _AsyncFlatMapStateMachine<Int, String>

  /// A task that does nothing, standing in for a transform's task.
  private func handle() -> Task<Void, Never> { Task {} }

  private func started(_ action: Machine.ElementAction) -> (id: UInt64, element: Int)? {
    switch action {
    case .start(let id, let element): return (id, element)
    case .cancelAndStart(_, let id, let element): return (id, element)
    case .none: return nil
    }
  }

  private func delivered(_ action: Machine.OutcomeAction) -> Event<String>?? {
    switch action {
    case .none: return nil
    case .deliver(let event): return .some(event)
    case .cancelAndDeliver(_, let event, _): return .some(event)
    }
  }

  /// What the deliverer gets after a delivery: the next event, or `nil` once the queue is
  /// empty (with the element whose task then starts, if any).
  private func afterDelivery(_ machine: inout Machine) -> (
    event: Event<String>?, start: (id: UInt64, element: Int)?
  ) {
    switch machine.delivered() {
    case .deliver(let event): return (event, nil)
    case .start(let id, let element): return (nil, (id, element))
    case .stop: return (nil, nil)
    }
  }

  @Test("merge starts a task per element and completes once upstream and tasks are done")
  func merge() {
    var machine = Machine(mode: .merge(limit: nil))
    let first = started(machine.upstreamElement(1))
    let second = started(machine.upstreamElement(2))
    #expect(first?.id == 0 && first?.element == 1)
    #expect(second?.id == 1 && second?.element == 2)
    #expect(delivered(machine.upstreamCompleted()) == nil)
    expectEqual(delivered(machine.taskSucceeded(id: 1, value: "b")), .some(.next("b")))
    #expect(afterDelivery(&machine).event == nil)
    let last = machine.taskSucceeded(id: 0, value: "a")
    expectEqual(delivered(last), .some(.next("a")))
    expectEqual(afterDelivery(&machine).event, .completed)
    #expect(afterDelivery(&machine).event == nil)
    #expect(started(machine.upstreamElement(3)) == nil)
  }

  @Test("concat starts the next element only once the previous result has been delivered")
  func concat() {
    var machine = Machine(mode: .concat)
    expectEqual(started(machine.upstreamElement(1))?.id, 0)
    #expect(started(machine.upstreamElement(2)) == nil)
    // The result is handed to the deliverer; nothing starts while it is being delivered.
    expectEqual(delivered(machine.taskSucceeded(id: 0, value: "a")), .some(.next("a")))
    #expect(started(machine.upstreamElement(3)) == nil)
    let next = afterDelivery(&machine)
    #expect(next.event == nil)
    #expect(next.start?.id == 1 && next.start?.element == 2)
    #expect(machine.nextStart() == nil)
    #expect(delivered(machine.upstreamCompleted()) == nil)
    expectEqual(delivered(machine.taskSucceeded(id: 1, value: "b")), .some(.next("b")))
    expectEqual(afterDelivery(&machine).start?.element, 3)
    // The last result and the completion are delivered in one drain.
    expectEqual(delivered(machine.taskSucceeded(id: 2, value: "c")), .some(.next("c")))
    expectEqual(afterDelivery(&machine).event, .completed)
  }

  @Test("concat starts nothing more once the subscription is disposed during a delivery")
  func concatDisposedDuringDelivery() {
    var machine = Machine(mode: .concat)
    _ = machine.upstreamElement(1)
    _ = machine.upstreamElement(2)
    expectEqual(delivered(machine.taskSucceeded(id: 0, value: "a")), .some(.next("a")))
    // The downstream disposes from inside the delivery (a `take(1)`, say).
    switch machine.disposed() {
    case .cancel(_, let dropped, _): expectEqual(Array(dropped), [2])
    case .none: Issue.record("expected the waiting element to be dropped")
    }
    let next = afterDelivery(&machine)
    #expect(next.event == nil && next.start == nil)
  }

  @Test("merge with a limit starts waiting elements as delivered results free their slots")
  func mergeWithLimit() {
    var machine = Machine(mode: .merge(limit: 2))
    expectEqual(started(machine.upstreamElement(1))?.id, 0)
    expectEqual(started(machine.upstreamElement(2))?.id, 1)
    #expect(started(machine.upstreamElement(3)) == nil)
    #expect(started(machine.upstreamElement(4)) == nil)
    expectEqual(delivered(machine.taskSucceeded(id: 1, value: "b")), .some(.next("b")))
    // Still delivering "b": the other task's result queues, and no slot is free yet.
    expectEqual(delivered(machine.taskSucceeded(id: 0, value: "a")), .some(nil))
    expectEqual(afterDelivery(&machine).event, .next("a"))
    // Both results delivered: both slots free.
    let next = afterDelivery(&machine)
    #expect(next.start?.id == 2 && next.start?.element == 3)
    let more = machine.nextStart()
    #expect(more?.id == 3 && more?.element == 4)
    #expect(machine.nextStart() == nil)
  }

  @Test("latest cancels the registered previous task and drops its late result")
  func latest() {
    var machine = Machine(mode: .latest)
    let first = handle()
    expectEqual(started(machine.upstreamElement(1))?.id, 0)
    switch machine.taskCreated(id: 0, handle: first) {
    case .none: break
    case .cancel: Issue.record("a current task must not be cancelled")
    }
    switch machine.upstreamElement(2) {
    case .cancelAndStart(let previous, let id, let element):
      expectEqual(previous, first)
      #expect(id == 1 && element == 2)
    default:
      Issue.record("expected the previous task to be cancelled")
    }
    #expect(delivered(machine.taskSucceeded(id: 0, value: "stale")) == nil)
    #expect(delivered(machine.taskFailed(id: 0, error: CancellationError())) == nil)
    expectEqual(delivered(machine.taskSucceeded(id: 1, value: "fresh")), .some(.next("fresh")))
  }

  @Test("a task registered after it was superseded is cancelled")
  func lateRegistration() {
    var machine = Machine(mode: .latest)
    _ = machine.upstreamElement(1)
    _ = machine.upstreamElement(2)
    let late = handle()
    switch machine.taskCreated(id: 0, handle: late) {
    case .cancel(let cancelled): expectEqual(cancelled, late)
    case .none: Issue.record("a superseded task must be cancelled")
    }
  }

  @Test("a task error fails the sequence, cancels the other tasks and drops queued elements")
  func taskError() {
    var machine = Machine(mode: .merge(limit: nil))
    _ = machine.upstreamElement(1)
    _ = machine.upstreamElement(2)
    let other = handle()
    _ = machine.taskCreated(id: 1, handle: other)
    switch machine.taskFailed(id: 0, error: RxError.unknown) {
    case .cancelAndDeliver(let handles, let event, _):
      expectEqual(handles, [other])
      expectEqual(event?.error as? RxError, .unknown)
    default:
      Issue.record("expected the error to be delivered and the other task cancelled")
    }
    #expect(delivered(machine.taskSucceeded(id: 1, value: "late")) == nil)
    #expect(delivered(machine.upstreamCompleted()) == nil)
  }

  @Test("an upstream error fails at once, even with tasks running")
  func upstreamError() {
    var machine = Machine(mode: .concat)
    _ = machine.upstreamElement(1)
    _ = machine.upstreamElement(2)
    switch machine.upstreamFailed(RxError.unknown) {
    case .cancelAndDeliver(_, let event, let dropped):
      expectEqual(event?.error as? RxError, .unknown)
      expectEqual(Array(dropped), [2])
    default:
      Issue.record("expected the error to be delivered")
    }
  }

  @Test("completion with nothing running completes at once")
  func immediateCompletion() {
    var machine = Machine(mode: .concat)
    expectEqual(delivered(machine.upstreamCompleted()), .some(.completed))
  }

  @Test("disposal cancels running tasks, drops queued elements and undelivered events")
  func disposal() {
    var machine = Machine(mode: .concat)
    _ = machine.upstreamElement(1)
    let running = handle()
    _ = machine.taskCreated(id: 0, handle: running)
    _ = machine.upstreamElement(2)
    switch machine.disposed() {
    case .cancel(let handles, let dropped, _):
      expectEqual(handles, [running])
      expectEqual(Array(dropped), [2])
    case .none:
      Issue.record("expected the running task to be cancelled")
    }
    #expect(started(machine.upstreamElement(3)) == nil)
    #expect(delivered(machine.taskSucceeded(id: 0, value: "late")) == nil)
  }

  @Test("while one caller delivers, later events queue behind it in order")
  func serializedDelivery() {
    var machine = Machine(mode: .merge(limit: nil))
    _ = machine.upstreamElement(1)
    _ = machine.upstreamElement(2)
    expectEqual(delivered(machine.taskSucceeded(id: 0, value: "a")), .some(.next("a")))
    // The first deliverer has not drained yet: the second result queues.
    expectEqual(delivered(machine.taskSucceeded(id: 1, value: "b")), .some(nil))
    expectEqual(delivered(machine.upstreamCompleted()), .some(nil))
    expectEqual(afterDelivery(&machine).event, .next("b"))
    expectEqual(afterDelivery(&machine).event, .completed)
    #expect(afterDelivery(&machine).event == nil)
  }
}
