import ObservableCore

// The ways to subscribe to a `Signal`, as in RxCocoa's `Signal+Subscription.swift`.

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
  /// Subscribes `observers` to the signal's events.
  ///
  /// - Parameter observers: The observers, each given every event in turn.
  /// - Returns: A disposable that cancels the subscription.
  @_alwaysEmitIntoClient
  public func emit<Observer: ObserverType>(to observers: Observer...) -> any Disposable
  where Observer.Element == Element {
    asObservable()._bind(to: observers)
  }

  /// Subscribes `observers` of optional elements to the signal's events.
  ///
  /// - Parameter observers: The observers, each given every event in turn.
  /// - Returns: A disposable that cancels the subscription.
  @_alwaysEmitIntoClient
  public func emit<Observer: ObserverType>(to observers: Observer...) -> any Disposable
  where Observer.Element == Element? {
    asObservable().map { Optional($0) }._bind(to: observers)
  }

  /// Sends each element to `relays`.
  ///
  /// - Parameter relays: The relays.
  /// - Returns: A disposable that cancels the subscription.
  @_alwaysEmitIntoClient
  public func emit(to relays: BehaviorRelay<Element>...) -> any Disposable {
    emit(onNext: { element in
      for relay in relays { relay.accept(element) }
    })
  }

  /// Sends each element to `relays` of optional elements.
  ///
  /// - Parameter relays: The relays.
  /// - Returns: A disposable that cancels the subscription.
  @_alwaysEmitIntoClient
  public func emit(to relays: BehaviorRelay<Element?>...) -> any Disposable {
    emit(onNext: { element in
      for relay in relays { relay.accept(element) }
    })
  }

  /// Sends each element to `relays`.
  ///
  /// - Parameter relays: The relays.
  /// - Returns: A disposable that cancels the subscription.
  @_alwaysEmitIntoClient
  public func emit(to relays: PublishRelay<Element>...) -> any Disposable {
    emit(onNext: { element in
      for relay in relays { relay.accept(element) }
    })
  }

  /// Sends each element to `relays` of optional elements.
  ///
  /// - Parameter relays: The relays.
  /// - Returns: A disposable that cancels the subscription.
  @_alwaysEmitIntoClient
  public func emit(to relays: PublishRelay<Element?>...) -> any Disposable {
    emit(onNext: { element in
      for relay in relays { relay.accept(element) }
    })
  }

  /// Sends each element to `relays`.
  ///
  /// - Parameter relays: The relays.
  /// - Returns: A disposable that cancels the subscription.
  @_alwaysEmitIntoClient
  public func emit(to relays: ReplayRelay<Element>...) -> any Disposable {
    emit(onNext: { element in
      for relay in relays { relay.accept(element) }
    })
  }

  /// Sends each element to `relays` of optional elements.
  ///
  /// - Parameter relays: The relays.
  /// - Returns: A disposable that cancels the subscription.
  @_alwaysEmitIntoClient
  public func emit(to relays: ReplayRelay<Element?>...) -> any Disposable {
    emit(onNext: { element in
      for relay in relays { relay.accept(element) }
    })
  }

  /// Subscribes closures to the elements and completion; a signal has no errors.
  ///
  /// - Parameters:
  ///   - onNext: Called with each element. It and the other closures run on the main actor.
  ///   - onCompleted: Called when the signal completes.
  ///   - onDisposed: Called once when the subscription ends, for any reason.
  /// - Returns: A disposable that cancels the subscription.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func emit(
    onNext: (@MainActor @Sendable (Element) -> Void)? = nil,
    onCompleted: (@MainActor @Sendable () -> Void)? = nil,
    onDisposed: (@MainActor @Sendable () -> Void)? = nil
  ) -> any Disposable {
    asObservable().subscribe(
      onNext: _onMainActor(onNext), onCompleted: _onMainActor(onCompleted),
      onDisposed: _onMainActor(onDisposed))
  }

  /// Subscribes closures that are given `object`, held weakly, with the elements and
  /// completion; once `object` is released the closures are no longer called.
  ///
  /// - Parameters:
  ///   - object: The object passed to the closures.
  ///   - onNext: Called with `object` and each element.
  ///   - onCompleted: Called with `object` when the signal completes.
  ///   - onDisposed: Called with `object` once when the subscription ends.
  /// - Returns: A disposable that cancels the subscription.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func emit<Object: AnyObject & Sendable>(
    with object: Object,
    onNext: (@MainActor @Sendable (Object, Element) -> Void)? = nil,
    onCompleted: (@MainActor @Sendable (Object) -> Void)? = nil,
    onDisposed: (@MainActor @Sendable (Object) -> Void)? = nil
  ) -> any Disposable {
    asObservable().subscribe(
      with: object, onNext: _onMainActor(onNext), onCompleted: _onMainActor(onCompleted),
      onDisposed: _onMainActor(onDisposed))
  }
}
