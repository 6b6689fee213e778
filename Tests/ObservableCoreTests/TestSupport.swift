import ObservableCore
import ObservableTesting
import Synchronization

/// The error that test sources fail with.
struct TestError: Error, Equatable {
  var id = 0
}

let testError = TestError()

/// A thread-safe box for values captured by `@Sendable` test closures.
final class Box<Value: Sendable>: Sendable {
  private let storage: Mutex<Value>

  init(_ value: Value) {
    storage = Mutex(value)
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
