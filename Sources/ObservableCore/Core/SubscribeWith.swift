extension ObservableType {
  /// Subscribes closures that receive `object`, held weakly, with each event.
  ///
  /// The subscription never keeps `object` alive. While it exists, each closure is called
  /// with it; once it is gone, events are still consumed but no closure is called. The
  /// subscription itself goes on until the sequence terminates or it is disposed: dispose it
  /// (with a `DisposeBag` owned by `object`, say) to stop it.
  ///
  /// As in RxSwift, an error is never reported to ``Hooks/defaultErrorHandler``, even when
  /// `onError` is `nil`.
  ///
  /// - Parameters:
  ///   - object: The object to pass to the closures. It must be `Sendable`, since the closures
  ///     may run on any thread; a `@MainActor` class is.
  ///   - onNext: Called with `object` and each element.
  ///   - onError: Called with `object` and the error that ends the sequence.
  ///   - onCompleted: Called with `object` when the sequence completes.
  ///   - onDisposed: Called with `object` once the subscription is disposed, for any reason.
  /// - Returns: A disposable that cancels the subscription.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func subscribe<Object: AnyObject & Sendable>(
    with object: Object,
    onNext: (@Sendable (Object, Element) -> Void)? = nil,
    onError: (@Sendable (Object, any Swift.Error) -> Void)? = nil,
    onCompleted: (@Sendable (Object) -> Void)? = nil,
    onDisposed: (@Sendable (Object) -> Void)? = nil
  ) -> any Disposable {
    asObservable().subscribe(
      onNext: _weakly(object, onNext),
      onError: _weakly(object, onError),
      onCompleted: _weakly(object, onCompleted),
      onDisposed: _weakly(object, onDisposed)
    )
  }
}

/// Wraps a `subscribe(with:)` handler, holding `object` weakly.
///
/// The result calls `handler` with `object` and its argument while `object` lives, and does
/// nothing once it is gone (or when `handler` is `nil`). It is the one body of every
/// `subscribe(with:)` closure, and never `nil`, so that an error is consumed even without
/// `onError`, as RxSwift does.
///
/// - Parameters:
///   - object: The object, held weakly.
///   - handler: The handler, if any.
/// - Returns: The closure to subscribe.
#if DEBUG
  @inlinable
#else
  @_alwaysEmitIntoClient
#endif
internal func _weakly<Object: AnyObject & Sendable, Value>(
  _ object: Object, _ handler: (@Sendable (Object, Value) -> Void)?
) -> @Sendable (Value) -> Void {
  { [weak object] value in
    guard let object else { return }
    handler?(object, value)
  }
}

/// Wraps a `subscribe(with:)` handler without an argument, as the other `_weakly(_:_:)`.
///
/// - Parameters:
///   - object: The object, held weakly.
///   - handler: The handler, if any.
/// - Returns: The closure to subscribe.
#if DEBUG
  @inlinable
#else
  @_alwaysEmitIntoClient
#endif
internal func _weakly<Object: AnyObject & Sendable>(
  _ object: Object, _ handler: (@Sendable (Object) -> Void)?
) -> @Sendable () -> Void {
  { [weak object] in
    guard let object else { return }
    handler?(object)
  }
}
