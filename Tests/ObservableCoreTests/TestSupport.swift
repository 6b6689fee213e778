import ObservableCore
import ObservableTesting

/// The error that test sources fail with.
struct TestError: Error, Equatable {
  var id = 0
}

let testError = TestError()

/// A thread-safe box for values captured by `@Sendable` test closures.
final class Box<Value: Sendable>: Sendable {
  private let storage: _Mutex<Value>

  init(_ value: Value) {
    storage = _Mutex(value)
  }

  var value: Value {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }

  func mutate<R: Sendable>(_ body: (inout Value) -> R) -> R {
    storage.withLock { body(&$0) }
  }
}

/// A reference whose release tests observe through a `weak` reference.
final class Tracked: Sendable {}

/// Counts calls and detects two calls in progress at once.
final class OverlapDetector: Sendable {
  private let inCall = _Atomic<Bool>(false)
  private let calls = _Atomic<Int>(0)
  private let overlapCount = _Atomic<Int>(0)

  func enter() {
    if !inCall.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent)
      .exchanged
    {
      overlapCount.add(1, ordering: .relaxed)
      return
    }
    calls.add(1, ordering: .relaxed)
    inCall.store(false, ordering: .sequentiallyConsistent)
  }

  var overlaps: Int { overlapCount.load(ordering: .relaxed) }
  var count: Int { calls.load(ordering: .relaxed) }
}
