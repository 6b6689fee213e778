/// The per-subscription state of the merging operators (`flatMap`, `flatMapFirst`,
/// `concatMap`, `merge`, `concat()`).
///
/// Not public API.
///
/// Holds the state machine and the serial output behind one `Mutex` and performs the
/// machine's actions after releasing it. Each inner runs within its own child lifetime, kept
/// in the machine until the inner ends; this storage is registered once on the subscription's
/// lifetime and disposes all of them. Waiting inners (with a concurrency limit) are subscribed
/// from a ``_SubscribeLoop``.
@usableFromInline
internal final class _FlatMapStorage<Element: Sendable>: _OuterInnerStorage, Disposable {
  @usableFromInline
  internal let state: _Mutex<_MachineAndOutput<_FlatMapStateMachine<Observable<Element>>, Element>>
  @usableFromInline
  internal let lifetime: _Lifetime
  /// The outer sequence's subscription, disposed as soon as it completes.
  @usableFromInline
  internal let outerLifetime: _Lifetime
  @usableFromInline
  internal let dropsWhileBusy: Bool
  @usableFromInline
  internal let loop = _SubscribeLoop()
  @usableFromInline
  internal let resource: _ResourceToken

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(policy: _FlatMapPolicy, downstream: AnyObserver<Element>, lifetime: _Lifetime) {
    state = _Mutex(
      _MachineAndOutput(_FlatMapStateMachine(policy: policy), downstream: downstream))
    self.lifetime = lifetime
    outerLifetime = _Lifetime(inheriting: lifetime)
    dropsWhileBusy = policy == .dropWhileBusy
    resource = _ResourceToken(inheriting: lifetime.resource)
  }

  /// Whether an outer element should be mapped to an inner sequence.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func shouldTransform() -> Bool {
    guard dropsWhileBusy else { return true }
    return state.withLock { $0.machine.outerElementArrived() } == .transform
  }

  /// The selector returned `inner`.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func innerArrived(_ inner: Observable<Element>) {
    let child = _Lifetime(inheriting: lifetime)
    let action = state.withLock { $0.machine.innerArrived(inner, lifetime: child) }
    switch action {
    case .subscribe(let id):
      subscribe(inner, id: id, within: child)
    case .enqueued, .discard:
      break
    }
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func subscribe(_ inner: Observable<Element>, id: UInt64, within child: _Lifetime) {
    inner._subscribe(AnyObserver { event in self.innerEvent(event, id: id) }, child)
  }

  /// One subscribe-loop step: subscribes the oldest waiting inner, if a slot is reserved.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func subscribeWaiting() {
    guard !lifetime.isDisposed else { return }
    let child = _Lifetime(inheriting: lifetime)
    let action = state.withLock { $0.machine.waitingSubscriptionRequested(lifetime: child) }
    switch action {
    case .subscribe(let inner, let id):
      subscribe(inner, id: id, within: child)
    case .none:
      break
    }
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func innerEvent(_ event: Event<Element>, id: UInt64) {
    switch event {
    case .next:
      let pending = state.withLock { state in
        state.machine.innerElementArrived(id: id) == .forward ? state.output.send(event) : nil
      }
      deliver(pending)
    case .error:
      let pending = state.withLock { state in
        state.machine.innerFailed(id: id) == .forward ? state.output.send(event) : nil
      }
      deliver(pending)
    case .completed:
      let (finished, subscribeNext, pending) = state.withLock {
        state -> (_Lifetime?, Bool, _PendingOutput<Element>?) in
        switch state.machine.innerCompleted(id: id) {
        case .disposeInner(let inner): return (inner, false, nil)
        case .disposeInnerAndSubscribeWaiting(let inner): return (inner, true, nil)
        case .disposeInnerAndComplete(let inner):
          return (inner, false, state.output.send(.completed))
        case .none: return (nil, false, nil)
        }
      }
      finished?.dispose()
      deliver(pending)
      if subscribeNext { loop.run { subscribeWaiting() } }
    }
  }

  /// Disposes every running inner and releases the waiting ones.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func dispose() {
    outerLifetime.dispose()
    let (inners, released) = state.withLock { state in
      (state.machine.disposed(), state.output.cancel())
    }
    for inner in inners.lifetimes { inner.dispose() }
    _ = released
  }
}

extension ObservableType {
  /// The merging operators' shared implementation.
  ///
  /// Not public API.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func _flatMap<Source: ObservableConvertibleType>(
    policy: _FlatMapPolicy, _ selector: @escaping @Sendable (Element) throws -> Source
  ) -> Observable<Source.Element> {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let storage = _FlatMapStorage(policy: policy, downstream: observer, lifetime: lifetime)
      lifetime.onDispose { storage.dispose() }
      let outer = storage.outerLifetime
      source._subscribe(
        AnyObserver { event in
          guard !outer.isDisposed else { return }
          switch event {
          case .next(let element):
            guard storage.shouldTransform() else { return }
            let inner: Observable<Source.Element>
            do { inner = try selector(element).asObservable() } catch {
              storage.outerFailed(error)
              return
            }
            storage.innerArrived(inner)
          case .error(let error):
            storage.outerFailed(error)
          case .completed:
            storage.outerCompleted()
          }
        },
        outer
      )
    })
  }
}
