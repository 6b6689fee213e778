/// The pure logic of `catch`: which source runs, and which handler recovers from its error.
///
/// Not public API.
///
/// Nested `catch` operators are flattened into one machine: `handlers` is a stack whose last
/// handler recovers from the running source's error. A source such as `s.catch(h1)` adds
/// `h1` on top of the handlers of the `catch` that subscribes it, and a handler returning
/// `s2.catch(h2)` adds `h2` the same way; each error consumes the top handler. That is
/// exactly the behaviour of the nested operators, and it lets a chain of any length run in
/// one subscribe loop.
///
/// Generic over the source and handler types so that it can be tested with plain values.
@usableFromInline
internal struct _CatchStateMachine<Source, Handler> {
  private enum State {
    /// A subscribe-loop step is due to subscribe `pending`.
    case idle(pending: Source, nextID: UInt64)
    /// Source `id` runs within `lifetime`.
    case active(id: UInt64, lifetime: _Lifetime)
    /// A handler is running (outside the lock).
    case recovering(nextID: UInt64)
    /// A terminal event was sent; `lifetime` is still to be disposed.
    case finished(lifetime: _Lifetime?)
    case disposed
  }

  /// What a subscribe-loop step does.
  @usableFromInline
  internal enum SubscribeAction {
    /// Subscribe `source` within the lifetime passed in, tagging its events with `id`.
    case subscribe(Source, id: UInt64)
    /// Nothing: the result has terminated.
    case none
  }

  /// What to do with a source's element or completion.
  @usableFromInline
  internal enum EventAction: Equatable {
    /// Send it downstream.
    case forward
    /// Drop it.
    case drop
  }

  /// What to do when a source fails.
  @usableFromInline
  internal enum FailureAction {
    /// Dispose the failed source's lifetime and call `handler` with the error.
    case recover(Handler, disposing: _Lifetime)
    /// No handler is left: fail the result.
    case fail
    /// Nothing.
    case drop
  }

  /// What to do when a handler returned a fallback, or threw.
  @usableFromInline
  internal enum RecoveryAction: Equatable {
    /// Run a subscribe-loop step for the fallback.
    case subscribeFallback
    /// Fail the result with the handler's error.
    case fail
    /// Nothing: the subscription was disposed.
    case none
  }

  private var state: State
  private var handlers: [Handler]

  /// Creates the machine for `source`, with `handlers` as the initial stack (last on top).
  @usableFromInline
  internal init(source: Source, handlers: [Handler]) {
    state = .idle(pending: source, nextID: 0)
    self.handlers = handlers
  }

  /// The number of handlers left.
  @usableFromInline
  internal var handlerCount: Int { handlers.count }

  /// A subscribe-loop step runs; the pending source would run within `lifetime`.
  @usableFromInline
  internal mutating func subscribeRequested(lifetime: _Lifetime) -> SubscribeAction {
    switch state {
    case .idle(let source, let id):
      state = .active(id: id, lifetime: lifetime)
      return .subscribe(source, id: id)
    case .active, .recovering:
      preconditionFailure("Internal inconsistency: catch asked to subscribe while busy")
    case .finished, .disposed:
      return .none
    }
  }

  /// Source `id` produced an element.
  @usableFromInline
  internal func elementArrived(id: UInt64) -> EventAction {
    guard case .active(let activeID, _) = state, activeID == id else { return .drop }
    return .forward
  }

  /// Source `id` completed.
  @usableFromInline
  internal mutating func sourceCompleted(id: UInt64) -> EventAction {
    guard case .active(let activeID, let lifetime) = state, activeID == id else { return .drop }
    state = .finished(lifetime: lifetime)
    return .forward
  }

  /// Source `id` failed.
  @usableFromInline
  internal mutating func sourceFailed(id: UInt64) -> FailureAction {
    guard case .active(let activeID, let lifetime) = state, activeID == id else { return .drop }
    guard let handler = handlers.popLast() else {
      state = .finished(lifetime: lifetime)
      return .fail
    }
    state = .recovering(nextID: id &+ 1)
    return .recover(handler, disposing: lifetime)
  }

  /// The handler returned `fallback`, which brings `nestedHandlers` (last on top).
  @usableFromInline
  internal mutating func fallbackArrived(_ fallback: Source, nestedHandlers: [Handler])
    -> RecoveryAction
  {
    switch state {
    case .recovering(let id):
      handlers.append(contentsOf: nestedHandlers)
      state = .idle(pending: fallback, nextID: id)
      return .subscribeFallback
    case .idle, .active:
      preconditionFailure("Internal inconsistency: catch got a fallback while not recovering")
    case .finished, .disposed:
      return .none
    }
  }

  /// The handler threw.
  @usableFromInline
  internal mutating func handlerFailed() -> RecoveryAction {
    switch state {
    case .recovering:
      state = .finished(lifetime: nil)
      return .fail
    case .idle, .active:
      preconditionFailure("Internal inconsistency: catch handler failed while not recovering")
    case .finished, .disposed:
      return .none
    }
  }

  /// The subscription was disposed.
  ///
  /// - Returns: The running source's lifetime, to dispose, and what the machine let go of, to
  ///   release after the lock.
  @usableFromInline
  internal mutating func disposed() -> (lifetime: _Lifetime?, released: (Source?, [Handler])) {
    let released = handlers
    handlers = []
    switch state {
    case .idle(let source, _):
      state = .disposed
      return (nil, (source, released))
    case .active(_, let lifetime):
      state = .disposed
      return (lifetime, (nil, released))
    case .finished(let lifetime):
      state = .disposed
      return (lifetime, (nil, released))
    case .recovering:
      state = .disposed
      return (nil, (nil, released))
    case .disposed:
      return (nil, (nil, released))
    }
  }
}
