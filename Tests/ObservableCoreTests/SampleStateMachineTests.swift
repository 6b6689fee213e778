import ObservableTesting
import Testing

@testable import ObservableCore

@Suite("sample state machine")
struct SampleStateMachineTests {
  @Test("a tick emits the latest new element once, or the default value")
  func ticks() {
    var machine = _SampleStateMachine<Int>(defaultValue: -1)
    _ = machine.sourceElement(1)
    let replaced = machine.sourceElement(2)
    expectEqual(replaced, 1)
    guard case .emit(2, thenComplete: false) = machine.samplerTicked(isFinal: false),
      case .emit(-1, thenComplete: false) = machine.samplerTicked(isFinal: false)
    else {
      Issue.record("expected the latest element, then the default")
      return
    }
  }

  @Test("after the source completes, the next tick completes")
  func sourceCompleted() {
    var machine = _SampleStateMachine<Int>(defaultValue: nil)
    _ = machine.sourceElement(1)
    let disposeSource = machine.sourceCompleted()
    #expect(disposeSource)
    guard case .emit(1, thenComplete: true) = machine.samplerTicked(isFinal: false),
      case .none = machine.samplerTicked(isFinal: false)
    else {
      Issue.record("expected the last element with the completion")
      return
    }
  }

  @Test("the sampler's completion is a final tick")
  func samplerCompleted() {
    var machine = _SampleStateMachine<Int>(defaultValue: nil)
    guard case .emit(nil, thenComplete: true) = machine.samplerTicked(isFinal: true),
      case .none = machine.failed()
    else {
      Issue.record("expected a completion")
      return
    }
  }

  @Test("a failure ends everything; disposal hands back the pending element")
  func failureAndDisposal() {
    var failing = _SampleStateMachine<Int>(defaultValue: nil)
    guard case .fail = failing.failed(), case .none = failing.samplerTicked(isFinal: false) else {
      Issue.record("expected a failure, then nothing")
      return
    }
    var disposing = _SampleStateMachine<Int>(defaultValue: nil)
    _ = disposing.sourceElement(5)
    let pending = disposing.disposed()
    expectEqual(pending, 5)
  }
}
