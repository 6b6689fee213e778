/// An observable that tries its sources in turn until one completes.
///
/// Not public API. `catch(sequence:)` recognizes one among its own sources and iterates its
/// sources in place instead of subscribing it, so nested or recursive definitions run in one
/// flat loop.
@usableFromInline
internal final class _CatchSequenceObservable<Element: Sendable>: Observable<Element>,
  // SAFETY: adds one immutable Sendable property to Observable, which is Sendable.
  @unchecked Sendable
{
  @usableFromInline
  internal let sources: _ConcatSources<Element>

  @inlinable
  internal init(_ sources: _ConcatSources<Element>) {
    self.sources = sources
    super.init(_run: { observer, lifetime in
      let storage = _SequentialStorage(
        policy: _CatchSequencePolicy(), context: _CatchSequenceCursor(sources),
        downstream: observer, lifetime: lifetime)
      lifetime.onDispose { storage.dispose() }
      storage.start()
    })
  }
}

/// The sources of the (possibly nested) `catch(sequence:)` operators still to run.
///
/// Innermost last. A source is let go once handed out (see ``_SourcesFrame``), so one that
/// has failed is released while the next one runs.
///
/// Not public API.
@usableFromInline
internal final class _CatchSequenceCursor<Element: Sendable>:
  // SAFETY: only subscribe-loop steps of one `_SequentialStorage` touch `frames`; the loop
  // runs one step at a time and orders successive steps with its atomic counter.
  @unchecked Sendable
{
  @usableFromInline
  internal struct Frame {
    @usableFromInline var sources: _SourcesFrame<Element>
    /// Whether this frame has produced a source.
    @usableFromInline var produced = false

    @inlinable
    init(_ sources: _ConcatSources<Element>) {
      self.sources = _SourcesFrame(sources)
    }
  }

  /// What the cursor found.
  @usableFromInline
  internal enum Step {
    /// The next source to subscribe.
    case source(Observable<Element>)
    /// A nested `catch(sequence:)` without sources: subscribed on its own, it would have
    /// completed, which completes the result.
    case emptyNested
    /// No source is left.
    case exhausted
  }

  @usableFromInline
  internal var frames: [Frame]

  @inlinable
  internal init(_ sources: _ConcatSources<Element>) {
    frames = [Frame(sources)]
  }

  /// The next source to subscribe, stepping into nested `catch(sequence:)` operators.
  @inlinable
  internal func next() -> Step {
    while let last = frames.indices.last {
      guard let source = frames[last].sources.next() else {
        let frame = frames.removeLast()
        if !frame.produced && !frames.isEmpty { return .emptyNested }
        continue
      }
      frames[last].produced = true
      if let nested = source as? _CatchSequenceObservable<Element> {
        frames.append(Frame(nested.sources))
        continue
      }
      return .source(source)
    }
    return .exhausted
  }
}

/// The policy of `catch(sequence:)`: the sources one after another, the next one after each
/// failure, until one completes.
///
/// Not public API.
///
/// The sources come from a ``_CatchSequenceCursor``, walked outside the lock by subscribe-loop
/// steps. The policy remembers the last failure, which ends the result when the sources run
/// out.
@usableFromInline
internal struct _CatchSequencePolicy<Element: Sendable>: _SequentialPolicy, Sendable {
  @usableFromInline
  internal var lastFailure: (any Swift.Error)?

  @inlinable
  internal init() {}

  /// Takes the next source from the cursor.
  @inlinable
  internal static func look(in cursor: _CatchSequenceCursor<Element>)
    -> _SequentialFound<Element>
  {
    switch cursor.next() {
    case .source(let source): return .source(source)
    case .emptyNested: return .exhausted(nested: true)
    case .exhausted: return .exhausted(nested: false)
    }
  }

  /// With none left, fails with the last failure, or completes if none failed; a nested
  /// `catch(sequence:)` without sources would have completed, which completes the result.
  @inlinable
  internal mutating func sourcesExhausted(nested: Bool) -> _SequentialEnding {
    defer { lastFailure = nil }
    guard !nested, let lastFailure else { return .complete }
    return .fail(lastFailure)
  }

  /// A completed source completes the result.
  @inlinable
  internal func sourceCompleted() -> _SequentialDecision<Never> { .end(.forward) }

  /// A failed source makes way for the next one.
  @inlinable
  internal mutating func sourceFailed(_ error: any Swift.Error) -> _SequentialDecision<Never> {
    lastFailure = error
    return .next
  }

  /// Lets go of the last failure.
  @inlinable
  internal mutating func released() -> (any Swift.Error)? {
    defer { lastFailure = nil }
    return lastFailure
  }
}
