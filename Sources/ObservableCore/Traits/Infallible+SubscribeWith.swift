extension Infallible {
  /// Subscribes closures that receive `object`, held weakly, with each element and the
  /// completion.
  ///
  /// The subscription never keeps `object` alive. While it exists, each closure is called
  /// with it; once it is gone, events are still consumed but no closure is called. Dispose
  /// the subscription to stop it.
  ///
  /// - Parameters:
  ///   - object: The object to pass to the closures. It must be `Sendable`, since the closures
  ///     may run on any thread; a `@MainActor` class is.
  ///   - onNext: Called with `object` and each element.
  ///   - onCompleted: Called with `object` when the sequence completes.
  ///   - onDisposed: Called with `object` once the subscription is disposed, for any reason.
  /// - Returns: A disposable that cancels the subscription.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func subscribe<Object: AnyObject & Sendable>(
    with object: Object,
    onNext: (@Sendable (Object, Element) -> Void)? = nil,
    onCompleted: (@Sendable (Object) -> Void)? = nil,
    onDisposed: (@Sendable (Object) -> Void)? = nil
  ) -> any Disposable {
    subscribe(
      onNext: _weakly(object, onNext),
      onCompleted: _weakly(object, onCompleted),
      onDisposed: _weakly(object, onDisposed)
    )
  }
}
