import Testing

@testable import ObservableCore

@Suite("retry state machine")
struct RetryStateMachineTests {
  @Test("retries while attempts remain, then fails")
  func limitedAttempts() {
    var machine = _RetryStateMachine(maxAttempts: 2)
    #expect(machine.subscribeRequested(lifetime: _Lifetime()) == .subscribe(id: 0))
    guard case .disposeAndRetry = machine.sourceFailed(id: 0) else {
      Issue.record("one attempt is left")
      return
    }
    #expect(machine.subscribeRequested(lifetime: _Lifetime()) == .subscribe(id: 1))
    guard case .fail = machine.sourceFailed(id: 1) else {
      Issue.record("no attempt is left")
      return
    }
    #expect(machine.subscribeRequested(lifetime: _Lifetime()) == .none)
  }

  @Test("unlimited attempts always retry; stale events are dropped")
  func unlimited() {
    var machine = _RetryStateMachine(maxAttempts: nil)
    for id in UInt64(0)..<100 {
      #expect(machine.subscribeRequested(lifetime: _Lifetime()) == .subscribe(id: id))
      #expect(machine.elementArrived(id: id) == .forward)
      guard case .disposeAndRetry = machine.sourceFailed(id: id) else {
        Issue.record("expected a retry")
        return
      }
      #expect(machine.elementArrived(id: id) == .drop)
    }
  }

  @Test("completion finishes the machine and keeps the attempt for disposal")
  func completion() {
    var machine = _RetryStateMachine(maxAttempts: 3)
    let lifetime = _Lifetime()
    _ = machine.subscribeRequested(lifetime: lifetime)
    #expect(machine.sourceCompleted(id: 0) == .forward)
    #expect(machine.sourceCompleted(id: 0) == .drop)
    guard case .drop = machine.sourceFailed(id: 0) else {
      Issue.record("a finished machine drops errors")
      return
    }
    #expect(machine.disposed() === lifetime)
    #expect(machine.disposed() == nil)
  }

  @Test("disposal stops everything")
  func disposal() {
    var machine = _RetryStateMachine(maxAttempts: nil)
    let lifetime = _Lifetime()
    _ = machine.subscribeRequested(lifetime: lifetime)
    #expect(machine.disposed() === lifetime)
    #expect(machine.elementArrived(id: 0) == .drop)
    #expect(machine.subscribeRequested(lifetime: _Lifetime()) == .none)
  }
}
