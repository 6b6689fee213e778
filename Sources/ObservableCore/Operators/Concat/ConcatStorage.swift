import Synchronization

/// The sources of one `concat`, as given.
///
/// Not public API.
@usableFromInline
internal enum _ConcatSources<Element: Sendable>: Sendable {
  /// A fixed list.
  case array([Observable<Element>])
  /// A sequence, iterated anew for each subscription.
  case sequence(@Sendable () -> AnyIterator<Observable<Element>>)

  @inlinable
  internal func makeIterator() -> AnyIterator<Observable<Element>> {
    switch self {
    case .array(let sources): return AnyIterator(sources.makeIterator())
    case .sequence(let makeIterator): return makeIterator()
    }
  }
}

/// An observable that concatenates sources.
///
/// Not public API. `concat` recognizes one among its own sources and iterates its sources in
/// place instead of subscribing it, so nested concatenations (`a.concat(b).concat(c)`, or a
/// recursive definition) run in one flat loop.
@usableFromInline
internal final class _ConcatObservable<Element: Sendable>: Observable<Element>,
  // SAFETY: adds one immutable Sendable property to Observable, which is Sendable.
  @unchecked Sendable
{
  @usableFromInline
  internal let sources: _ConcatSources<Element>

  @inlinable
  internal init(_ sources: _ConcatSources<Element>) {
    self.sources = sources
    super.init(_run: { observer, lifetime in
      let storage = _ConcatStorage(sources: sources, downstream: observer, lifetime: lifetime)
      lifetime.onDispose { storage.dispose() }
      storage.start()
    })
  }
}

/// The iterators of the (possibly nested) concatenations still to run, innermost last.
///
/// Not public API.
@usableFromInline
internal final class _ConcatCursor<Element: Sendable>:
  // SAFETY: only subscribe-loop steps of one `_ConcatStorage` touch `iterators`; the loop
  // runs one step at a time and orders successive steps with its atomic counter.
  @unchecked Sendable
{
  @usableFromInline
  internal var iterators: [AnyIterator<Observable<Element>>]

  @inlinable
  internal init(_ sources: _ConcatSources<Element>) {
    iterators = [sources.makeIterator()]
  }

  /// The next source to subscribe, stepping into nested concatenations.
  @inlinable
  internal func next() -> Observable<Element>? {
    while let last = iterators.indices.last {
      guard let source = iterators[last].next() else {
        iterators.removeLast()
        continue
      }
      if let nested = source as? _ConcatObservable<Element> {
        iterators.append(nested.sources.makeIterator())
        continue
      }
      return source
    }
    return nil
  }
}

/// The per-subscription state of `concat`.
///
/// Not public API.
///
/// Subscribes one source at a time, each within its own child lifetime, from a
/// ``_SubscribeLoop``: a source that completes synchronously during `subscribe` makes the
/// loop run once more rather than recursing.
@usableFromInline
internal final class _ConcatStorage<Element: Sendable>: Disposable {
  @usableFromInline
  internal struct State {
    @usableFromInline var machine = _ConcatStateMachine()
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
  internal let cursor: _ConcatCursor<Element>
  @usableFromInline
  internal let loop = _SubscribeLoop()
  @usableFromInline
  internal let resource: _ResourceToken

  @inlinable
  internal init(
    sources: _ConcatSources<Element>, downstream: AnyObserver<Element>, lifetime: _Lifetime
  ) {
    state = _Mutex(State(downstream: downstream))
    cursor = _ConcatCursor(sources)
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
    guard let source = cursor.next() else {
      let pending = state.withLock { state in
        state.machine.sourcesExhausted() == .complete ? state.output.send(.completed) : nil
      }
      deliver(pending)
      return
    }
    let child = _Lifetime(inheriting: lifetime)
    let action = state.withLock { $0.machine.sourceStarting(lifetime: child) }
    guard case .subscribe(let id) = action else { return }
    source._subscribe(AnyObserver { event in self.sourceEvent(event, id: id) }, child)
  }

  @inlinable
  internal func sourceEvent(_ event: Event<Element>, id: UInt64) {
    switch event {
    case .next:
      let pending = state.withLock { state in
        state.machine.elementArrived(id: id) == .forward ? state.output.send(event) : nil
      }
      deliver(pending)
    case .error:
      let pending = state.withLock { state in
        state.machine.sourceFailed(id: id) == .forward ? state.output.send(event) : nil
      }
      deliver(pending)
    case .completed:
      let action = state.withLock { $0.machine.sourceCompleted(id: id) }
      guard case .disposeAndSubscribeNext(let finished) = action else { return }
      finished.dispose()
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
    let (running, released) = state.withLock { state in
      (state.machine.disposed(), state.output.cancel())
    }
    running?.dispose()
    _ = released
  }
}
