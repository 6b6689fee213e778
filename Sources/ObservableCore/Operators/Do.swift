extension ObservableType {
  /// Runs side effects for the events and the lifecycle of each subscription, without changing
  /// the events.
  ///
  /// ```swift
  /// requests
  ///   .do(onSubscribe: { spinner.start() }, onDispose: { spinner.stop() })
  ///   .subscribe(onNext: show)
  /// ```
  ///
  /// The `on…` handlers run before the event is forwarded and the `after…` handlers after it.
  /// A throwing `onNext`, `afterNext`, `onError` or `onCompleted` replaces the event with a
  /// failure carrying the thrown error, and disposes the upstream subscription. After a
  /// terminal event the subscription is disposed, so `onDispose` runs then too.
  ///
  /// The lifecycle handlers run in RxSwift's order. `onSubscribe` runs first, then the source
  /// is subscribed; `onSubscribed` runs when that call returns. `onDispose` runs once the
  /// subscription has ended, after the source's own disposal, and never before
  /// `onSubscribed`: a source that terminates during `subscribe` (`just`, a cached value)
  /// runs its events and their handlers, is disposed, and then `onSubscribed` and `onDispose`
  /// run, in that order. After a terminal event the source is disposed once `afterError` or
  /// `afterCompleted` has run.
  ///
  /// Unlike RxSwift, which would send a second terminal event, an error thrown by
  /// `afterError` or `afterCompleted` (when the terminal event has already been forwarded) goes
  /// to ``Hooks/defaultErrorHandler``. And when the subscription is disposed during
  /// `subscribe` (a `take(1)` downstream of a synchronous source), the source is disposed at
  /// once, so the handlers do not see what it would send after that; RxSwift keeps delivering
  /// to them until `subscribe` returns.
  ///
  /// - Parameters:
  ///   - onNext: Called with each element before it is forwarded.
  ///   - afterNext: Called with each element after it has been forwarded.
  ///   - onError: Called with the error before it is forwarded.
  ///   - afterError: Called with the error after it has been forwarded.
  ///   - onCompleted: Called before completion is forwarded.
  ///   - afterCompleted: Called after completion has been forwarded.
  ///   - onSubscribe: Called before subscribing to the source.
  ///   - onSubscribed: Called when subscribing to the source has returned, even if the source
  ///     has already terminated by then.
  ///   - onDispose: Called once when the subscription has ended, whether disposed by the
  ///     subscriber or after a terminal event: after the source has been disposed, after
  ///     `afterError` or `afterCompleted`, and after `onSubscribed`.
  /// - Returns: A sequence with the same events.
  @_disfavoredOverload
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func `do`(
    onNext: (@Sendable (Element) throws -> Void)? = nil,
    afterNext: (@Sendable (Element) throws -> Void)? = nil,
    onError: (@Sendable (any Swift.Error) throws -> Void)? = nil,
    afterError: (@Sendable (any Swift.Error) throws -> Void)? = nil,
    onCompleted: (@Sendable () throws -> Void)? = nil,
    afterCompleted: (@Sendable () throws -> Void)? = nil,
    onSubscribe: (@Sendable () -> Void)? = nil,
    onSubscribed: (@Sendable () -> Void)? = nil,
    onDispose: (@Sendable () -> Void)? = nil
  ) -> Observable<Element> {
    let source = asObservable()
    let holdsDisposal = onDispose != nil || afterError != nil || afterCompleted != nil
    return Observable(_run: { observer, lifetime in
      onSubscribe?()
      // The source gets its own lifetime so that it is torn down before `onDispose` runs,
      // however early the subscription ends.
      let upstream = _Lifetime(inheriting: lifetime)
      let lifecycle = holdsDisposal ? _DoLifecycle(upstream: upstream, onDispose: onDispose) : nil
      if let lifecycle { lifetime.add(lifecycle) } else { lifetime.add(upstream) }
      source._subscribe(
        AnyObserver { event in
          guard !upstream.isDisposed else { return }
          switch event {
          case .next(let element):
            do { try onNext?(element) } catch {
              observer.on(.error(error))
              lifetime.dispose()
              return
            }
            observer.on(event)
            do { try afterNext?(element) } catch {
              guard !lifetime.isDisposed else { return }
              observer.on(.error(error))
              lifetime.dispose()
            }
          case .error(let error):
            do { try onError?(error) } catch {
              observer.on(.error(error))
              lifetime.dispose()
              return
            }
            lifecycle?.terminalStarted()
            observer.on(event)
            do { try afterError?(error) } catch { Hooks.reportUnhandledError(error) }
            lifecycle?.terminalFinished()
            lifetime.dispose()
          case .completed:
            do { try onCompleted?() } catch {
              observer.on(.error(error))
              lifetime.dispose()
              return
            }
            lifecycle?.terminalStarted()
            observer.on(event)
            do { try afterCompleted?() } catch { Hooks.reportUnhandledError(error) }
            lifecycle?.terminalFinished()
            lifetime.dispose()
          }
        },
        upstream
      )
      onSubscribed?()
      lifecycle?.subscribed()
    })
  }
}

