import Synchronization

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
      let storage = _CatchSequenceStorage(
        sources: sources, downstream: observer, lifetime: lifetime)
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
  // SAFETY: only subscribe-loop steps of one `_CatchSequenceStorage` touch `frames`; the loop
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

/// The per-subscription state of `catch(sequence:)`.
///
/// Not public API.
///
/// Subscribes one source at a time, each within its own child lifetime, from a
/// ``_SubscribeLoop``: a source that fails synchronously during `subscribe` makes the loop
/// run once more rather than recursing.
@usableFromInline
internal final class _CatchSequenceStorage<Element: Sendable>: Disposable {
  @usableFromInline
  internal struct State {
    @usableFromInline var machine = _CatchSequenceStateMachine<any Swift.Error>()
    @usableFromInline var output: _SerialOutput<Element>

    @inlinable
    init(downstream: AnyObserver<Element>) {
      output = _SerialOutput(downstream)
    }
  }

  @usableFromInline
  internal let state: _Mutex<State>
  @usableFromInline
  internal let lifetime: _Lifetime
  @usableFromInline
  internal let cursor: _CatchSequenceCursor<Element>
  @usableFromInline
  internal let loop = _SubscribeLoop()
  @usableFromInline
  internal let resource: _ResourceToken

  @inlinable
  internal init(
    sources: _ConcatSources<Element>, downstream: AnyObserver<Element>, lifetime: _Lifetime
  ) {
    state = _Mutex(State(downstream: downstream))
    cursor = _CatchSequenceCursor(sources)
    self.lifetime = lifetime
    resource = _ResourceToken(inheriting: lifetime.resource)
  }

  @inlinable
  internal func start() {
    loop.run { subscribeNext() }
  }

  /// One subscribe-loop step.
  @inlinable
  internal func subscribeNext() {
    guard !lifetime.isDisposed else { return }
    let source: Observable<Element>
    switch cursor.next() {
    case .source(let next):
      source = next
    case .emptyNested:
      finish(emptyNested: true)
      return
    case .exhausted:
      finish(emptyNested: false)
      return
    }
    let child = _Lifetime(inheriting: lifetime)
    let action = state.withLock { $0.machine.sourceStarting(lifetime: child) }
    guard case .subscribe(let id) = action else { return }
    source._subscribe(AnyObserver { event in self.sourceEvent(event, id: id) }, child)
  }

  /// Ends the result, if it has not ended, now that no source is left to subscribe.
  ///
  /// - Parameter emptyNested: Whether the cursor found a nested `catch(sequence:)` without
  ///   sources rather than the end of the sources.
  @inlinable
  internal func finish(emptyNested: Bool) {
    let pending = state.withLock { state -> _PendingDelivery<Element>? in
      let action = emptyNested ? state.machine.emptySourceFound() : state.machine.sourcesExhausted()
      switch action {
      case .complete: return state.output.send(.completed)
      case .fail(let error): return state.output.send(.error(error))
      case .none: return nil
      }
    }
    deliver(pending)
  }

  @inlinable
  internal func sourceEvent(_ event: Event<Element>, id: UInt64) {
    switch event {
    case .next:
      let pending = state.withLock { state in
        state.machine.elementArrived(id: id) == .forward ? state.output.send(event) : nil
      }
      deliver(pending)
    case .completed:
      let pending = state.withLock { state in
        state.machine.sourceCompleted(id: id) == .forward ? state.output.send(event) : nil
      }
      deliver(pending)
    case .error(let error):
      let action = state.withLock { $0.machine.sourceFailed(id: id, error) }
      guard case .disposeAndSubscribeNext(let failed) = action else { return }
      failed.dispose()
      loop.run { subscribeNext() }
    }
  }

  @inlinable
  internal func deliver(_ pending: _PendingDelivery<Element>?) {
    guard let pending else { return }
    _deliverSerially(pending, lifetime: lifetime) { state.withLock { $0.output.next() } }
  }

  /// Disposes the running source.
  @inlinable
  internal func dispose() {
    let (disposal, released) = state.withLock { state in
      (state.machine.disposed(), state.output.cancel())
    }
    disposal.lifetime?.dispose()
    _ = (disposal.released, released)
  }
}
