// Binding to relays, as RxRelay's `Observable+Bind` and RxCocoa's `Infallible+Bind`: a relay
// cannot terminate, so completion is dropped and an error goes to Hooks.defaultErrorHandler
// (RxRelay traps in debug builds; a library here never crashes on input).
//
// Why alike: each overload is a public front RxRelay and RxCocoa declare one by one, over the one
// implementation `_bind(toRelays:)`; what repeats is their declarations and doc comments.

extension ObservableType {
  /// Accepts every element of the sequence into each of `relays`, in the order given.
  ///
  /// Each relay sends the element to its current observers.
  ///
  /// Completion ends the binding without touching the relays; an error ends it and goes to
  /// ``Hooks/defaultErrorHandler``, with the call stack of this call if
  /// ``Hooks/recordCallStackOnError`` is `true`.
  ///
  /// ```
  /// source:  --1--2--|
  /// relay:   --1--2-----
  /// ```
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
  /// Completion ends the binding without touching the relays; an error ends it and goes to
  /// ``Hooks/defaultErrorHandler``, with the call stack of this call if
  /// ``Hooks/recordCallStackOnError`` is `true`.
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
  /// Completion ends the binding without touching the relays; an error ends it and goes to
  /// ``Hooks/defaultErrorHandler``, with the call stack of this call if
  /// ``Hooks/recordCallStackOnError`` is `true`.
  ///
  /// ```
  /// source:  --1--2--|
  /// relay:   0-1--2-----  (created with 0, observed from 0)
  /// ```
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
  /// Completion ends the binding without touching the relays; an error ends it and goes to
  /// ``Hooks/defaultErrorHandler``, with the call stack of this call if
  /// ``Hooks/recordCallStackOnError`` is `true`.
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
  /// Completion ends the binding without touching the relays; an error ends it and goes to
  /// ``Hooks/defaultErrorHandler``, with the call stack of this call if
  /// ``Hooks/recordCallStackOnError`` is `true`.
  ///
  /// ```
  /// source:  --1--2--|
  /// relay:   --1--2-----
  /// ```
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
  /// Completion ends the binding without touching the relays; an error ends it and goes to
  /// ``Hooks/defaultErrorHandler``, with the call stack of this call if
  /// ``Hooks/recordCallStackOnError`` is `true`.
  ///
  /// - Parameter relays: The replay relays of optional elements to accept the elements.
  /// - Returns: A disposable that cancels the binding and releases the relays.
  @_alwaysEmitIntoClient
  public func bind(to relays: ReplayRelay<Element?>...) -> any Disposable {
    asObservable().map { $0 as Element? }._bind(toRelays: relays)
  }
}

extension InfallibleType {
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

/// A relay: a sequence that takes elements with ``accept(_:)`` and never terminates.
///
/// Not public API: it lets one implementation, ``Observable/_bind(toRelays:)``, serve every
/// `bind(to:)` for relays, here and in ObservableCocoa.
@usableFromInline package protocol _Relay<Element>: ObservableType {
  /// Sends `event` to the relay's observers, as the relay's own `accept(_:)` documents.
  ///
  /// - Parameter event: The element.
  func accept(_ event: Element)
}

extension PublishRelay: _Relay {}
extension BehaviorRelay: _Relay {}
extension ReplayRelay: _Relay {}

extension Observable {
  /// Accepts every element of the sequence into each of `relays`, in order.
  ///
  /// The body of every `bind(to:)` for relays. Completion ends the binding; an error ends it
  /// and goes to ``Hooks/defaultErrorHandler``, as with `subscribe(onNext:)`.
  ///
  /// Not public API.
  ///
  /// - Parameter relays: The relays to accept the elements.
  /// - Returns: A disposable that cancels the binding and releases the relays.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package func _bind<Relay: _Relay>(toRelays relays: [Relay]) -> any Disposable
  where Relay.Element == Element {
    subscribe(onNext: { element in
      for relay in relays { relay.accept(element) }
    })
  }
}
