/// The pure logic of `flatMapLatest` and `switchLatest`: which inner is the latest, which
/// events to let through, and when the result terminates.
///
/// Not public API.
///
/// Each outer element starts a new inner subscription with a fresh id; the previous inner is
/// disposed, and any event it still sends (even one racing in from another thread) carries a
/// stale id and is dropped. The result completes once the outer sequence and the latest inner
/// have both completed, and fails as soon as either fails.
///
/// Methods are named for what happened and return what the storage must do after releasing
/// its lock. Inner subscriptions are identified by their lifetimes, which the storage creates
/// and this machine keeps until they end.
@usableFromInline
internal struct _FlatMapLatestStateMachine: Sendable {
  private enum State {
    /// The outer sequence is subscribed (or has completed, `outerCompleted`). `inner` is the
    /// latest inner's lifetime while that inner runs.
    case running(outerCompleted: Bool, latestID: UInt64, inner: _Lifetime?)
    /// A terminal event was sent; `inner` is still to be disposed.
    case finished(inner: _Lifetime?)
    /// The subscription was disposed.
    case disposed
  }

  /// What to do with a new outer element's inner sequence.
  @usableFromInline
  internal enum OuterElementAction {
    /// Dispose `previous` (if any), then subscribe the new inner, tagging its events with `id`.
    case subscribe(id: UInt64, disposingPrevious: _Lifetime?)
    /// The result has terminated: drop the new inner without subscribing.
    case discard
  }

  /// What to do with a new outer element whose inner sequence is one element, known without
  /// subscribing (`just`).
  @usableFromInline
  internal enum ImmediateElementAction {
    /// Dispose `previous` (if any) and send the element downstream; then, if `complete`, complete
    /// the result.
    case deliver(disposingPrevious: _Lifetime?, complete: Bool)
    /// The result has terminated: drop the element.
    case discard
  }

  /// What to do with an inner's element or error.
  @usableFromInline
  internal enum InnerEventAction: Equatable {
    /// Send it downstream.
    case forward
    /// Drop it: it comes from a stale inner, or the result has terminated.
    case drop
  }

  /// What to do when an inner completes.
  @usableFromInline
  internal enum InnerCompletionAction {
    /// Dispose the finished inner's lifetime.
    case disposeInner(_Lifetime)
    /// Dispose the finished inner's lifetime and complete the result.
    case disposeInnerAndComplete(_Lifetime)
    /// Nothing: a stale inner, or the result has terminated.
    case none
  }

  /// What to do when the outer sequence completes.
  @usableFromInline
  internal enum OuterCompletionAction: Equatable {
    /// Complete the result.
    case complete
    /// Wait for the latest inner.
    case none
  }

  /// What to do when the outer sequence or a selector fails.
  @usableFromInline
  internal enum FailureAction: Equatable {
    /// Fail the result.
    case fail
    /// Nothing: the result has already terminated.
    case none
  }

  private var state = State.running(outerCompleted: false, latestID: 0, inner: nil)

  @usableFromInline
  internal init() {}

  /// The outer sequence produced an element, whose inner will run within `inner`.
  @usableFromInline
  internal mutating func outerElementArrived(inner: _Lifetime) -> OuterElementAction {
    switch state {
    case .running(let outerCompleted, let latestID, let previous):
      let id = latestID &+ 1
      state = .running(outerCompleted: outerCompleted, latestID: id, inner: inner)
      return .subscribe(id: id, disposingPrevious: previous)
    case .finished, .disposed:
      return .discard
    }
  }

  /// The outer sequence produced an element whose inner sequence is a single element followed
  /// by completion, known without subscribing.
  ///
  /// The new inner becomes the latest (so events the previous one still sends are dropped) and
  /// has already finished.
  @usableFromInline
  internal mutating func immediateElementArrived() -> ImmediateElementAction {
    switch state {
    case .running(let outerCompleted, let latestID, let previous):
      if outerCompleted {
        state = .finished(inner: nil)
      } else {
        state = .running(outerCompleted: false, latestID: latestID &+ 1, inner: nil)
      }
      return .deliver(disposingPrevious: previous, complete: outerCompleted)
    case .finished, .disposed:
      return .discard
    }
  }

  /// Inner `id` produced an element.
  @usableFromInline
  internal func innerElementArrived(id: UInt64) -> InnerEventAction {
    switch state {
    case .running(_, let latestID, let inner):
      return latestID == id && inner != nil ? .forward : .drop
    case .finished, .disposed:
      return .drop
    }
  }

  /// Inner `id` failed.
  @usableFromInline
  internal mutating func innerFailed(id: UInt64) -> InnerEventAction {
    switch state {
    case .running(_, let latestID, let inner):
      guard latestID == id, inner != nil else { return .drop }
      state = .finished(inner: inner)
      return .forward
    case .finished, .disposed:
      return .drop
    }
  }

  /// Inner `id` completed.
  @usableFromInline
  internal mutating func innerCompleted(id: UInt64) -> InnerCompletionAction {
    switch state {
    case .running(let outerCompleted, let latestID, let inner):
      guard latestID == id, let inner else { return .none }
      if outerCompleted {
        state = .finished(inner: nil)
        return .disposeInnerAndComplete(inner)
      }
      state = .running(outerCompleted: false, latestID: latestID, inner: nil)
      return .disposeInner(inner)
    case .finished, .disposed:
      return .none
    }
  }

  /// The outer sequence completed.
  @usableFromInline
  internal mutating func outerCompleted() -> OuterCompletionAction {
    switch state {
    case .running(_, let latestID, let inner):
      if inner == nil {
        state = .finished(inner: nil)
        return .complete
      }
      state = .running(outerCompleted: true, latestID: latestID, inner: inner)
      return .none
    case .finished, .disposed:
      return .none
    }
  }

  /// The outer sequence failed, or the selector threw.
  @usableFromInline
  internal mutating func outerFailed() -> FailureAction {
    switch state {
    case .running(_, _, let inner):
      state = .finished(inner: inner)
      return .fail
    case .finished, .disposed:
      return .none
    }
  }

  /// The subscription was disposed.
  ///
  /// - Returns: The inner lifetime to dispose, if one is still held.
  @usableFromInline
  internal mutating func disposed() -> _Lifetime? {
    switch state {
    case .running(_, _, let inner), .finished(let inner):
      state = .disposed
      return inner
    case .disposed:
      return nil
    }
  }
}

extension _FlatMapLatestStateMachine: _OuterInnerStateMachine {
  /// The outer sequence completed; see ``outerCompleted()``.
  ///
  /// - Returns: Whether the result completes now.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func outerCompletedEndsResult() -> Bool {
    outerCompleted() == .complete
  }

  /// The outer sequence failed; see ``outerFailed()``.
  ///
  /// - Returns: Whether the result fails now.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func outerFailedEndsResult() -> Bool {
    outerFailed() == .fail
  }
}
