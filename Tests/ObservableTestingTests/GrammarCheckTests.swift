import Dispatch
import ObservableCore
import Testing

@testable import ObservableTesting

/// A clock whose first reading blocks until the test lets it go, so that a call into a
/// ``TestableObserver`` can be held in progress while another one arrives.
private final class GateClock: SchedulerClock {
  let entered = DispatchSemaphore(value: 0)
  let release = DispatchSemaphore(value: 0)
  private let readings = _Mutex(0)

  var currentTestTime: TestTime {
    let first = readings.withLock { count -> Bool in
      count += 1
      return count == 1
    }
    if first {
      entered.signal()
      release.wait()
    }
    return 0
  }
}

@Suite("TestableObserver: each grammar violation fails the test")
struct GrammarCheckTests {
  @Test("an element after completion")
  func elementAfterCompletion() {
    let observer = TestableObserver<Int>()
    observer.onCompleted()
    withKnownIssue("next after a terminal event") {
      observer.onNext(1)
    }
    expectEqual(observer.grammarViolations.count, 1)
  }

  @Test("an element after an error")
  func elementAfterError() {
    let observer = TestableObserver<Int>()
    observer.onError(TestFailure())
    withKnownIssue("next after a terminal event") {
      observer.onNext(1)
    }
    expectEqual(observer.grammarViolations.count, 1)
  }

  @Test("two terminal events, in each order")
  func twoTerminalEvents() {
    let completedFirst = TestableObserver<Int>()
    completedFirst.onCompleted()
    withKnownIssue("a second terminal event") {
      completedFirst.onError(TestFailure())
    }
    let failedFirst = TestableObserver<Int>()
    failedFirst.onError(TestFailure())
    withKnownIssue("a second terminal event") {
      failedFirst.onCompleted()
    }
    expectEqual(completedFirst.grammarViolations.count, 1)
    expectEqual(failedFirst.grammarViolations.count, 1)
  }

  @Test("a call from another thread while one is in progress")
  func overlappingCalls() {
    let clock = GateClock()
    let observer = TestableObserver<Int>(scheduler: clock)
    let done = DispatchSemaphore(value: 0)
    // The first call stops inside `on`, after it has marked itself in progress.
    DispatchQueue.global().async {
      observer.onNext(1)
      done.signal()
    }
    clock.entered.wait()
    withKnownIssue("overlapping calls") {
      observer.onNext(2)
    }
    clock.release.signal()
    done.wait()
    expectEqual(observer.grammarViolations.count, 1)
    expectEqual(observer.grammarViolations.first?.hasPrefix("overlapping calls"), true)
    expectEqual(Set(observer.elements), [1, 2])
  }

  @Test("calls one after another from different threads are not overlapping")
  func sequentialCallsFromThreads() {
    let observer = TestableObserver<Int>()
    for value in 0..<100 {
      DispatchQueue.global().sync { observer.onNext(value) }
    }
    observer.onCompleted()
    #expect(observer.grammarViolations.isEmpty)
    expectEqual(observer.elements, Array(0..<100))
  }
}

private struct TestFailure: Error {}
