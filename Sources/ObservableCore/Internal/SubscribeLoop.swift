import Synchronization

/// Runs "subscribe the next source" steps one after another in a loop, never recursively.
///
/// Not public API.
///
/// Operators that resubscribe (`concat`, `catch`, `retry`, `retry(when:)`, and `merge` with a
/// concurrency limit) must not grow the stack when a source terminates synchronously inside
/// `subscribe`: that source's terminal event asks for the next step while the current step is
/// still on the stack. Every such request goes through ``run(_:)``:
///
/// - If no step is running, the caller becomes the runner and performs the step now.
/// - If a step is running, on this thread or another, the request is counted and the call
///   returns at once; the runner performs one more step after the current one returns.
///
/// So the number of steps performed equals the number of requests, steps never overlap, and a
/// chain of synchronous sources runs in a flat loop. The step reads what to subscribe from the
/// operator's own state, so every request runs the same step.
///
/// Because steps never overlap and each step happens after the previous one (the counter is
/// updated with acquire-release ordering), state that only steps touch needs no lock.
@usableFromInline
internal struct _SubscribeLoop: ~Copyable, Sendable {
  @usableFromInline
  internal let requests = _Atomic<Int>(0)

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init() {}

  /// Requests one step, and performs it and any steps requested meanwhile unless another
  /// caller is already doing so.
  ///
  /// - Parameter step: The step. Every call of `run` on one loop must pass the same step.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func run(_ step: () -> Void) {
    guard requests.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue == 0 else { return }
    repeat {
      step()
    } while requests.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue != 0
  }
}
