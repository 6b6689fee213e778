/// The outer side of a state machine that maps an outer sequence's elements to inner
/// sequences (`flatMap` and its relatives, `flatMapLatest`).
///
/// Not public API.
@usableFromInline
internal protocol _OuterInnerStateMachine {
  /// The outer sequence completed.
  ///
  /// - Returns: Whether the result completes now (no inner is running).
  mutating func outerCompletedEndsResult() -> Bool

  /// The outer sequence failed, or the selector threw.
  ///
  /// - Returns: Whether the result fails now (it has not terminated yet).
  mutating func outerFailedEndsResult() -> Bool
}

/// The storage of an outer/inner operator: its machine and serial output behind one lock, the
/// subscription's lifetime and the outer sequence's.
///
/// Not public API.
///
/// The outer sequence's end and the serial delivery are the same for every such operator and
/// are written once, below; each storage keeps what its inners do.
@usableFromInline
internal protocol _OuterInnerStorage: AnyObject {
  /// The operator's state machine.
  associatedtype Machine: _OuterInnerStateMachine
  /// The element type of the result.
  associatedtype Element: Sendable

  /// The machine and the serial output, guarded together.
  var state: _Mutex<_MachineAndOutput<Machine, Element>> { get }
  /// The subscription's lifetime.
  var lifetime: _Lifetime { get }
  /// The outer sequence's subscription, disposed as soon as it completes.
  var outerLifetime: _Lifetime { get }
}

extension _OuterInnerStorage {
  /// The outer sequence completed.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func outerCompleted() {
    outerLifetime.dispose()
    let pending = state.withLock { state in
      state.machine.outerCompletedEndsResult() ? state.output.send(.completed) : nil
    }
    deliver(pending)
  }

  /// The outer sequence failed, or the selector threw `error`.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func outerFailed(_ error: any Swift.Error) {
    let pending = state.withLock { state in
      state.machine.outerFailedEndsResult() ? state.output.send(.error(error)) : nil
    }
    deliver(pending)
  }

  /// Delivers `pending` and whatever is queued behind it, one event at a time, outside the lock.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func deliver(_ pending: _PendingOutput<Element>?) {
    guard let pending else { return }
    state._drainOutput(pending, lifetime: lifetime)
  }
}
