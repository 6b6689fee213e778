import ObservableCore

// `bind(to:)` for drivers and signals, as ObservableCore offers it for `Observable` and
// `Infallible`. RxCocoa has none: there, a shared sequence is bound with `drive` or `emit`, or
// through `asObservable()`. These are the same as `asObservable().bind(to:)`; unlike `drive`,
// they do not check the thread they are called on.
//
// Why alike: these fronts repeat Relay+Bind.swift's declarations and doc comments for shared
// sequences; the behaviour is written once, in `_bind(to:)` and `_bind(toRelays:)`.

extension SharedSequenceConvertibleType {
  /// Subscribes `observers` to the sequence: each receives every element and the completion,
  /// in the order given.
  ///
  /// - Parameter observers: The observers that receive the events.
  /// - Returns: A disposable that cancels the subscription and releases the observers.
  @_alwaysEmitIntoClient
  public func bind<Observer: ObserverType>(to observers: Observer...) -> any Disposable
  where Observer.Element == Element {
    asObservable()._bind(to: observers)
  }

  /// Subscribes `observers` of optional elements to the sequence: each receives every
  /// element, wrapped in `Optional`, and the completion.
  ///
  /// - Parameter observers: The observers that receive the events.
  /// - Returns: A disposable that cancels the subscription and releases the observers.
  @_alwaysEmitIntoClient
  public func bind<Observer: ObserverType>(to observers: Observer...) -> any Disposable
  where Observer.Element == Element? {
    asObservable().map { $0 as Element? }._bind(to: observers)
  }

  /// Subscribes `onNext` to the elements of the sequence.
  ///
  /// - Parameter onNext: Called with each element, on the thread that delivers it.
  /// - Returns: A disposable that cancels the subscription and releases `onNext`.
  @available(swift, introduced: 6)
  @_disfavoredOverload
  @_alwaysEmitIntoClient
  public func bind(onNext: @escaping @Sendable (Element) -> Void) -> any Disposable {
    asObservable()._sendableSubscribe(onNext: onNext)
  }

  /// Calls `binder` with this sequence and returns its result.
  ///
  /// - Parameter binder: Sets up the binding, usually by subscribing to the sequence.
  /// - Returns: What `binder` returns, usually a disposable.
  @_alwaysEmitIntoClient
  public func bind<Result>(to binder: (Self) -> Result) -> Result {
    binder(self)
  }

  /// Calls `binder` with this sequence, then the returned function with `curriedArgument`,
  /// and returns its result.
  ///
  /// - Parameters:
  ///   - binder: Sets up the binding in two steps.
  ///   - curriedArgument: The argument of the second step.
  /// - Returns: What the second step returns, usually a disposable.
  @_alwaysEmitIntoClient
  public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
    binder(self)(curriedArgument)
  }

  /// Accepts every element of the sequence into each of `relays`, in the order given.
  ///
  /// Each relay sends the element to its current observers.
  ///
  /// Completion ends the binding without touching the relays.
  ///
  /// - Parameter relays: The publish relays to accept the elements.
  /// - Returns: A disposable that cancels the binding and releases the relays.
  @_alwaysEmitIntoClient
  public func bind(to relays: PublishRelay<Element>...) -> any Disposable {
    asObservable()._bind(toRelays: relays)
  }

  /// Accepts every element of the sequence, wrapped in `Optional`, into each of `relays`, in
  /// the order given.
  ///
  /// Completion ends the binding without touching the relays.
  ///
  /// - Parameter relays: The publish relays of optional elements to accept the elements.
  /// - Returns: A disposable that cancels the binding and releases the relays.
  @_alwaysEmitIntoClient
  public func bind(to relays: PublishRelay<Element?>...) -> any Disposable {
    asObservable().map { $0 as Element? }._bind(toRelays: relays)
  }

  /// Accepts every element of the sequence into each of `relays`, in the order given.
  ///
  /// Each relay makes the element its current value and sends it to its observers.
  ///
  /// Completion ends the binding without touching the relays.
  ///
  /// - Parameter relays: The behavior relays to accept the elements.
  /// - Returns: A disposable that cancels the binding and releases the relays.
  @_alwaysEmitIntoClient
  public func bind(to relays: BehaviorRelay<Element>...) -> any Disposable {
    asObservable()._bind(toRelays: relays)
  }

  /// Accepts every element of the sequence, wrapped in `Optional`, into each of `relays`, in
  /// the order given.
  ///
  /// Completion ends the binding without touching the relays.
  ///
  /// - Parameter relays: The behavior relays of optional elements to accept the elements.
  /// - Returns: A disposable that cancels the binding and releases the relays.
  @_alwaysEmitIntoClient
  public func bind(to relays: BehaviorRelay<Element?>...) -> any Disposable {
    asObservable().map { $0 as Element? }._bind(toRelays: relays)
  }

  /// Accepts every element of the sequence into each of `relays`, in the order given.
  ///
  /// Each relay adds the element to its buffer and sends it to its observers.
  ///
  /// Completion ends the binding without touching the relays.
  ///
  /// - Parameter relays: The replay relays to accept the elements.
  /// - Returns: A disposable that cancels the binding and releases the relays.
  @_alwaysEmitIntoClient
  public func bind(to relays: ReplayRelay<Element>...) -> any Disposable {
    asObservable()._bind(toRelays: relays)
  }

  /// Accepts every element of the sequence, wrapped in `Optional`, into each of `relays`, in
  /// the order given.
  ///
  /// Completion ends the binding without touching the relays.
  ///
  /// - Parameter relays: The replay relays of optional elements to accept the elements.
  /// - Returns: A disposable that cancels the binding and releases the relays.
  @_alwaysEmitIntoClient
  public func bind(to relays: ReplayRelay<Element?>...) -> any Disposable {
    asObservable().map { $0 as Element? }._bind(toRelays: relays)
  }
}
