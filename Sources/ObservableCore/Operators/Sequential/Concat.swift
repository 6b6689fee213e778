extension ObservableType {
  /// Emits the elements of each sequence in turn, subscribing to the next one when the
  /// previous one completes.
  ///
  /// ```
  /// a:              -1-2-|
  /// b:                   -3-4-|
  /// concat([a, b])  -1-2--3-4-|
  /// ```
  ///
  /// The sequence is iterated anew for each subscription, lazily, so it may be infinite. The
  /// result fails as soon as a source fails. Sources that complete synchronously are
  /// subscribed in a loop, so any number of them does not grow the stack. A source is let go
  /// as soon as it completes (unless `sequence`'s own iterator keeps it).
  ///
  /// Unlike RxSwift, `sequence` must be `Sendable`, because each subscription iterates it on
  /// whatever thread the previous source completes on.
  ///
  /// - Parameter sequence: The sequences to concatenate.
  /// - Returns: The elements of every source, one source after another.
  @_alwaysEmitIntoClient
  public static func concat<Sequence: Swift.Sequence & Sendable>(_ sequence: Sequence)
    -> Observable<Element>
  where Sequence.Element == Observable<Element> {
    _ConcatObservable(.of(sequence))
  }

  /// Emits the elements of each sequence in turn, subscribing to the next one when the
  /// previous one completes.
  ///
  /// The result fails as soon as a source fails. Sources that complete synchronously are
  /// subscribed in a loop, so any number of them does not grow the stack.
  ///
  /// - Parameter collection: The sequences to concatenate.
  /// - Returns: The elements of every source, one source after another.
  @_alwaysEmitIntoClient
  public static func concat<Collection: Swift.Collection>(_ collection: Collection)
    -> Observable<Element>
  where Collection.Element == Observable<Element> {
    _ConcatObservable(.array(Array(collection)))
  }

  /// Emits the elements of each sequence in turn, subscribing to the next one when the
  /// previous one completes.
  ///
  /// The result fails as soon as a source fails.
  ///
  /// - Parameter sources: The sequences to concatenate.
  /// - Returns: The elements of every source, one source after another.
  @_alwaysEmitIntoClient
  public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
    _ConcatObservable(.array(sources))
  }

  /// Emits the elements of this sequence, then, once it completes, those of `second`.
  ///
  /// ```
  /// self:           -1-2-|
  /// second:              -3-4-|
  /// concat(second)  -1-2--3-4-|
  /// ```
  ///
  /// - Parameter second: The sequence to subscribe after this one completes.
  /// - Returns: The elements of both sequences, one after the other. It fails as soon as
  ///   either fails.
  @_alwaysEmitIntoClient
  public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element>
  where Source.Element == Element {
    _ConcatObservable(.array([asObservable(), second.asObservable()]))
  }
}

// MARK: - On the sequential-source engine

/// The sources of one `concat`, as given.
///
/// Not public API.
@usableFromInline
internal enum _ConcatSources<Element: Sendable>: Sendable {
  /// A fixed list.
  case array([Observable<Element>])
  /// A sequence, iterated anew for each subscription.
  case sequence(@Sendable () -> AnyIterator<Observable<Element>>)

  /// The sources of `sequence`: a fixed list if it is an array, else the sequence itself.
  ///
  /// An array reaches the operators' `Sequence` overloads too (an array literal picks them),
  /// and its iterator would hold every source until the last one is handed out; a fixed list
  /// lets go of each source as it is handed out (see ``_SourcesFrame``).
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal static func of<Sources: Sequence & Sendable>(_ sequence: Sources) -> Self
  where Sources.Element == Observable<Element> {
    if let array = sequence as? [Observable<Element>] { return .array(array) }
    return .sequence { AnyIterator(sequence.makeIterator()) }
  }
}