/// Disposes `do`'s source and runs its `onDispose` in RxSwift's order.
///
/// Not public API.
///
/// A disposal that arrives while the terminal event and its `after…` handler are being
/// forwarded waits for them, source included; `onDispose` also waits for `onSubscribed`, when
/// the subscription ends while the source is still being subscribed.
@usableFromInline
internal final class _DoLifecycle: Disposable {
  @usableFromInline
  internal struct State {
    /// `subscribe` has not returned yet: `onDispose` waits.
    @usableFromInline var subscribing = true
    /// The terminal event is on its way downstream: the source's disposal and `onDispose` wait.
    @usableFromInline var forwardingTerminal = false
    /// The subscription has been disposed.
    @usableFromInline var disposeRequested = false
    /// The source's lifetime, until it is disposed.
    @usableFromInline var upstream: _Lifetime?
    /// `onDispose`, until it runs.
    @usableFromInline var onDispose: (@Sendable () -> Void)?

    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
    init(upstream: _Lifetime, onDispose: (@Sendable () -> Void)?) {
      self.upstream = upstream
      self.onDispose = onDispose
    }

    /// Takes out what is due now: the source's disposal unless a terminal event is being
    /// forwarded, and `onDispose` unless `subscribe` has not returned either.
    #if DEBUG
      @inlinable
    #else
      @_alwaysEmitIntoClient
    #endif
    mutating func due() -> (_Lifetime?, (@Sendable () -> Void)?) {
      guard disposeRequested, !forwardingTerminal else { return (nil, nil) }
      let upstream = self.upstream
      self.upstream = nil
      guard !subscribing else { return (upstream, nil) }
      let onDispose = self.onDispose
      self.onDispose = nil
      return (upstream, onDispose)
    }
  }

  @usableFromInline
  internal let state: _Mutex<State>

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(upstream: _Lifetime, onDispose: (@Sendable () -> Void)?) {
    state = _Mutex(State(upstream: upstream, onDispose: onDispose))
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func perform(_ due: (_Lifetime?, (@Sendable () -> Void)?)) {
    due.0?.dispose()
    due.1?()
  }

  /// The subscription was disposed, by the subscriber or after a terminal event.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func dispose() {
    perform(
      state.withLock { state in
        state.disposeRequested = true
        return state.due()
      })
  }

  /// `subscribe` on the source has returned and `onSubscribed` has run.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func subscribed() {
    perform(
      state.withLock { state in
        state.subscribing = false
        return state.due()
      })
  }

  /// The terminal event is about to be forwarded: hold back a disposal until it is done.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func terminalStarted() {
    state.withLock { $0.forwardingTerminal = true }
  }

  /// The terminal event and its `after…` handler are done: perform a held-back disposal.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func terminalFinished() {
    perform(
      state.withLock { state in
        state.forwardingTerminal = false
        return state.due()
      })
  }
}
