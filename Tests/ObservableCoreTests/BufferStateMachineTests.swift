import Foundation
import ObservableTesting
import Testing

@testable import ObservableCore

@Suite("buffer state machine")
struct BufferStateMachineTests {
  private let now = Date(timeIntervalSince1970: 0)

  @Test("the first window's timer starts with the subscription; each next one after delivery")
  func subscribed() {
    #expect(_BufferStateMachine<Int>.startsTimerAfterDelivery)
    #expect(!_DebounceStateMachine<Int>.startsTimerAfterDelivery)
    var machine = _BufferStateMachine<Int>(timeSpan: .seconds(5), count: 2)
    let timer = machine.subscribed()
    expectEqual(timer?.generation, 0)
    expectEqual(timer?.delay, .seconds(5))
  }

  @Test("a full buffer is emitted, then the next one gets a new timer generation")
  func count() {
    var machine = _BufferStateMachine<Int>(timeSpan: .seconds(5), count: 2)
    guard case .none = machine.elementArrived(1, now: now),
      case .emitAndStartTimer(let buffer, let next, let delay) = machine.elementArrived(
        2, now: now)
    else {
      Issue.record("expected a full buffer")
      return
    }
    expectEqual(buffer, [1, 2])
    expectEqual(next, 1)
    expectEqual(delay, .seconds(5))
    guard case .none = machine.timerFired(generation: 0, now: now) else {
      Issue.record("the old buffer's timer is stale")
      return
    }
    guard case .emitAndStartTimer(let empty, 2, _) = machine.timerFired(generation: 1, now: now)
    else {
      Issue.record("the current timer emits the buffer, even empty")
      return
    }
    #expect(empty.isEmpty)
  }

  @Test("completion emits the last buffer; an error drops it, to be released after the lock")
  func terminals() {
    var completing = _BufferStateMachine<Int>(timeSpan: .seconds(5), count: 5)
    _ = completing.elementArrived(1, now: now)
    guard case .emitAndComplete([1]?) = completing.upstreamCompleted(now: now),
      case .none = completing.upstreamFailed()
    else {
      Issue.record("expected the last buffer, then nothing")
      return
    }
    var failing = _BufferStateMachine<Int>(timeSpan: .seconds(5), count: 5)
    _ = failing.elementArrived(1, now: now)
    guard case .fail(let dropped) = failing.upstreamFailed() else {
      Issue.record("expected a failure")
      return
    }
    expectEqual(dropped, [1])
    let buffer = failing.disposed()
    #expect(buffer.isEmpty)
  }
}
