import Testing

@testable import ObservableCore

@Suite("retry(when:) state machine")
struct RetryWhenStateMachineTests {
  @Test("a failure waits for the trigger; its element resubscribes")
  func triggerElement() {
    var machine = _RetryWhenStateMachine()
    let lifetime = _Lifetime()
    #expect(machine.subscribeRequested(lifetime: lifetime) == .subscribe(id: 0))
    #expect(machine.triggerElementArrived() == .none)
    guard case .disposeAndNotify(let failed) = machine.sourceFailed(id: 0, isRetryable: true)
    else {
      Issue.record("expected to wait for the trigger")
      return
    }
    #expect(failed === lifetime)
    #expect(machine.triggerElementArrived() == .resubscribe)
    #expect(machine.triggerElementArrived() == .none)
    #expect(machine.subscribeRequested(lifetime: _Lifetime()) == .subscribe(id: 1))
    #expect(machine.elementArrived(id: 0) == .drop)
    #expect(machine.elementArrived(id: 1) == .forward)
  }

  @Test("the trigger's completion or error while waiting ends the result")
  func triggerEndsWhileWaiting() {
    var completing = _RetryWhenStateMachine()
    _ = completing.subscribeRequested(lifetime: _Lifetime())
    _ = completing.sourceFailed(id: 0, isRetryable: true)
    #expect(completing.triggerCompleted() == .complete)
    #expect(completing.triggerElementArrived() == .none)

    var failing = _RetryWhenStateMachine()
    _ = failing.subscribeRequested(lifetime: _Lifetime())
    _ = failing.sourceFailed(id: 0, isRetryable: true)
    #expect(failing.triggerFailed(TestError()) == .fail)
    #expect(failing.triggerCompleted() == .none)
  }

  @Test("the trigger's completion or error while the source runs applies at the next failure")
  func triggerEndsWhileRunning() {
    var completing = _RetryWhenStateMachine()
    _ = completing.subscribeRequested(lifetime: _Lifetime())
    #expect(completing.triggerCompleted() == .none)
    guard case .complete = completing.sourceFailed(id: 0, isRetryable: true) else {
      Issue.record("expected completion")
      return
    }

    var failing = _RetryWhenStateMachine()
    _ = failing.subscribeRequested(lifetime: _Lifetime())
    #expect(failing.triggerFailed(TestError(id: 4)) == .none)
    guard case .failWithTriggerError(let error) = failing.sourceFailed(id: 0, isRetryable: true)
    else {
      Issue.record("expected the trigger's error")
      return
    }
    #expect(error as? TestError == TestError(id: 4))

    var completingSource = _RetryWhenStateMachine()
    _ = completingSource.subscribeRequested(lifetime: _Lifetime())
    _ = completingSource.triggerCompleted()
    #expect(completingSource.sourceCompleted(id: 0) == .forward)
  }

  @Test("an error of another type fails the result at once")
  func notRetryable() {
    var machine = _RetryWhenStateMachine()
    let lifetime = _Lifetime()
    _ = machine.subscribeRequested(lifetime: lifetime)
    let action = machine.sourceFailed(id: 0, isRetryable: false)
    guard case .fail = action else {
      Issue.record("expected failure")
      return
    }
    #expect(action.isTerminal)
    #expect(machine.disposed() === lifetime)
  }

  @Test("disposal stops everything")
  func disposal() {
    var machine = _RetryWhenStateMachine()
    _ = machine.subscribeRequested(lifetime: _Lifetime())
    _ = machine.sourceFailed(id: 0, isRetryable: true)
    #expect(machine.disposed() == nil)
    #expect(machine.triggerElementArrived() == .none)
    #expect(machine.triggerCompleted() == .none)
    #expect(machine.subscribeRequested(lifetime: _Lifetime()) == .none)
  }
}
