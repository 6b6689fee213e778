/// The pure logic of `withLatestFrom`: which pairs to deliver and when it terminates.
///
/// Not public API.
///
/// Follows RxSwift: each element of the first source is paired with the latest element of
/// the second, and dropped if the second has produced none yet. The first source's
/// completion or failure ends the result; the second's completion only stops updating the
/// latest element, and its failure ends the result. Result selectors run in the storage,
/// outside the lock, on the pairs this machine hands out; their delivery is serialized by the
/// embedded ``_CombinedOutput``, as for `combineLatest` and `zip`.
@usableFromInline
internal struct _WithLatestFromStateMachine<First: Sendable, Second: Sendable>: _CombiningMachine {
  /// What the storage must do after releasing the lock.
  @usableFromInline
  internal typealias Action = _CombinedOutput<(First, Second)>.Action

  /// What the state machine let go of, to be released after the lock.
  @usableFromInline
  internal struct Released {
    @usableFromInline let latest: Second?
    @usableFromInline let events: _Queue<Event<(First, Second)>>

    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
    init(latest: Second?, events: _Queue<Event<(First, Second)>>) {
      self.latest = latest
      self.events = events
    }
  }

  @usableFromInline internal var latest: Second?
  @usableFromInline internal var output = _CombinedOutput<(First, Second)>()

  /// Creates the state machine with no latest element.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init() {}

  /// The first source produced `element`.
  ///
  /// - Parameter element: The element.
  /// - Returns: The pair to deliver, or nothing if the second source has produced nothing
  ///   yet or the result has finished.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func firstProducedElement(_ element: First) -> Action {
    guard let latest else { return .none }
    return output.produced((element, latest))
  }

  /// The first source completed.
  ///
  /// - Returns: Completion to deliver, or nothing once finished.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func firstCompleted() -> Action {
    output.completed()
  }

  /// The second source produced `element`.
  ///
  /// - Parameter element: The new latest element.
  /// - Returns: The element it replaces (or `element` itself once finished), to release
  ///   outside the lock.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func secondProducedElement(_ element: Second) -> Second? {
    guard !output.isFinished else { return element }
    defer { latest = element }
    return latest
  }

  /// Either source failed.
  ///
  /// - Parameter error: The error.
  /// - Returns: The error to deliver, or nothing once finished.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func sourceFailed(_ error: any Swift.Error) -> Action {
    output.sourceFailed(error)
  }

  /// The deliverer finished delivering an event.
  ///
  /// - Returns: The next event to deliver, or `.none` when the queue is empty.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func deliveryFinished() -> Action {
    output.deliveryFinished()
  }

  /// The result selector threw while the caller was delivering; the caller delivers the error.
  ///
  /// - Returns: What to release outside the lock.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func resultSelectorFailed() -> Released {
    release()
  }

  /// The subscription was disposed.
  ///
  /// - Returns: What to release outside the lock.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func disposed() -> Released {
    release()
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func release() -> Released {
    defer { latest = nil }
    return Released(latest: latest, events: output.stopped())
  }
}
