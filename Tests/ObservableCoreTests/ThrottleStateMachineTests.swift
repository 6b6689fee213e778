import Dispatch
import ObservableTesting
import Testing

@testable import ObservableCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite("throttle state machine")
struct ThrottleStateMachineTests {
  private func time(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }

  @Test("the first element passes; one inside the window starts a timer for the rest of it")
  func firstPassesThenTimer() {
    var machine = _ThrottleStateMachine<Int>(dueTime: .seconds(10), latest: true)
    guard case .emit(1) = machine.elementArrived(1, now: time(100)) else {
      Issue.record("the first element passes")
      return
    }
    guard case .startTimer(let generation, let delay) = machine.elementArrived(2, now: time(104))
    else {
      Issue.record("expected a timer")
      return
    }
    expectEqual(delay, .nanoseconds(6_000_000_000))
    guard case .none = machine.elementArrived(3, now: time(105)) else {
      Issue.record("a newer element replaces the waiting one without a new timer")
      return
    }
    guard
      case .emit(3) = machine.timerFired(
        generation: generation, now: time(110))
    else {
      Issue.record("the timer emits the latest element")
      return
    }
    guard case .startTimer = machine.elementArrived(4, now: time(111)) else {
      Issue.record("the window restarts at the timer's emission")
      return
    }
  }

  @Test("without latest, elements inside the window are dropped")
  func notLatest() {
    var machine = _ThrottleStateMachine<Int>(dueTime: .seconds(10), latest: false)
    _ = machine.elementArrived(1, now: time(0))
    guard case .none = machine.elementArrived(2, now: time(5)),
      case .emit(3) = machine.elementArrived(3, now: time(10))
    else {
      Issue.record("expected a drop, then an emission at the end of the window")
      return
    }
  }

  @Test("completion waits for the waiting element, then completes with it")
  func completionWaits() {
    var machine = _ThrottleStateMachine<Int>(dueTime: .seconds(10), latest: true)
    _ = machine.elementArrived(1, now: time(0))
    guard case .startTimer(let generation, _) = machine.elementArrived(2, now: time(1)),
      case .none = machine.upstreamCompleted(now: time(2)),
      case .emitAndComplete(2) = machine.timerFired(generation: generation, now: time(10)),
      case .none = machine.upstreamFailed()
    else {
      Issue.record("expected a delayed completion")
      return
    }
  }

  @Test("a stale timer does nothing, and disposal hands back the waiting element")
  func staleAndDisposed() {
    var machine = _ThrottleStateMachine<Int>(dueTime: .seconds(10), latest: true)
    _ = machine.elementArrived(1, now: time(0))
    guard case .startTimer(let generation, _) = machine.elementArrived(2, now: time(1)) else {
      Issue.record("expected a timer")
      return
    }
    guard case .none = machine.timerFired(generation: generation &+ 5, now: time(10)) else {
      Issue.record("a stale timer must not emit")
      return
    }
    let waiting = machine.disposed()
    expectEqual(waiting, 2)
    guard case .none = machine.elementArrived(3, now: time(50)) else {
      Issue.record("nothing after disposal")
      return
    }
  }
}
