extension ObservableType {
  /// Subscribes `observers` to the sequence: each receives every event, in the order given.
  ///
  /// Bind to ``Binder``s (such as `object.rx.property`) to update an object from a sequence;
  /// a binder reports an error to ``Hooks/defaultErrorHandler`` instead of failing.
  ///
  /// ```
  /// source:     --1--2--|
  /// observer1:  --1--2--|
  /// observer2:  --1--2--|
  /// ```
  ///
  /// - Parameter observers: The observers that receive the events.
  /// - Returns: A disposable that cancels the subscription and releases the observers.
  @_alwaysEmitIntoClient
  public func bind<Observer: ObserverType>(to observers: Observer...) -> any Disposable
  where Observer.Element == Element {
    asObservable()._bind(to: observers)
  }

  /// Subscribes `observers` of optional elements to the sequence: each receives every event,
  /// with the elements wrapped in `Optional`.
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
  /// Completion ends the binding. An error ends it too and goes to
  /// ``Hooks/defaultErrorHandler``; a binding never crashes (RxSwift traps in debug builds).
  ///
  /// - Parameter onNext: Called with each element, on the thread that delivers it.
  /// - Returns: A disposable that cancels the subscription and releases `onNext`.
  @_disfavoredOverload
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func bind(onNext: @escaping @Sendable (Element) -> Void) -> any Disposable {
    // Named by its type: the Swift 5-mode twin of `subscribe` is disfavored too.
    let subscribe:
      (
        (@Sendable (Element) -> Void)?, (@Sendable (any Swift.Error) -> Void)?,
        (@Sendable () -> Void)?, (@Sendable () -> Void)?
      ) -> any Disposable = self.subscribe(onNext:onError:onCompleted:onDisposed:)
    return subscribe(onNext, nil, nil, nil)
  }

  /// Calls `binder` with this sequence and returns its result.
  ///
  /// Lets a function that sets up a binding read as a bind target:
  /// `names.bind(to: label.rx.bindText)`.
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
}

extension InfallibleType {
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
  @_alwaysEmitIntoClient
  public func bind(onNext: @escaping @Sendable (Element) -> Void) -> any Disposable {
    asObservable().subscribe(onNext: onNext)
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
}

extension Observable {
  /// Subscribes every observer in `observers`, forwarding each event to all of them in order.
  ///
  /// Not public API.
  ///
  /// - Parameter observers: The observers.
  /// - Returns: A disposable that cancels the subscription.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  package func _bind<Observer: ObserverType>(to observers: [Observer]) -> any Disposable
  where Observer.Element == Element {
    // An observer that tells its subscriptions apart gets one for this binding. For any other
    // observer the loop folds away once specialized.
    var scoped: [AnyObserver<Element>]?
    for index in observers.indices {
      guard let observer = observers[index]._observerForSubscription() else { continue }
      if scoped == nil { scoped = observers.map { AnyObserver($0) } }
      scoped?[index] = observer
    }
    if let scoped {
      return subscribe(
        AnyObserver { event in
          for observer in scoped { observer.on(event) }
        })
    }
    return subscribe(
      AnyObserver { event in
        for observer in observers { observer.on(event) }
      })
  }
}
