import ObservableCore
import Testing

/// The error that test sources fail with.
struct TestError: Error, Equatable {
  var id = 0
}

let testError = TestError()

/// A thread-safe box for values captured by `@Sendable` test closures; `_Mutex`, so that
/// ThreadSanitizer sees its handoffs.
final class Box<Value: Sendable>: Sendable {
  private let storage: _Mutex<Value>

  init(_ value: Value) {
    storage = _Mutex(value)
  }

  var value: Value {
    storage.withLock { $0 }
  }

  func mutate<R: Sendable>(_ body: (inout Value) -> R) -> R {
    storage.withLock { body(&$0) }
  }

  func append<Element>(_ element: Element) where Value == [Element] {
    storage.withLock { $0.append(element) }
  }
}

/// An object for `drive(with:)` and `emit(with:)` tests.
final class Owner: Sendable {}

/// A scheduler that runs work on the calling thread at once (through `CurrentThreadScheduler`),
/// so that drive and emit tests can check effects right after causing them.
///
/// Timed work is not used by the tests that take it; it fails the test.
struct SynchronousScheduler: SchedulerType {
  var now: RxTime { RxTime() }

  func schedule<StateType: Sendable>(
    _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    CurrentThreadScheduler.instance.schedule(state, action: action)
  }

  func scheduleRelative<StateType: Sendable>(
    _ state: StateType, dueTime: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    Issue.record("SynchronousScheduler does not run timed work")
    return Disposables.create()
  }
}
