import Testing

@testable import ObservableCore

@Suite("buffer state machine")
struct BufferStateMachineTests {
  @Test("a full buffer is emitted and the next one gets a new timer generation")
  func count() {
    var machine = _BufferStateMachine<Int>(count: 2)
    guard case .none = machine.elementArrived(1),
      case .emit(let buffer, let next) = machine.elementArrived(2)
    else {
      Issue.record("expected a full buffer")
      return
    }
    #expect(buffer == [1, 2])
    #expect(next == 1)
    guard case .none = machine.timerFired(generation: 0) else {
      Issue.record("the old buffer's timer is stale")
      return
    }
    guard case .emit(let empty, 2) = machine.timerFired(generation: 1) else {
      Issue.record("the current timer emits the buffer, even empty")
      return
    }
    #expect(empty.isEmpty)
  }

  @Test("completion emits the last buffer; an error drops it")
  func terminals() {
    var completing = _BufferStateMachine<Int>(count: 5)
    _ = completing.elementArrived(1)
    guard case .emitAndComplete([1]) = completing.upstreamCompleted(),
      case .none = completing.upstreamFailed()
    else {
      Issue.record("expected the last buffer, then nothing")
      return
    }
    var failing = _BufferStateMachine<Int>(count: 5)
    _ = failing.elementArrived(1)
    guard case .fail = failing.upstreamFailed() else {
      Issue.record("expected a failure")
      return
    }
    let buffer = failing.disposed()
    #expect(buffer.isEmpty)
  }
}
