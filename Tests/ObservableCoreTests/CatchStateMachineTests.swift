import Testing

@testable import ObservableCore

@Suite("catch state machine")
struct CatchStateMachineTests {
  @Test("subscribes the source, and on its error hands out the top handler")
  func recovers() {
    var machine = _CatchStateMachine<String, Int>(source: "source", handlers: [1])
    let lifetime = _Lifetime()
    guard case .subscribe(let source, let id) = machine.subscribeRequested(lifetime: lifetime)
    else {
      Issue.record("expected subscribe")
      return
    }
    #expect(source == "source")
    #expect(machine.elementArrived(id: id) == .forward)
    guard case .recover(let handler, let failed) = machine.sourceFailed(id: id) else {
      Issue.record("expected recovery")
      return
    }
    #expect(handler == 1)
    #expect(failed === lifetime)
    #expect(machine.elementArrived(id: id) == .drop)
    #expect(machine.fallbackArrived("fallback", nestedHandlers: []) == .subscribeFallback)
    guard
      case .subscribe(let fallback, let next) = machine.subscribeRequested(
        lifetime: _Lifetime())
    else {
      Issue.record("expected the fallback")
      return
    }
    #expect(fallback == "fallback")
    guard case .fail = machine.sourceFailed(id: next) else {
      Issue.record("no handler is left")
      return
    }
  }

  @Test("nested handlers go on top of the stack and are consumed first")
  func nestedHandlers() {
    var machine = _CatchStateMachine<String, Int>(source: "s", handlers: [3, 2])
    guard case .subscribe(_, let id) = machine.subscribeRequested(lifetime: _Lifetime()) else {
      Issue.record("expected subscribe")
      return
    }
    guard case .recover(let first, _) = machine.sourceFailed(id: id) else {
      Issue.record("expected recovery")
      return
    }
    #expect(first == 2)
    _ = machine.fallbackArrived("f", nestedHandlers: [7])
    #expect(machine.handlerCount == 2)
    guard case .subscribe(_, let next) = machine.subscribeRequested(lifetime: _Lifetime()) else {
      Issue.record("expected subscribe")
      return
    }
    guard case .recover(let second, _) = machine.sourceFailed(id: next) else {
      Issue.record("expected recovery")
      return
    }
    #expect(second == 7)
  }

  @Test("completion finishes the machine; a throwing handler fails it")
  func completionAndHandlerFailure() {
    var completing = _CatchStateMachine<String, Int>(source: "s", handlers: [1])
    guard case .subscribe(_, let id) = completing.subscribeRequested(lifetime: _Lifetime())
    else {
      Issue.record("expected subscribe")
      return
    }
    #expect(completing.sourceCompleted(id: id) == .forward)
    #expect(completing.sourceCompleted(id: id) == .drop)
    guard case .drop = completing.sourceFailed(id: id) else {
      Issue.record("a finished machine drops errors")
      return
    }

    var failing = _CatchStateMachine<String, Int>(source: "s", handlers: [1])
    guard case .subscribe(_, let failingID) = failing.subscribeRequested(lifetime: _Lifetime())
    else {
      Issue.record("expected subscribe")
      return
    }
    _ = failing.sourceFailed(id: failingID)
    #expect(failing.handlerFailed() == .fail)
    guard case .none = failing.subscribeRequested(lifetime: _Lifetime()) else {
      Issue.record("a finished machine subscribes nothing")
      return
    }
  }

  @Test("disposal while a handler runs drops the fallback")
  func disposalWhileRecovering() {
    var machine = _CatchStateMachine<String, Int>(source: "s", handlers: [1])
    guard case .subscribe(_, let id) = machine.subscribeRequested(lifetime: _Lifetime()) else {
      Issue.record("expected subscribe")
      return
    }
    _ = machine.sourceFailed(id: id)
    let disposal = machine.disposed()
    #expect(disposal.lifetime == nil)
    #expect(machine.fallbackArrived("f", nestedHandlers: []) == .none)
    #expect(machine.handlerFailed() == .none)
  }

  @Test("disposal hands back the running source's lifetime and the handlers")
  func disposal() {
    var machine = _CatchStateMachine<String, Int>(source: "s", handlers: [1, 2])
    let lifetime = _Lifetime()
    _ = machine.subscribeRequested(lifetime: lifetime)
    let disposal = machine.disposed()
    #expect(disposal.lifetime === lifetime)
    #expect(disposal.released.1 == [1, 2])
    #expect(machine.handlerCount == 0)
  }
}
