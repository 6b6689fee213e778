import ObservableTesting
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
    expectEqual(first, [1, 2])
    _ = machine.eventArrived(.next(3))
    let second = machine.nextBatch()
    expectEqual(second?.count, 1)
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
    expectEqual(batch?.count, 2)
    let after = machine.nextBatch()
    #expect(after == nil)
  }

  @Test("disposal hands back the undelivered events")
  func disposal() {
    var machine = _ObserveOnStateMachine<Int>()
    _ = machine.eventArrived(.next(1))
    let dropped = machine.disposed()
    expectEqual(dropped.count, 1)
    let batch = machine.nextBatch()
    #expect(batch == nil)
  }
}

extension ObserveOnStateMachineTests {
  @Test("one event per action: each delivery asks for another action while events wait")
  func oneEventPerAction() {
    var machine = _ObserveOnStateMachine<Int>()
    guard case .scheduleDrain = machine.eventArrived(.next(1)),
      case .none = machine.eventArrived(.next(2))
    else {
      Issue.record("expected one action for two events")
      return
    }
    expectEqual(machine.takeOne()?.element, 1)
    // An event arriving during the delivery joins the queue; no new action is asked for.
    guard case .none = machine.eventArrived(.next(3)) else {
      Issue.record("an arrival while an action runs schedules nothing")
      return
    }
    expectEqual(machine.eventDelivered(), true)
    expectEqual(machine.takeOne()?.element, 2)
    expectEqual(machine.eventDelivered(), true)
    expectEqual(machine.takeOne()?.element, 3)
    expectEqual(machine.eventDelivered(), false)
    guard case .scheduleDrain = machine.eventArrived(.next(4)) else {
      Issue.record("after the queue ran dry, a new event schedules another action")
      return
    }
  }

  @Test("one event per action: the terminal event ends it, later events are dropped")
  func oneEventPerActionTerminal() {
    var machine = _ObserveOnStateMachine<Int>()
    _ = machine.eventArrived(.next(1))
    _ = machine.eventArrived(.completed)
    expectEqual(machine.takeOne()?.element, 1)
    expectEqual(machine.eventDelivered(), true)
    expectEqual(machine.takeOne()?.isStopEvent, true)
    #expect(machine.takeOne() == nil)
    expectEqual(machine.eventDelivered(), false)
    guard case .none = machine.eventArrived(.next(2)) else {
      Issue.record("nothing is accepted after the terminal event")
      return
    }
  }

  @Test("one event per action: disposal between actions hands back what waits")
  func oneEventPerActionDisposal() {
    var machine = _ObserveOnStateMachine<Int>()
    _ = machine.eventArrived(.next(1))
    _ = machine.eventArrived(.next(2))
    expectEqual(machine.takeOne()?.element, 1)
    expectEqual(machine.disposed().count, 1)
    expectEqual(machine.eventDelivered(), false)
    #expect(machine.takeOne() == nil)
  }

  @Test("the drained batch's storage becomes the queue for the next events: two buffers take turns")
  func buffersTakeTurns() {
    var machine = _ObserveOnStateMachine<Int>()
    var batch = _Queue<Event<Int>>()
    func address(_ queue: _Queue<Event<Int>>) -> UnsafeRawPointer? {
      queue.storage.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    for value in 1...3 { _ = machine.eventArrived(.next(value)) }
    var taken = machine.takeBatch(into: &batch)
    #expect(taken)
    expectEqual(batch.map(\.element), [1, 2, 3])
    let first = address(batch)
    batch.removeAllKeepingCapacity()

    for value in 4...5 { _ = machine.eventArrived(.next(value)) }
    taken = machine.takeBatch(into: &batch)
    #expect(taken)
    expectEqual(batch.map(\.element), [4, 5])
    let second = address(batch)
    #expect(second != first)
    batch.removeAllKeepingCapacity()

    // The first buffer, emptied, is the queue now, with its capacity, before any event arrives.
    do {
      guard case .running(let queue, _, _) = machine.state else {
        Issue.record("the machine is still running")
        return
      }
      #expect(queue.isEmpty)
      #expect(queue.storage.count >= 3)
      expectEqual(address(queue), first)
    }
    // (The copy above is gone, so the buffer is unshared again and takes event 6 in place.)
    _ = machine.eventArrived(.next(6))
    _ = machine.eventArrived(.completed)
    taken = machine.takeBatch(into: &batch)
    #expect(taken)
    expectEqual(batch.map(\.element), [6, nil])
    expectEqual(address(batch), first)
    batch.removeAllKeepingCapacity()
    taken = machine.takeBatch(into: &batch)
    #expect(!taken)
  }
}

extension ObserveOnStateMachineTests {
  @Test(
    "a drain that stops keeps its batch's storage as the queue: one event per drain allocates nothing"
  )
  func stoppingDrainKeepsStorage() {
    var machine = _ObserveOnStateMachine<Int>()
    // What MainScheduler on the main queue does: every event's drain runs at once and stops,
    // and each drain starts with a new, empty batch (as `_ObserveOnStorage.drain()` does).
    for value in 1...3 {
      let arrived = machine.eventArrived(.next(value))
      expectEqual(arrived, .scheduleDrain)
      if value > 1 {
        // The event went into the storage the previous drain handed back.
        guard case .running(let queue, _, _) = machine.state else {
          Issue.record("the machine is still running")
          return
        }
        #expect(queue.capacity >= 1)
      }
      var batch = _Queue<Event<Int>>()
      let taken = machine.takeBatch(into: &batch)
      #expect(taken)
      expectEqual(batch.map(\.element), [value])
      batch.removeAllKeepingCapacity()
      let takenAgain = machine.takeBatch(into: &batch)
      #expect(!takenAgain)
      expectEqual(batch.capacity, 0)
      guard case .running(let queue, let isDraining, _) = machine.state else {
        Issue.record("the machine is still running")
        return
      }
      #expect(!isDraining)
      #expect(queue.isEmpty)
      #expect(queue.capacity >= 1)
    }
  }
}

extension ObserveOnStateMachineTests {
  @Test("where a drain runs at once, an event with nothing queued or draining skips the queue")
  func atOnceSkipsQueue() {
    var machine = _ObserveOnStateMachine<Int>()
    #expect(machine.eventArrivedWhereDrainRunsAtOnce(.next(1)) == .deliverNow)
    // Delivering it counts as a drain: an event sent from inside the delivery waits for it.
    #expect(machine.eventArrivedWhereDrainRunsAtOnce(.next(2)) == .none)
    #expect(machine.eventArrived(.next(3)) == .none)
    #expect(machine.nextBatch().map { Array($0).map(\.element) } == [2, 3])
    #expect(machine.nextBatch() == nil)
    // The drain stopped: the next event skips the queue again.
    #expect(machine.eventArrivedWhereDrainRunsAtOnce(.next(4)) == .deliverNow)
  }

