/// The shared state of one ``ObservableType/sample(_:defaultValue:)`` subscription.
///
/// Not public API.
@usableFromInline
internal final class _SampleStorage<Element: Sendable>: Disposable {
  @usableFromInline
  internal typealias State = _MachineAndOutput<_SampleStateMachine<Element>, Element>

  @usableFromInline let state: _Mutex<State>
  @usableFromInline let lifetime: _Lifetime
  @usableFromInline let sourceLifetime: _Lifetime
  @usableFromInline let resource: _ResourceToken

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(
    downstream: AnyObserver<Element>, lifetime: _Lifetime, sourceLifetime: _Lifetime,
    defaultValue: Element?
  ) {
    state = _Mutex(
      State(_SampleStateMachine(defaultValue: defaultValue), downstream: downstream))
    self.lifetime = lifetime
    self.sourceLifetime = sourceLifetime
    resource = _ResourceToken(inheriting: lifetime.resource)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func sourceEvent(_ event: Event<Element>) {
    switch event {
    case .next(let element):
      let replaced = state.withLock { $0.machine.sourceElement(element) }
      _ = replaced
    case .error(let error):
      fail(error)
    case .completed:
      let dispose = state.withLock { $0.machine.sourceCompleted() }
      if dispose { sourceLifetime.dispose() }
    }
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func samplerEvent<Tick>(_ event: Event<Tick>) {
    switch event {
    case .next, .completed:
      let isFinal = event.isCompleted
      let first = state.withLock { state -> _PendingOutput<Element>? in
        guard
          case .emit(let element, let thenComplete) = state.machine.samplerTicked(
            isFinal: isFinal)
        else { return nil }
        switch (element, thenComplete) {
        case (let element?, true): return state.output.send(.next(element), then: .completed)
        case (let element?, false): return state.output.send(.next(element))
        case (nil, true): return state.output.send(.completed)
        case (nil, false): return nil
        }
      }
      state._drainOutput(first, lifetime: lifetime)
    case .error(let error):
      fail(error)
    }
  }

  @usableFromInline
  internal func fail(_ error: any Swift.Error) {
    let first = state.withLock { state -> _PendingOutput<Element>? in
      guard case .fail = state.machine.failed() else { return nil }
      return state.output.send(.error(error))
    }
    state._drainOutput(first, lifetime: lifetime)
  }

  @usableFromInline
  internal func dispose() {
    let released = state.withLock { state in
      (state.machine.disposed(), state.output.cancel())
    }
    _ = released
  }
}
