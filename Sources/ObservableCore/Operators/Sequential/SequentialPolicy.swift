/// What makes one "one source after another" operator (`concat`, `catch(sequence:)`, `catch`,
/// `retry`, `retry(when:)`) differ from the others: where its sources come from, and what a
/// source's completion or failure means.
///
/// Not public API.
///
/// The engine's machine (``_SequentialStateMachine``) keeps the policy inside its lock and asks
/// it what to do when a source starts or ends. A policy is pure logic: its methods run under
/// the lock and must not call out. What an operator does outside the lock (look for its next
/// source, run a handler) is in ``_SequentialOperator``.
@usableFromInline
internal protocol _SequentialPolicy: Sendable {
  /// The element type of the sources and of the result.
  associatedtype Element: Sendable
  /// What a failed source hands to ``paused(_:context:storage:)`` (a handler to run, an error
  /// to report); `Never` if the policy never pauses.
  associatedtype Pause: Sendable = Never
  /// What the policy lets go of when the subscription is disposed, released after the lock.
  associatedtype Released = Void

  /// A subscribe-loop step is about to subscribe a source.
  ///
  /// - Returns: The source to subscribe if the policy holds it (``_SequentialFound/held``).
  mutating func sourceStarting() -> Observable<Element>?

  /// A subscribe-loop step found no source left.
  ///
  /// - Parameter nested: Whether what ran out is a nested operator's sources.
  /// - Returns: How the result ends.
  mutating func sourcesExhausted(nested: Bool) -> _SequentialEnding

  /// The running source completed.
  ///
  /// - Returns: Whether to end the result, subscribe the next source, or pause.
  mutating func sourceCompleted() -> _SequentialDecision<Pause>

  /// The running source failed with `error`.
  ///
  /// - Parameter error: The source's error.
  /// - Returns: Whether to end the result, subscribe the next source, or pause.
  mutating func sourceFailed(_ error: any Swift.Error) -> _SequentialDecision<Pause>

  /// Something outside ended the result (see ``_SequentialStateMachine/pauseEnded(_:)``)
  /// while a source was running or about to be subscribed, not during a pause.
  ///
  /// - Parameter ending: How it would have ended the result.
  mutating func endedWhileRunning(_ ending: _SequentialEnding)

  /// The subscription was disposed.
  ///
  /// - Returns: What the policy let go of, to release after the lock.
  mutating func released() -> Released
}

/// One operator on the sequential-source engine: its ``_SequentialPolicy``, and the steps it
/// takes outside the lock.
///
/// Not public API. ``_SequentialStorage`` runs the steps: it looks for each next source with
/// ``look(in:)`` and hands a pause to ``paused(_:context:storage:)``, both without holding its
/// lock, so they may call out (iterate a sequence of sources, run an error handler).
@usableFromInline
internal protocol _SequentialOperator: _SequentialPolicy {
  /// Per-subscription values that only subscribe-loop steps and pauses use, outside the lock
  /// (a cursor over the sources, the source to retry).
  associatedtype Context: Sendable

  /// A subscribe-loop step looks for the next source, outside the lock.
  ///
  /// - Parameter context: The subscription's context.
  /// - Returns: What it found.
  static func look(in context: Context) -> _SequentialFound<Element>

  /// Acts on a pause outside the lock, then calls ``_SequentialStorage/resume(_:)`` or
  /// ``_SequentialStorage/endPause(_:)`` (at once or later).
  ///
  /// - Parameters:
  ///   - pause: What ``_SequentialPolicy/sourceFailed(_:)`` or
  ///     ``_SequentialPolicy/sourceCompleted()`` handed out.
  ///   - context: The subscription's context.
  ///   - storage: The subscription's storage.
  static func paused(_ pause: Pause, context: Context, storage: _SequentialStorage<Self>)
}

extension _SequentialPolicy {
  /// By default, the policy holds no source.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func sourceStarting() -> Observable<Element>? { nil }

  /// By default, running out of sources completes the result.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func sourcesExhausted(nested: Bool) -> _SequentialEnding { .complete }

  /// By default, an outside end while running is impossible or ignored.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func endedWhileRunning(_ ending: _SequentialEnding) {}
}

extension _SequentialPolicy where Released == Void {
  /// By default, a policy holds nothing to release.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func released() {}
}

extension _SequentialOperator where Pause == Never {
  /// An operator that never pauses has nothing to do.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal static func paused(
    _ pause: Never, context: Context, storage: _SequentialStorage<Self>
  ) {}
}

/// What a subscribe-loop step found, outside the lock.
///
/// Not public API.
@usableFromInline
internal enum _SequentialFound<Element: Sendable>: Sendable {
  /// A source to subscribe.
  case source(Observable<Element>)
  /// The policy holds the next source in its locked state (a `catch` fallback).
  case held
  /// The context is itself the source to subscribe (`retry`); the storage subscribes it in
  /// place rather than taking it out, which saves a retain and a release per attempt.
  case context
  /// No source is left; `nested` if what ran out is a nested operator's sources rather than
  /// the outermost ones.
  case exhausted(nested: Bool)
}

/// How the result ends.
///
/// Not public API.
@usableFromInline
internal enum _SequentialEnding: Sendable {
  /// With the running source's own terminal event.
  case forward
  /// With a completion.
  case complete
  /// With this error.
  case fail(any Swift.Error)
}

/// What a policy decides when the running source terminates.
///
/// Not public API.
@usableFromInline
internal enum _SequentialDecision<Pause: Sendable>: Sendable {
  /// End the result.
  case end(_SequentialEnding)
  /// Subscribe the next source from a subscribe-loop step.
  case next
  /// Wait, outside the lock, for ``_SequentialPolicy/paused(_:context:storage:)`` to decide.
  case pause(Pause)
}
