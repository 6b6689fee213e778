/// The policy of `retry(when:)`: after a failure, wait for the trigger to say what next.
///
/// Not public API.
///
/// A failure of the handler's error type pauses the engine and is sent to the handler's
/// failures; the trigger's element then resumes with another attempt, and its completion or
/// error ends the result (``_SequentialStorage/endPause(_:)``). As in RxSwift, the trigger
/// only counts while a failed attempt waits for it: elements it sends while an attempt runs
/// are ignored, and a completion or error it sends then is remembered and ends the result at
/// the next failure (a completing attempt still completes the result normally).
@usableFromInline
internal struct _RetryWhenPolicy<Element: Sendable, Failure: Swift.Error>: _SequentialPolicy,
  Sendable
{
  /// How the trigger ended while an attempt was running, if it did.
  @usableFromInline
  internal var triggerEnd: _SequentialEnding?

  @inlinable
  internal init() {}

  /// Every attempt subscribes the source.
  @inlinable
  internal static func look(in context: _RetryWhenContext<Element, Failure>)
    -> _SequentialFound<Element>
  {
    .source(context.source)
  }

  /// A completed attempt completes the result.
  @inlinable
  internal func sourceCompleted() -> _SequentialDecision<Failure> { .end(.forward) }

  /// A failure of another error type, or after the trigger ended, ends the result; any other
  /// waits for the trigger.
  @inlinable
  internal func sourceFailed(_ error: any Swift.Error) -> _SequentialDecision<Failure> {
    guard let failure = error as? Failure else { return .end(.forward) }
    if let triggerEnd { return .end(triggerEnd) }
    return .pause(failure)
  }

  /// Remembers the trigger's first ending, for the next failure.
  @inlinable
  internal mutating func endedWhileRunning(_ ending: _SequentialEnding) {
    if triggerEnd == nil { triggerEnd = ending }
  }

  /// Lets go of the trigger's remembered error.
  @inlinable
  internal mutating func released() -> _SequentialEnding? {
    defer { triggerEnd = nil }
    return triggerEnd
  }

  /// Sends the failure to the handler's failures, which may make the trigger answer.
  @inlinable
  internal static func paused(
    _ failure: Failure, context: _RetryWhenContext<Element, Failure>,
    storage: _SequentialStorage<Self>
  ) {
    context.errors.on(.next(failure))
  }
}

/// What one `retry(when:)` subscription uses outside the lock.
///
/// Not public API.
@usableFromInline
internal struct _RetryWhenContext<Element: Sendable, Failure: Swift.Error>: Sendable {
  /// The sequence to retry.
  @usableFromInline let source: Observable<Element>
  /// The subject that feeds the handler's failures.
  @usableFromInline let errors = PublishSubject<Failure>()

  @inlinable
  init(source: Observable<Element>) {
    self.source = source
  }

  /// The failures of the attempts, as the handler sees them.
  @inlinable
  var failures: Observable<Failure> {
    let errors = errors
    return Observable(_run: { observer, lifetime in errors._subscribe(observer, lifetime) })
  }
}
