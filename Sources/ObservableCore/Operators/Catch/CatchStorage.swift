import Synchronization

/// Recovers from an error with a fallback sequence.
///
/// Not public API.
@usableFromInline
internal typealias _CatchHandler<Element: Sendable> =
  @Sendable (any Swift.Error) throws -> Observable<Element>

/// An observable that recovers from its source's error.
///
/// Not public API. `catch` recognizes one as its source or as a handler's fallback and
/// adopts its source and handler instead of subscribing it, so chains of `catch` run in one
/// flat loop.
@usableFromInline
internal final class _CatchObservable<Element: Sendable>: Observable<Element>,
  // SAFETY: adds two immutable Sendable properties to Observable, which is Sendable.
  @unchecked Sendable
{
  @usableFromInline
  internal let source: Observable<Element>
  @usableFromInline
  internal let handler: _CatchHandler<Element>

  @inlinable
  internal init(source: Observable<Element>, handler: @escaping _CatchHandler<Element>) {
    self.source = source
    self.handler = handler
    super.init(_run: { observer, lifetime in
      let (innermost, handlers) = _CatchObservable.unwrap(source)
      let storage = _CatchStorage(
        source: innermost, handlers: [handler] + handlers, downstream: observer,
        lifetime: lifetime)
      lifetime.onDispose { storage.dispose() }
      storage.start()
    })
  }

  /// Strips nested `catch` operators off `source`.
  ///
  /// - Returns: The innermost source, and the handlers of the stripped operators in the
  ///   order they apply, last first.
  @inlinable
  internal static func unwrap(_ source: Observable<Element>)
    -> (Observable<Element>, [_CatchHandler<Element>])
  {
    var source = source
    var handlers: [_CatchHandler<Element>] = []
    while let nested = source as? _CatchObservable<Element> {
      handlers.append(nested.handler)
      source = nested.source
    }
    return (source, handlers)
  }
}

/// The per-subscription state of `catch`.
///
/// Not public API.
///
/// Subscribes the source, then each fallback, within its own child lifetime, from a
/// ``_SubscribeLoop``, so fallbacks that fail synchronously do not grow the stack. Handlers
/// run outside the lock.
@usableFromInline
internal final class _CatchStorage<Element: Sendable>: Disposable {
  @usableFromInline
  internal struct State {
    @usableFromInline var machine: _CatchStateMachine<Observable<Element>, _CatchHandler<Element>>
    @usableFromInline var output: _SerialOutput<Element>

    @inlinable
    init(
      source: Observable<Element>, handlers: [_CatchHandler<Element>],
      downstream: AnyObserver<Element>
    ) {
      machine = _CatchStateMachine(source: source, handlers: handlers)
      output = _SerialOutput(downstream)
    }
  }

  @usableFromInline
  internal let state: _Mutex<State>
  @usableFromInline
  internal let lifetime: _Lifetime
  @usableFromInline
  internal let loop = _SubscribeLoop()
  @usableFromInline
  internal let resource: _ResourceToken

  @inlinable
  internal init(
    source: Observable<Element>, handlers: [_CatchHandler<Element>],
    downstream: AnyObserver<Element>, lifetime: _Lifetime
  ) {
    state = _Mutex(State(source: source, handlers: handlers, downstream: downstream))
    self.lifetime = lifetime
    resource = _ResourceToken(inheriting: lifetime.resource)
  }

  @inlinable
  internal func start() {
    loop.run { subscribePending() }
  }

  /// One subscribe-loop step.
  @inlinable
  internal func subscribePending() {
    guard !lifetime.isDisposed else { return }
    let child = _Lifetime(inheriting: lifetime)
    let action = state.withLock { $0.machine.subscribeRequested(lifetime: child) }
    guard case .subscribe(let source, let id) = action else { return }
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
    case .completed:
      let pending = state.withLock { state in
        state.machine.sourceCompleted(id: id) == .forward ? state.output.send(event) : nil
      }
      deliver(pending)
    case .error(let error):
      let (action, pending) = state.withLock {
        state -> (
          _CatchStateMachine<Observable<Element>, _CatchHandler<Element>>.FailureAction,
          _PendingDelivery<Element>?
        ) in
        let action = state.machine.sourceFailed(id: id)
        if case .fail = action { return (action, state.output.send(event)) }
        return (action, nil)
      }
      deliver(pending)
      guard case .recover(let handler, let failed) = action else { return }
      failed.dispose()
      recover(from: error, with: handler)
    }
  }

  @inlinable
  internal func recover(from error: any Swift.Error, with handler: _CatchHandler<Element>) {
    let fallback: Observable<Element>
    do { fallback = try handler(error) } catch {
      let pending = state.withLock { state in
        state.machine.handlerFailed() == .fail ? state.output.send(.error(error)) : nil
      }
      deliver(pending)
      return
    }
    let (source, handlers) = _CatchObservable.unwrap(fallback)
    let action = state.withLock {
      $0.machine.fallbackArrived(source, nestedHandlers: handlers)
    }
    guard action == .subscribeFallback else { return }
    loop.run { subscribePending() }
  }

  @inlinable
  internal func deliver(_ pending: _PendingDelivery<Element>?) {
    guard let pending else { return }
    _deliverSerially(pending, lifetime: lifetime) { state.withLock { $0.output.next() } }
  }

  /// Disposes the running source and releases the handlers.
  @inlinable
  internal func dispose() {
    let (disposal, released) = state.withLock { state in
      (state.machine.disposed(), state.output.cancel())
    }
    disposal.lifetime?.dispose()
    _ = (disposal.released, released)
  }
}
