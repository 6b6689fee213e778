import Synchronization

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
  /// Unlike RxSwift, which would send a second terminal event, an error thrown by
  /// `afterError` or `afterCompleted` (when the terminal event has already been forwarded) goes
  /// to ``Hooks/defaultErrorHandler``.
  ///
  /// - Parameters:
  ///   - onNext: Called with each element before it is forwarded.
  ///   - afterNext: Called with each element after it has been forwarded.
  ///   - onError: Called with the error before it is forwarded.
  ///   - afterError: Called with the error after it has been forwarded.
  ///   - onCompleted: Called before completion is forwarded.
  ///   - afterCompleted: Called after completion has been forwarded.
  ///   - onSubscribe: Called before subscribing to the source.
  ///   - onSubscribed: Called after subscribing to the source.
  ///   - onDispose: Called once when the subscription is disposed, after the source
  ///     subscription, whether by the subscriber or after a terminal event (then after
  ///     `afterError` or `afterCompleted`, as in RxSwift).
  /// - Returns: A sequence with the same events.
  @available(swift, introduced: 6)
  @inlinable
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
    return Observable(_run: { observer, lifetime in
      onSubscribe?()
      // The source gets its own lifetime so that it is torn down before `onDispose` runs,
      // however early the subscription ends.
      let upstream = _Lifetime(inheriting: lifetime)
      lifetime.add(upstream)
      let disposeAction = onDispose.map(_DoDisposeAction.init)
      if let disposeAction { lifetime.add(disposeAction) }
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
            disposeAction?.terminalStarted()
            observer.on(event)
            do { try afterError?(error) } catch { Hooks.reportUnhandledError(error) }
            disposeAction?.terminalFinished()
            lifetime.dispose()
          case .completed:
            do { try onCompleted?() } catch {
              observer.on(.error(error))
              lifetime.dispose()
              return
            }
            disposeAction?.terminalStarted()
            observer.on(event)
            do { try afterCompleted?() } catch { Hooks.reportUnhandledError(error) }
            disposeAction?.terminalFinished()
            lifetime.dispose()
          }
        },
        upstream
      )
      onSubscribed?()
    })
  }
}

/// Runs `do`'s `onDispose` once, but not before `afterError`/`afterCompleted` have run when
/// the disposal happens while the terminal event is being forwarded.
///
/// Not public API.
@usableFromInline
internal final class _DoDisposeAction: Disposable {
  @usableFromInline
  internal enum State {
    case idle(@Sendable () -> Void)
    case forwardingTerminal(@Sendable () -> Void)
    case disposedWhileForwarding(@Sendable () -> Void)
    case done
  }

  @usableFromInline
  internal let state: _Mutex<State>

  @usableFromInline
  internal init(_ action: @escaping @Sendable () -> Void) {
    state = _Mutex(.idle(action))
  }

  @usableFromInline
  internal func dispose() {
    let action = state.withLock { state -> (@Sendable () -> Void)? in
      switch state {
      case .idle(let action):
        state = .done
        return action
      case .forwardingTerminal(let action):
        state = .disposedWhileForwarding(action)
        return nil
      case .disposedWhileForwarding, .done:
        return nil
      }
    }
    action?()
  }

  /// The terminal event is about to be forwarded: hold back a disposal until it is done.
  @usableFromInline
  internal func terminalStarted() {
    state.withLock { state in
      if case .idle(let action) = state { state = .forwardingTerminal(action) }
    }
  }

  /// The terminal event and its `after…` handler are done: run a held-back disposal.
  @usableFromInline
  internal func terminalFinished() {
    let action = state.withLock { state -> (@Sendable () -> Void)? in
      switch state {
      case .forwardingTerminal(let action):
        state = .idle(action)
        return nil
      case .disposedWhileForwarding(let action):
        state = .done
        return action
      case .idle, .done:
        return nil
      }
    }
    action?()
  }
}
