extension ObservableType {
  /// Subscribes to each sequence in turn, moving to the next one whenever one fails, until one
  /// completes.
  ///
  /// ```
  /// a:                          -1-2-#
  /// b:                               -3-#
  /// c:                                  -4-|
  /// catch(sequence: [a, b, c])  -1-2--3--4-|
  /// ```
  ///
  /// Elements of every source are forwarded. The first source that completes completes the
  /// result; if every source fails, the result fails with the last source's error, and an
  /// empty `sequence` completes at once. Each failed source is disposed before the next one
  /// is subscribed. Sources that fail synchronously are subscribed in a loop, so any number
  /// of them does not grow the stack, and a `catch(sequence:)` among the sources is iterated
  /// in place rather than subscribed.
  ///
  /// The sequence is iterated anew for each subscription, lazily, so it may be infinite.
  /// Unlike RxSwift, `sequence` must be `Sendable`, because each subscription iterates it on
  /// whatever thread the previous source fails on.
  ///
  /// - Parameter sequence: The sequences to try, in order.
  /// - Returns: The elements of each source tried, ending as the last one tried ends.
  @_alwaysEmitIntoClient
  public static func `catch`<Sequence: Swift.Sequence & Sendable>(sequence: Sequence)
    -> Observable<Element>
  where Sequence.Element == Observable<Element> {
    _CatchSequenceObservable(.of(sequence))
  }

  /// Subscribes to each sequence in turn, moving to the next one whenever one fails, until one
  /// completes.
  ///
  /// The first source that completes completes the result; if every source fails, the result
  /// fails with the last source's error, and an empty collection completes at once. Sources
  /// that fail synchronously are subscribed in a loop, so any number of them does not grow
  /// the stack.
  ///
  /// - Parameter collection: The sequences to try, in order.
  /// - Returns: The elements of each source tried, ending as the last one tried ends.
  @_alwaysEmitIntoClient
  public static func `catch`<Collection: Swift.Collection>(sequence collection: Collection)
    -> Observable<Element>
  where Collection.Element == Observable<Element> {
    _CatchSequenceObservable(.array(Array(collection)))
  }
}

// MARK: - On the sequential-source engine

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

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(_ sources: _ConcatSources<Element>) {
    self.sources = sources
    super.init(_run: { observer, lifetime in
      let storage = _SequentialStorage(
        policy: _CatchSequenceOperator(), context: _CatchSequenceCursor(sources),
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

    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
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

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(_ sources: _ConcatSources<Element>) {
    frames = [Frame(sources)]
  }

  /// The next source to subscribe, stepping into nested `catch(sequence:)` operators.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
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

/// The operator definition of `catch(sequence:)`: the sources one after another, the next one after each
/// failure, until one completes.
///
/// Not public API.
///
/// The sources come from a ``_CatchSequenceCursor``, walked outside the lock by subscribe-loop
/// steps. The definition remembers the last failure, which ends the result when the sources run
/// out.
@usableFromInline
internal struct _CatchSequenceOperator<Element: Sendable>: _SequentialOperator, Sendable {
  @usableFromInline
  internal var lastFailure: (any Swift.Error)?

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init() {}

  /// Takes the next source from the cursor.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
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
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func sourcesExhausted(nested: Bool) -> _SequentialEnding {
    defer { lastFailure = nil }
    guard !nested, let lastFailure else { return .complete }
    return .fail(lastFailure)
  }

  /// A completed source completes the result.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func sourceCompleted() -> _SequentialDecision<Never> { .end(.forward) }

  /// A failed source makes way for the next one.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func sourceFailed(_ error: any Swift.Error) -> _SequentialDecision<Never> {
    lastFailure = error
    return .next
  }

  /// Lets go of the last failure.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func released() -> (any Swift.Error)? {
    defer { lastFailure = nil }
    return lastFailure
  }
}
