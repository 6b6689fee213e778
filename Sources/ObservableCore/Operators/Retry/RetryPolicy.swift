/// The policy of `retry()` and `retry(_:)`: the same source again after each failure, while
/// attempts remain.
///
/// Not public API.
///
/// Each subscription to the source is one attempt; the subscription's context is the source.
@usableFromInline
internal struct _RetryPolicy<Element: Sendable>: _SequentialPolicy, Sendable {
  /// Attempts not yet started; `nil` for unlimited.
  @usableFromInline
  internal var attemptsLeft: Int?

  /// Creates the policy for at most `maxAttempts` subscriptions (`nil`: unlimited).
  @inlinable
  internal init(maxAttempts: Int?) {
    attemptsLeft = maxAttempts
  }

  /// Every attempt subscribes the source, which is the context.
  @inlinable
  internal static func look(in source: Observable<Element>) -> _SequentialFound<Element> {
    .context
  }

  /// Counts the attempt that starts.
  ///
  /// - Returns: `nil`: the source is the context.
  @inlinable
  internal mutating func sourceStarting() -> Observable<Element>? {
    if let left = attemptsLeft { attemptsLeft = left - 1 }
    return nil
  }

  /// A completed attempt completes the result.
  @inlinable
  internal func sourceCompleted() -> _SequentialDecision<Never> { .end(.forward) }

  /// A failed attempt is retried while attempts remain; the last one fails the result.
  @inlinable
  internal func sourceFailed(_ error: any Swift.Error) -> _SequentialDecision<Never> {
    if let left = attemptsLeft, left <= 0 { return .end(.forward) }
    return .next
  }
}