/// An observable that concatenates sources.
///
/// Not public API. `concat` recognizes one among its own sources and iterates its sources in
/// place instead of subscribing it, so nested concatenations (`a.concat(b).concat(c)`, or a
/// recursive definition) run in one flat loop. A subscription keeps no reference to a source
/// once it has finished: see ``_SourcesFrame``.
@usableFromInline
internal final class _ConcatObservable<Element: Sendable>: Observable<Element>,
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
        policy: _ConcatOperator(), context: _ConcatCursor(sources), downstream: observer,
        lifetime: lifetime)
      lifetime.onDispose { storage.dispose() }
      storage.start()
    })
  }
}

/// One subscription's walk through one ``_ConcatSources``, which lets go of each source as it
/// hands it out.
///
/// Not public API.
///
/// A fixed list is copied (in reverse order) rather than indexed in place: the observable
/// shares the original, so a source taken from it would stay alive, with whatever its
/// closures captured, for as long as the subscription runs. `concat` and `catch(sequence:)`
/// use it, so a source that has finished is released while the next one runs.
@usableFromInline
internal struct _SourcesFrame<Element: Sendable> {
  /// The sources of a fixed list still to hand out, the next one last.
  @usableFromInline var pending: [Observable<Element>]
  /// The iterator of a sequence, which produces each source when asked.
  @usableFromInline var iterator: AnyIterator<Observable<Element>>?

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(_ sources: _ConcatSources<Element>) {
    switch sources {
    case .array(let sources):
      pending = sources.reversed()
      iterator = nil
    case .sequence(let makeIterator):
      pending = []
      iterator = makeIterator()
    }
  }

  /// Hands out the next source, keeping no reference to it.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func next() -> Observable<Element>? {
    if let iterator { return iterator.next() }
    return pending.popLast()
  }

  /// Whether ``next()`` is known to return `nil`: a fixed list that has been handed out.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal var isKnownExhausted: Bool { iterator == nil && pending.isEmpty }
}

/// The sources of the (possibly nested) concatenations still to run.
///
/// Not public API.
@usableFromInline
internal final class _ConcatCursor<Element: Sendable>:
  // SAFETY: only subscribe-loop steps of one `_SequentialStorage` touch `current` and `enclosing`;
  // the loop runs one step at a time and orders successive steps with its atomic counter.
  @unchecked Sendable
{
  /// The innermost concatenation being walked.
  @usableFromInline
  internal var current: _SourcesFrame<Element>
  /// The concatenations that enclose `current` and still have sources, innermost last.
  @usableFromInline
  internal var enclosing: [_SourcesFrame<Element>] = []

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(_ sources: _ConcatSources<Element>) {
    current = _SourcesFrame(sources)
  }

  /// The next source to subscribe, stepping into nested concatenations.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func next() -> Observable<Element>? {
    while true {
      guard let source = current.next() else {
        guard let outer = enclosing.popLast() else { return nil }
        current = outer
        continue
      }
      if let nested = source as? _ConcatObservable<Element> {
        // A finished list is dropped rather than kept for later, so that a concatenation
        // nested in last position (a recursive definition) does not pile up frames.
        if !current.isKnownExhausted { enclosing.append(current) }
        current = _SourcesFrame(nested.sources)
        continue
      }
      return source
    }
  }
}

/// The operator definition of `concat`: the sources one after another, the next one after each
/// completion.
///
/// Not public API.
///
/// The sources come from a ``_ConcatCursor``, walked outside the lock by subscribe-loop steps.
/// The first failure fails the result; running out of sources completes it.
@usableFromInline
internal struct _ConcatOperator<Element: Sendable>: _SequentialOperator, Sendable {
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
  internal static func look(in cursor: _ConcatCursor<Element>) -> _SequentialFound<Element> {
    guard let source = cursor.next() else { return .exhausted(nested: false) }
    return .source(source)
  }

  /// A completed source makes way for the next one.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func sourceCompleted() -> _SequentialDecision<Never> { .next }

  /// A failed source fails the result.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func sourceFailed(_ error: any Swift.Error) -> _SequentialDecision<Never> {
    .end(.forward)
  }
}
