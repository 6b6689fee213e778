import ObservableTesting
import Testing

@testable import ObservableCore

/// Starts the next source of `machine`, returning its id, or `nil` if the machine did not
/// subscribe.
private func start<Policy>(
  _ machine: inout _SequentialStateMachine<Policy>, lifetime: _Lifetime = _Lifetime()
) -> UInt64? {
  guard case .subscribe(let id, _) = machine.sourceStarting(lifetime: lifetime) else {
    return nil
  }
  return id
}

private let source = Observable<Int>.never()

@Suite("sequential engine state machine")
struct SequentialStateMachineTests {
  @Test("runs one source at a time and asks for the next one when the policy says so")
  func sequence() {
    var machine = _SequentialStateMachine(policy: _ConcatOperator<Int>())
    let first = _Lifetime()
    expectEqual(start(&machine, lifetime: first), 0)
    expectEqual(machine.elementArrived(id: 0), .forward)
    guard
      case .disposeAndSubscribeNext(let finished) = machine.sourceTerminated(id: 0, failure: nil)
    else {
      Issue.record("expected the next source")
      return
    }
    #expect(finished === first)
    expectEqual(machine.elementArrived(id: 0), .drop)
    expectEqual(start(&machine), 1)
    guard case .none = machine.sourceTerminated(id: 0, failure: nil) else {
      Issue.record("a stale completion must be ignored")
      return
    }
  }

  @Test("an ending keeps the source for disposal; disposal stops everything")
  func endingAndDisposal() {
    var machine = _SequentialStateMachine(policy: _ConcatOperator<Int>())
    let lifetime = _Lifetime()
    _ = start(&machine, lifetime: lifetime)
    guard case .end(.forward) = machine.sourceTerminated(id: 0, failure: testError) else {
      Issue.record("concat fails with the source's error")
      return
    }
    guard case .none = machine.sourceTerminated(id: 0, failure: testError) else {
      Issue.record("a finished machine drops errors")
      return
    }
    expectEqual(machine.elementArrived(id: 0), .drop)
    #expect(start(&machine) == nil)
    #expect(machine.disposed().lifetime === lifetime)
    #expect(machine.disposed().lifetime == nil)
  }

  @Test("disposal hands back the running source")
  func disposal() {
    var machine = _SequentialStateMachine(policy: _ConcatOperator<Int>())
    let lifetime = _Lifetime()
    _ = start(&machine, lifetime: lifetime)
    #expect(machine.disposed().lifetime === lifetime)
    expectEqual(machine.elementArrived(id: 0), .drop)
    guard machine.sourcesExhausted(nested: false) == nil else {
      Issue.record("nothing after disposal")
      return
    }
  }

  @Test("a pause ends with the next source, or with an outside ending")
  func pause() {
    var resuming = _SequentialStateMachine(policy: _RetryWhenOperator<Int, TestError>())
    _ = start(&resuming)
    let step1 = resuming.resumed { _ in }
    expectEqual(step1, .none)
    guard
      case .disposeAndPause(_, let failure) = resuming.sourceTerminated(id: 0, failure: testError)
    else {
      Issue.record("expected a pause")
      return
    }
    expectEqual(failure, testError)
    let step2 = resuming.resumed { _ in }
    expectEqual(step2, .subscribeNext)
    let step3 = resuming.resumed { _ in }
    expectEqual(step3, .none)
    expectEqual(start(&resuming), 1)

    var ending = _SequentialStateMachine(policy: _RetryWhenOperator<Int, TestError>())
    _ = start(&ending)
    _ = ending.sourceTerminated(id: 0, failure: testError)
    let step4 = ending.pauseEnded(.complete)
    #expect(step4)
    let step5 = ending.pauseEnded(.complete)
    #expect(!step5)
    let step6 = ending.resumed { _ in }
    expectEqual(step6, .none)
    #expect(ending.disposed().lifetime == nil)
  }
}

@Suite("sequential policies")
struct SequentialPolicyTests {
  @Test("concat completes when no source is left")
  func concatExhausted() {
    var machine = _SequentialStateMachine(policy: _ConcatOperator<Int>())
    guard case .complete = machine.sourcesExhausted(nested: false)
    else {
      Issue.record("expected completion")
      return
    }
    #expect(start(&machine) == nil)
  }

  @Test("catch(sequence:) moves on after failures, completes on completion")
  func catchSequence() {
    var machine = _SequentialStateMachine(policy: _CatchSequenceOperator<Int>())
    _ = start(&machine)
    guard case .disposeAndSubscribeNext = machine.sourceTerminated(id: 0, failure: testError) else {
      Issue.record("expected the next source")
      return
    }
    _ = start(&machine)
    guard case .end(.forward) = machine.sourceTerminated(id: 1, failure: nil) else {
      Issue.record("a completion completes the result")
      return
    }
  }

  @Test("catch(sequence:) running out completes, or fails with the last error")
  func catchSequenceExhausted() {
    var empty = _SequentialStateMachine(policy: _CatchSequenceOperator<Int>())
    guard case .complete = empty.sourcesExhausted(nested: false)
    else {
      Issue.record("with no source tried, running out completes")
      return
    }

    var failed = _SequentialStateMachine(policy: _CatchSequenceOperator<Int>())
    _ = start(&failed)
    _ = failed.sourceTerminated(id: 0, failure: TestError(id: 1))
    _ = start(&failed)
    _ = failed.sourceTerminated(id: 1, failure: TestError(id: 2))
    guard
      case .fail(let error) = failed.sourcesExhausted(nested: false)
    else {
      Issue.record("expected the last failure")
      return
    }
    expectEqual(error as? TestError, TestError(id: 2))

    var nested = _SequentialStateMachine(policy: _CatchSequenceOperator<Int>())
    _ = start(&nested)
    _ = nested.sourceTerminated(id: 0, failure: TestError(id: 1))
    guard case .complete = nested.sourcesExhausted(nested: true)
    else {
      Issue.record("an empty nested sequence completes even after failures")
      return
    }
  }

