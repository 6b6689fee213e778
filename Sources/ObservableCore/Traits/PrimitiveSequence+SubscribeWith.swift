extension PrimitiveSequence where Trait == SingleTrait {
  /// Subscribes closures that receive `object`, held weakly, with the outcome.
  ///
  /// The subscription never keeps `object` alive. While it exists, each closure is called
  /// with it; once it is gone, the outcome is still consumed but no closure is called.
  ///
  /// As in RxSwift, an error is never reported to ``Hooks/defaultErrorHandler``, even when
  /// `onFailure` is `nil`.
  ///
  /// - Parameters:
  ///   - object: The object to pass to the closures. It must be `Sendable`, since the closures
  ///     may run on any thread; a `@MainActor` class is.
  ///   - onSuccess: Called with `object` and the element.
  ///   - onFailure: Called with `object` and the error.
  ///   - onDisposed: Called with `object` once the subscription is disposed, for any reason.
  /// - Returns: A disposable that cancels the subscription.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func subscribe<Object: AnyObject & Sendable>(
    with object: Object,
    onSuccess: (@Sendable (Object, Element) -> Void)? = nil,
    onFailure: (@Sendable (Object, any Swift.Error) -> Void)? = nil,
    onDisposed: (@Sendable (Object) -> Void)? = nil
  ) -> any Disposable {
    subscribe(
      onSuccess: _weakly(object, onSuccess),
      onFailure: _weakly(object, onFailure),
      onDisposed: _weakly(object, onDisposed)
    )
  }
}

extension PrimitiveSequence where Trait == MaybeTrait {
  /// Subscribes closures that receive `object`, held weakly, with the outcome.
  ///
  /// The subscription never keeps `object` alive. While it exists, each closure is called
  /// with it; once it is gone, the outcome is still consumed but no closure is called.
  ///
  /// As in RxSwift, an error is never reported to ``Hooks/defaultErrorHandler``, even when
  /// `onError` is `nil`.
  ///
  /// - Parameters:
  ///   - object: The object to pass to the closures. It must be `Sendable`, since the closures
  ///     may run on any thread; a `@MainActor` class is.
  ///   - onSuccess: Called with `object` and the element.
  ///   - onError: Called with `object` and the error.
  ///   - onCompleted: Called with `object` if the `Maybe` completes without an element.
  ///   - onDisposed: Called with `object` once the subscription is disposed, for any reason.
  /// - Returns: A disposable that cancels the subscription.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func subscribe<Object: AnyObject & Sendable>(
    with object: Object,
    onSuccess: (@Sendable (Object, Element) -> Void)? = nil,
    onError: (@Sendable (Object, any Swift.Error) -> Void)? = nil,
    onCompleted: (@Sendable (Object) -> Void)? = nil,
    onDisposed: (@Sendable (Object) -> Void)? = nil
  ) -> any Disposable {
    subscribe(
      onSuccess: _weakly(object, onSuccess),
      onError: _weakly(object, onError),
      onCompleted: _weakly(object, onCompleted),
      onDisposed: _weakly(object, onDisposed)
    )
  }
}

extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
  /// Subscribes closures that receive `object`, held weakly, with the outcome.
  ///
  /// The subscription never keeps `object` alive. While it exists, each closure is called
  /// with it; once it is gone, the outcome is still consumed but no closure is called.
  ///
  /// As in RxSwift, an error is never reported to ``Hooks/defaultErrorHandler``, even when
  /// `onError` is `nil`.
  ///
  /// - Parameters:
  ///   - object: The object to pass to the closures. It must be `Sendable`, since the closures
  ///     may run on any thread; a `@MainActor` class is.
  ///   - onCompleted: Called with `object` when the work finishes.
  ///   - onError: Called with `object` and the error.
  ///   - onDisposed: Called with `object` once the subscription is disposed, for any reason.
  /// - Returns: A disposable that cancels the subscription.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func subscribe<Object: AnyObject & Sendable>(
    with object: Object,
    onCompleted: (@Sendable (Object) -> Void)? = nil,
    onError: (@Sendable (Object, any Swift.Error) -> Void)? = nil,
    onDisposed: (@Sendable (Object) -> Void)? = nil
  ) -> any Disposable {
    subscribe(
      onCompleted: _weakly(object, onCompleted),
      onError: _weakly(object, onError),
      onDisposed: _weakly(object, onDisposed)
    )
  }
}
