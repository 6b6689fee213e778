import ObservableCore

// The ways to subscribe to a `Driver`, as in RxCocoa's `Driver+Subscription.swift`. Each checks,
// as RxCocoa's do, that it is called on the main thread, so that the element a driver replays
// at subscription is delivered there; RxCocoa traps, these report to
// `Hooks.mainThreadViolationHandler`. A driver built inside `SharingScheduler.mock` delivers on
// the mock scheduler and is not checked.

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
  /// Subscribes `observers` to the driver's events.
  ///
  /// - Parameter observers: The observers, each given every event in turn.
  /// - Returns: A disposable that cancels the subscription.
  @_alwaysEmitIntoClient
  public func drive<Observer: ObserverType>(_ observers: Observer...) -> any Disposable
  where Observer.Element == Element {
    _ensureDrivenOnMainThread()
    return asObservable()._bind(to: observers)
  }

  /// Subscribes `observers` of optional elements to the driver's events.
  ///
  /// - Parameter observers: The observers, each given every event in turn.
  /// - Returns: A disposable that cancels the subscription.
  @_alwaysEmitIntoClient
  public func drive<Observer: ObserverType>(_ observers: Observer...) -> any Disposable
  where Observer.Element == Element? {
    _ensureDrivenOnMainThread()
    return asObservable().map { Optional($0) }._bind(to: observers)
  }

  /// Sends each element to `relays`.
  ///
  /// - Parameter relays: The relays.
  /// - Returns: A disposable that cancels the subscription.
  @_alwaysEmitIntoClient
  public func drive(_ relays: BehaviorRelay<Element>...) -> any Disposable {
    _ensureDrivenOnMainThread()
    return asObservable().subscribe(onNext: { element in
      for relay in relays { relay.accept(element) }
    })
  }

  /// Sends each element to `relays` of optional elements.
  ///
  /// - Parameter relays: The relays.
  /// - Returns: A disposable that cancels the subscription.
  @_alwaysEmitIntoClient
  public func drive(_ relays: BehaviorRelay<Element?>...) -> any Disposable {
    _ensureDrivenOnMainThread()
    return asObservable().subscribe(onNext: { element in
      for relay in relays { relay.accept(element) }
    })
  }

  /// Sends each element to `relays`.
  ///
  /// - Parameter relays: The relays.
  /// - Returns: A disposable that cancels the subscription.
  @_alwaysEmitIntoClient
  public func drive(_ relays: PublishRelay<Element>...) -> any Disposable {
    _ensureDrivenOnMainThread()
    return asObservable().subscribe(onNext: { element in
      for relay in relays { relay.accept(element) }
    })
  }

  /// Sends each element to `relays` of optional elements.
  ///
  /// - Parameter relays: The relays.
  /// - Returns: A disposable that cancels the subscription.
  @_alwaysEmitIntoClient
  public func drive(_ relays: PublishRelay<Element?>...) -> any Disposable {
    _ensureDrivenOnMainThread()
    return asObservable().subscribe(onNext: { element in
      for relay in relays { relay.accept(element) }
    })
  }

  /// Sends each element to `relays`.
  ///
  /// - Parameter relays: The relays.
  /// - Returns: A disposable that cancels the subscription.
  @_alwaysEmitIntoClient
  public func drive(_ relays: ReplayRelay<Element>...) -> any Disposable {
    _ensureDrivenOnMainThread()
    return asObservable().subscribe(onNext: { element in
      for relay in relays { relay.accept(element) }
    })
  }

  /// Sends each element to `relays` of optional elements.
  ///
  /// - Parameter relays: The relays.
  /// - Returns: A disposable that cancels the subscription.
  @_alwaysEmitIntoClient
  public func drive(_ relays: ReplayRelay<Element?>...) -> any Disposable {
    _ensureDrivenOnMainThread()
    return asObservable().subscribe(onNext: { element in
      for relay in relays { relay.accept(element) }
    })
  }

  /// Passes the driver, as an observable, to `transformation`, which subscribes to it.
  ///
  /// - Parameter transformation: Subscribes to the observable.
  /// - Returns: What `transformation` returns.
  @_alwaysEmitIntoClient
  public func drive<Result>(_ transformation: (Observable<Element>) -> Result) -> Result {
    _ensureDrivenOnMainThread()
    return transformation(asObservable())
  }

  /// Passes the driver, as an observable, and `curriedArgument` to `with`, which subscribes.
  ///
  /// - Parameters:
  ///   - with: Subscribes to the observable.
  ///   - curriedArgument: The last argument to `with`.
  /// - Returns: What `with` returns.
  @_alwaysEmitIntoClient
  public func drive<R1, R2>(
    _ with: (Observable<Element>) -> (R1) -> R2, curriedArgument: R1
  ) -> R2 {
    _ensureDrivenOnMainThread()
    return with(asObservable())(curriedArgument)
  }

  /// Subscribes closures to the elements and completion; a driver has no errors.
  ///
  /// - Parameters:
  ///   - onNext: Called with each element. It and the other closures run on the main actor.
  ///   - onCompleted: Called when the driver completes.
  ///   - onDisposed: Called once when the subscription ends, for any reason.
  /// - Returns: A disposable that cancels the subscription.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func drive(
    onNext: (@MainActor @Sendable (Element) -> Void)? = nil,
    onCompleted: (@MainActor @Sendable () -> Void)? = nil,
    onDisposed: (@MainActor @Sendable () -> Void)? = nil
  ) -> any Disposable {
    _ensureDrivenOnMainThread()
    return asObservable().subscribe(
      onNext: _onMainActor(onNext), onCompleted: _onMainActor(onCompleted),
      onDisposed: _onMainActor(onDisposed))
  }

  /// Subscribes closures that are given `object`, held weakly, with the elements and
  /// completion; once `object` is released the closures are no longer called.
  ///
  /// - Parameters:
  ///   - object: The object passed to the closures.
  ///   - onNext: Called with `object` and each element.
  ///   - onCompleted: Called with `object` when the driver completes.
  ///   - onDisposed: Called with `object` once when the subscription ends.
  /// - Returns: A disposable that cancels the subscription.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func drive<Object: AnyObject & Sendable>(
    with object: Object,
    onNext: (@MainActor @Sendable (Object, Element) -> Void)? = nil,
    onCompleted: (@MainActor @Sendable (Object) -> Void)? = nil,
    onDisposed: (@MainActor @Sendable (Object) -> Void)? = nil
  ) -> any Disposable {
    _ensureDrivenOnMainThread()
    return asObservable().subscribe(
      with: object, onNext: _onMainActor(onNext), onCompleted: _onMainActor(onCompleted),
      onDisposed: _onMainActor(onDisposed))
  }
}

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
  /// Reports to `Hooks.mainThreadViolationHandler` when a driver that delivers on
  /// `MainScheduler` is driven off the main queue.
  ///
  /// Not public API.
  @usableFromInline
  internal func _ensureDrivenOnMainThread() {
    guard asSharedSequence().deliversOnMainScheduler else { return }
    MainScheduler.ensureExecutingOnScheduler(
      errorMessage: "`drive` was called off the main thread. Drive a `Driver` on the main "
        + "thread: it replays its latest element to a new subscriber at once, on the thread "
        + "that subscribes, and that element must reach the observer on the main thread too.")
  }
}