  @Test("catch(sequence:) disposal hands back the last failure")
  func catchSequenceDisposal() {
    var machine = _SequentialStateMachine(policy: _CatchSequenceOperator<Int>())
    _ = start(&machine)
    _ = machine.sourceTerminated(id: 0, failure: TestError(id: 1))
    let second = _Lifetime()
    _ = start(&machine, lifetime: second)
    let disposal = machine.disposed()
    #expect(disposal.lifetime === second)
    expectEqual(disposal.released as? TestError, TestError(id: 1))
  }

  @Test("retry retries while attempts remain, then fails; unlimited always retries")
  func retry() {
    var limited = _SequentialStateMachine(policy: _RetryOperator<Int>(maxAttempts: 2))
    expectEqual(start(&limited), 0)
    guard case .disposeAndSubscribeNext = limited.sourceTerminated(id: 0, failure: testError) else {
      Issue.record("one attempt is left")
      return
    }
    expectEqual(start(&limited), 1)
    guard case .end(.forward) = limited.sourceTerminated(id: 1, failure: testError) else {
      Issue.record("no attempt is left")
      return
    }

    var unlimited = _SequentialStateMachine(policy: _RetryOperator<Int>(maxAttempts: nil))
    for id in UInt64(0)..<100 {
      expectEqual(start(&unlimited), id)
      guard case .disposeAndSubscribeNext = unlimited.sourceTerminated(id: id, failure: testError)
      else {
        Issue.record("expected a retry")
        return
      }
    }
    _ = start(&unlimited)
    guard case .end(.forward) = unlimited.sourceTerminated(id: 100, failure: nil) else {
      Issue.record("a completion completes the result")
      return
    }
  }

  @Test("catch hands out the top handler, then subscribes the fallback with its handlers")
  func catchHandlers() {
    let handler: _CatchHandler<Int> = { _ in .never() }
    var machine = _SequentialStateMachine(
      policy: _CatchOperator<Int>(source: source, handlers: [handler, handler]))
    expectEqual(start(&machine), 0)
    guard case .disposeAndPause = machine.sourceTerminated(id: 0, failure: testError) else {
      Issue.record("expected recovery")
      return
    }
    expectEqual(machine.policy.handlers.count, 1)
    let step7 = machine.resumed { $0.pending = source }
    expectEqual(step7, .subscribeNext)
    expectEqual(start(&machine), 1)
    _ = machine.sourceTerminated(id: 1, failure: testError)
    _ = machine.resumed { $0.pending = source }
    _ = start(&machine)
    guard case .end(.forward) = machine.sourceTerminated(id: 2, failure: testError) else {
      Issue.record("no handler is left")
      return
    }
  }

  @Test("catch disposal while a handler runs drops the fallback and releases the handlers")
  func catchDisposal() {
    let handler: _CatchHandler<Int> = { _ in .never() }
    var machine = _SequentialStateMachine(
      policy: _CatchOperator<Int>(source: source, handlers: [handler, handler]))
    _ = start(&machine)
    _ = machine.sourceTerminated(id: 0, failure: testError)
    let disposal = machine.disposed()
    #expect(disposal.lifetime == nil)
    expectEqual(disposal.released.1.count, 1)
    let step8 = machine.resumed { $0.pending = source }
    expectEqual(step8, .none)
    let step9 = machine.pauseEnded(.fail(testError))
    #expect(!step9)
  }

  @Test("retry(when:): a trigger ending while an attempt runs applies at the next failure")
  func retryWhenTriggerEndsWhileRunning() {
    var completing = _SequentialStateMachine(policy: _RetryWhenOperator<Int, TestError>())
    _ = start(&completing)
    let step10 = completing.pauseEnded(.complete)
    #expect(!step10)
    guard case .end(.complete) = completing.sourceTerminated(id: 0, failure: testError) else {
      Issue.record("expected completion")
      return
    }

    var failing = _SequentialStateMachine(policy: _RetryWhenOperator<Int, TestError>())
    _ = start(&failing)
    let step11 = failing.pauseEnded(.fail(TestError(id: 4)))
    #expect(!step11)
    let step12 = failing.pauseEnded(.complete)
    #expect(!step12)
    guard case .end(.fail(let error)) = failing.sourceTerminated(id: 0, failure: testError) else {
      Issue.record("expected the trigger's error")
      return
    }
    expectEqual(error as? TestError, TestError(id: 4))

    var completingSource = _SequentialStateMachine(policy: _RetryWhenOperator<Int, TestError>())
    _ = start(&completingSource)
    _ = completingSource.pauseEnded(.complete)
    guard case .end(.forward) = completingSource.sourceTerminated(id: 0, failure: nil) else {
      Issue.record("a completing attempt completes the result")
      return
    }
  }

  @Test("retry(when:): an error of another type fails the result at once")
  func retryWhenNotRetryable() {
    var machine = _SequentialStateMachine(policy: _RetryWhenOperator<Int, TestError>())
    let lifetime = _Lifetime()
    _ = start(&machine, lifetime: lifetime)
    guard case .end(.forward) = machine.sourceTerminated(id: 0, failure: RxError.unknown) else {
      Issue.record("expected failure")
      return
    }
    #expect(machine.disposed().lifetime === lifetime)
  }
}
