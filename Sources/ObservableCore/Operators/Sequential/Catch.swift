extension ObservableType {
  /// Continues with the sequence `handler` returns when this sequence fails.
  ///
  /// ```
  /// source:                  -1-2-#
  /// fallback:                     -8-9-|
  /// catch { _ in fallback }  -1-2--8-9-|
  /// ```
  ///
  /// The handler runs at most once per subscription: an error from the fallback sequence ends
  /// the result. Chains of `catch` (a fallback that is itself a `catch`, however deep) run in
  /// a loop, so fallbacks that fail synchronously do not grow the stack.
  ///
  /// - Parameter handler: Returns the sequence to continue with, given the error. If it
  ///   throws, the result fails with the thrown error.
  /// - Returns: The elements of this sequence, then, after an error, those of the fallback.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func `catch`(
    _ handler: @escaping @Sendable (any Swift.Error) throws -> Observable<Element>
  ) -> Observable<Element> {
    _CatchObservable(source: asObservable(), handler: handler)
  }

  /// Replaces an error with one last element, then completes.
  ///
  /// ```
  /// source:            -1-2-#
  /// catchAndReturn(0)  -1-2-[0|]
  /// ```
  ///
  /// - Parameter element: The element to emit, before completing, if this sequence fails.
  /// - Returns: The elements of this sequence, then `element` if it fails.
  @_alwaysEmitIntoClient
  public func catchAndReturn(_ element: Element) -> Observable<Element> {
    self.catch { _ in .just(element) }
  }
}

// MARK: - On the sequential-source engine

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

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(source: Observable<Element>, handler: @escaping _CatchHandler<Element>) {
    self.source = source
    self.handler = handler
    super.init(_run: { observer, lifetime in
      let (innermost, handlers) = _CatchObservable.unwrap(source)
      let storage = _SequentialStorage(
        policy: _CatchOperator(source: innermost, handlers: [handler] + handlers), context: (),
        downstream: observer, lifetime: lifetime)
      lifetime.onDispose { storage.dispose() }
      storage.start()
    })
  }

  /// Strips nested `catch` operators off `source`.
  ///
  /// - Returns: The innermost source, and the handlers of the stripped operators in the
  ///   order they apply, last first.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
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

/// The operator definition of `catch`: the source, then, after each failure, the fallback that the top
/// handler returns.
///
/// Not public API.
///
/// Nested `catch` operators are flattened into one definition: `handlers` is a stack whose last
/// handler recovers from the running source's error. A source such as `s.catch(h1)` adds
/// `h1` on top of the handlers of the `catch` that subscribes it, and a handler returning
/// `s2.catch(h2)` adds `h2` the same way; each error consumes the top handler. That is
/// exactly the behaviour of the nested operators, and it lets a chain of any length run in
/// one subscribe loop. A failure pauses the engine while the handler runs outside the lock.
@usableFromInline
internal struct _CatchOperator<Element: Sendable>: _SequentialOperator, Sendable {
  /// The source the next subscribe-loop step subscribes.
  @usableFromInline
  internal var pending: Observable<Element>?
  /// The handlers left, the one for the running source last.
  @usableFromInline
  internal var handlers: [_CatchHandler<Element>]

  /// Creates the definition for `source`, with `handlers` as the initial stack (last on top).
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(source: Observable<Element>, handlers: [_CatchHandler<Element>]) {
    pending = source
    self.handlers = handlers
  }

  /// The next source is the one the definition holds.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal static func look(in context: Void) -> _SequentialFound<Element> { .held }

  /// Hands out the held source.
  ///
  /// - Returns: The source or fallback to subscribe.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func sourceStarting() -> Observable<Element>? {
    defer { pending = nil }
    return pending
  }

  /// A completed source completes the result.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func sourceCompleted() -> _SequentialDecision<(_CatchHandler<Element>, any Error)> {
    .end(.forward)
  }

  /// A failed source pauses for the top handler, or fails the result if none is left.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func sourceFailed(_ error: any Swift.Error)
    -> _SequentialDecision<(_CatchHandler<Element>, any Error)>
  {
    guard let handler = handlers.popLast() else { return .end(.forward) }
    return .pause((handler, error))
  }

  /// Lets go of the held source and the handlers.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func released() -> (Observable<Element>?, [_CatchHandler<Element>]) {
    defer { (pending, handlers) = (nil, []) }
    return (pending, handlers)
  }

  /// Runs the handler outside the lock, then subscribes its fallback, adopting the handlers
  /// of any `catch` it is made of; fails the result if the handler throws.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal static func paused(
    _ recovery: (_CatchHandler<Element>, any Error), context: Void,
    storage: _SequentialStorage<Self>
  ) {
    let fallback: Observable<Element>
    do { fallback = try recovery.0(recovery.1) } catch {
      storage.endPause(.fail(error))
      return
    }
    let (source, nested) = _CatchObservable.unwrap(fallback)
    storage.resume { policy in
      policy.pending = source
      policy.handlers.append(contentsOf: nested)
    }
  }
}
