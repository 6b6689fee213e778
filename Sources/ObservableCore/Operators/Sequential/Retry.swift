extension ObservableType {
  /// Resubscribes to this sequence whenever it fails, until it completes.
  ///
  /// ```
  /// source (1st):  -1-2-#
  /// source (2nd):       -1-2-|
  /// retry()        -1-2--1-2-|
  /// ```
  ///
  /// Elements of every attempt are forwarded. A source that fails synchronously is
  /// resubscribed in a loop, so the stack does not grow; if it always fails, the retrying
  /// goes on until the subscription is disposed.
  ///
  /// - Returns: The elements of every attempt, ending when an attempt completes.
  @_alwaysEmitIntoClient
  public func retry() -> Observable<Element> {
    _retry(maxAttempts: nil)
  }

  /// Resubscribes to this sequence when it fails, subscribing at most `maxAttemptCount`
  /// times in all.
  ///
  /// ```
  /// source (each):  -1-#
  /// retry(2)        -1--1-#
  /// ```
  ///
  /// `retry(1)` does not retry. A source that fails synchronously is resubscribed in a loop,
  /// so the stack does not grow with the number of attempts.
  ///
  /// - Parameter maxAttemptCount: The most subscriptions to make, the first one included.
  ///   As in RxSwift, zero completes at once without subscribing. Unlike RxSwift, which
  ///   crashes on a negative count, a negative count fails with
  ///   ``RxError/argumentOutOfRange``.
  /// - Returns: The elements of every attempt, ending when an attempt completes or the last
  ///   attempt fails.
  @_alwaysEmitIntoClient
  public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
    guard maxAttemptCount > 0 else {
      return maxAttemptCount == 0 ? .empty() : .error(RxError.argumentOutOfRange)
    }
    return _retry(maxAttempts: maxAttemptCount)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func _retry(maxAttempts: Int?) -> Observable<Element> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let storage = _SequentialStorage(
        policy: _RetryOperator(maxAttempts: maxAttempts), context: source, downstream: observer,
        lifetime: lifetime)
      lifetime.onDispose { storage.dispose() }
      storage.start()
    })
  }
}

// MARK: - On the sequential-source engine

/// The operator definition of `retry()` and `retry(_:)`: the same source again after each failure, while
/// attempts remain.
///
/// Not public API.
///
/// Each subscription to the source is one attempt; the subscription's context is the source.
@usableFromInline
internal struct _RetryOperator<Element: Sendable>: _SequentialOperator, Sendable {
  /// Attempts not yet started; `nil` for unlimited.
  @usableFromInline
  internal var attemptsLeft: Int?

  /// Creates the definition for at most `maxAttempts` subscriptions (`nil`: unlimited).
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(maxAttempts: Int?) {
    attemptsLeft = maxAttempts
  }

  /// Every attempt subscribes the source, which is the context.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal static func look(in source: Observable<Element>) -> _SequentialFound<Element> {
    .context
  }

  /// Counts the attempt that starts.
  ///
  /// - Returns: `nil`: the source is the context.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func sourceStarting() -> Observable<Element>? {
    if let left = attemptsLeft { attemptsLeft = left - 1 }
    return nil
  }

  /// A completed attempt completes the result.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func sourceCompleted() -> _SequentialDecision<Never> { .end(.forward) }

  /// A failed attempt is retried while attempts remain; the last one fails the result.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func sourceFailed(_ error: any Swift.Error) -> _SequentialDecision<Never> {
    if let left = attemptsLeft, left <= 0 { return .end(.forward) }
    return .next
  }
}