  @Test("where a drain runs at once, an event behind a scheduled drain waits in the queue")
  func atOnceBehindScheduledDrain() {
    var machine = _ObserveOnStateMachine<Int>()
    // An event from another thread scheduled a drain on the main queue that has not run yet.
    #expect(machine.eventArrived(.next(1)) == .scheduleDrain)
    #expect(machine.eventArrivedWhereDrainRunsAtOnce(.next(2)) == .none)
    #expect(machine.nextBatch().map { Array($0).map(\.element) } == [1, 2])
  }

  @Test("where a drain runs at once, a terminal event delivered at once ends the machine")
  func atOnceTerminal() {
    var machine = _ObserveOnStateMachine<Int>()
    expectEqual(machine.eventArrivedWhereDrainRunsAtOnce(.completed), .deliverNow)
    expectEqual(machine.eventArrivedWhereDrainRunsAtOnce(.next(1)), .none)
    expectEqual(machine.eventArrived(.next(2)), .none)
    #expect(machine.nextBatch() == nil)
  }
}

extension ObserveOnStateMachineTests {
  @Test("a paused drain puts back what it did not deliver, ahead of what arrived meanwhile")
  func pausedDrainPutsBack() {
    var machine = _ObserveOnStateMachine<Int>()
    _ = machine.eventArrived(.next(1))
    _ = machine.eventArrived(.next(2))
    _ = machine.eventArrived(.next(3))
    guard var batch = machine.nextBatch() else {
      Issue.record("expected a batch")
      return
    }
    let first = batch.popFirst()
    expectEqual(first?.element, 1)
    guard case .none = machine.eventArrived(.next(4)) else {
      Issue.record("a paused drain is still the running one: no other is scheduled")
      return
    }
    let continued = machine.drainPaused(remaining: &batch)
    #expect(continued)
    #expect(batch.isEmpty)
    guard case .none = machine.eventArrived(.next(5)) else {
      Issue.record("after a pause, the continuation is the drain: no other is scheduled")
      return
    }
    let resumed = machine.nextBatch().map { Array($0).map(\.element) }
    expectEqual(resumed, [2, 3, 4, 5])
    #expect(machine.nextBatch() == nil)
  }

  @Test("a drain that pauses in the batch holding the terminal event puts it back too")
  func pausedDrainKeepsTerminal() {
    var machine = _ObserveOnStateMachine<Int>()
    _ = machine.eventArrived(.next(1))
    _ = machine.eventArrived(.next(2))
    _ = machine.eventArrived(.completed)
    guard var batch = machine.nextBatch() else {
      Issue.record("expected a batch")
      return
    }
    let first = batch.popFirst()
    expectEqual(first?.element, 1)
    let continued = machine.drainPaused(remaining: &batch)
    #expect(continued)
    let resumed = machine.nextBatch().map { Array($0) }
    expectEqual(resumed?.count, 2)
    expectEqual(resumed?.last?.isCompleted, true)
    guard case .none = machine.eventArrived(.next(3)) else {
      Issue.record("events after the terminal one are dropped")
      return
    }
  }

  @Test("a drain that pauses after disposal is not continued, and drops what it held")
  func pausedDrainAfterDisposal() {
    var machine = _ObserveOnStateMachine<Int>()
    _ = machine.eventArrived(.next(1))
    _ = machine.eventArrived(.next(2))
    guard var batch = machine.nextBatch() else {
      Issue.record("expected a batch")
      return
    }
    _ = machine.disposed()
    let continued = machine.drainPaused(remaining: &batch)
    #expect(!continued)
    #expect(batch.isEmpty)
    #expect(machine.nextBatch() == nil)
  }
}

extension _ObserveOnStateMachine {
  /// `takeBatch(into:)` with a new queue each time, for tests that do not look at storage.
  ///
  /// - Returns: The events to deliver, in order, or `nil` if the drain must stop.
  fileprivate mutating func nextBatch() -> _Queue<Event<Element>>? {
    var batch = _Queue<Event<Element>>()
    return takeBatch(into: &batch) ? batch : nil
  }
}
