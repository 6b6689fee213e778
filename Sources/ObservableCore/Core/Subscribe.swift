extension ObservableType {
  /// Subscribes a closure to every event of the sequence.
  ///
  /// - Parameter on: Called with each event, including the terminal one.
  /// - Returns: A disposable that cancels the subscription.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func subscribe(_ on: @escaping @Sendable (Event<Element>) -> Void) -> any Disposable {
    asObservable().subscribe(AnyObserver(eventHandler: on))
  }

  // Swift 5-mode twin: copies this body
  // (The body only calls and captures its closures, so the twin, for the code most apps run,
  // needs no forwarding closure; see Scripts/generate-swift5-twins.swift.)
  /// Subscribes closures to the sequence's elements, error and completion.
  ///
  /// The subscription is disposed after the terminal event, so `onDisposed` runs after
  /// `onError` or `onCompleted`, and also runs if the subscription is disposed early.
  /// An error without an `onError` handler goes to ``Hooks/defaultErrorHandler``, with the
  /// call stack of this call if ``Hooks/recordCallStackOnError`` was `true` when it was made.
  ///
  /// - Parameters:
  ///   - onNext: Called with each element.
  ///   - onError: Called with the error that ends the sequence.
  ///   - onCompleted: Called when the sequence completes.
  ///   - onDisposed: Called once when the subscription is disposed, for any reason.
  /// - Returns: A disposable that cancels the subscription.
  @_disfavoredOverload
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func subscribe(
    onNext: (@Sendable (Element) -> Void)? = nil,
    onError: (@Sendable (any Swift.Error) -> Void)? = nil,
    onCompleted: (@Sendable () -> Void)? = nil,
    onDisposed: (@Sendable () -> Void)? = nil
  ) -> any Disposable {
    let lifetime = _Lifetime()
    let callStack = Hooks._subscriptionCallStack()
    // Captured rather than passed on, so that the Swift 5-mode twin's copy of this body
    // compiles with a closure that is not `@Sendable` (see above).
    if onDisposed != nil { lifetime.onDispose { onDisposed?() } }
    asObservable()._subscribe(
      AnyObserver { event in
        guard !lifetime.isDisposed else { return }
        switch event {
        case .next(let element):
          onNext?(element)
        case .error(let error):
          if let onError {
            onError(error)
          } else {
            Hooks.reportUnhandledError(error, subscriptionCallStack: callStack)
          }
          lifetime.dispose()
        case .completed:
          onCompleted?()
          lifetime.dispose()
        }
      },
      lifetime
    )
    return lifetime
  }
}
