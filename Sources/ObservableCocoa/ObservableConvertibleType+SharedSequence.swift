import ObservableCore

extension ObservableConvertibleType {
  /// Converts the sequence to a ``SharedSequence`` of any sharing strategy that emits
  /// `onErrorJustReturn` and completes if the sequence fails.
  ///
  /// - Parameters:
  ///   - sharingStrategy: The sharing strategy of the result.
  ///   - onErrorJustReturn: The element to emit in place of an error.
  /// - Returns: The shared sequence, delivered on the strategy's scheduler.
  @_alwaysEmitIntoClient
  public func asSharedSequence<Strategy: SharingStrategyProtocol>(
    sharingStrategy: Strategy.Type = Strategy.self, onErrorJustReturn: Element
  ) -> SharedSequence<Strategy, Element> {
    SharedSequence(
      asObservable().observe(on: Strategy.scheduler).catchAndReturn(onErrorJustReturn))
  }

  /// Converts the sequence to a ``SharedSequence`` of any sharing strategy that continues with
  /// `onErrorDriveWith` if the sequence fails.
  ///
  /// - Parameters:
  ///   - sharingStrategy: The sharing strategy of the result.
  ///   - onErrorDriveWith: The shared sequence whose elements follow an error.
  /// - Returns: The shared sequence, delivered on the strategy's scheduler.
  @_alwaysEmitIntoClient
  public func asSharedSequence<Strategy: SharingStrategyProtocol>(
    sharingStrategy: Strategy.Type = Strategy.self,
    onErrorDriveWith: SharedSequence<Strategy, Element>
  ) -> SharedSequence<Strategy, Element> {
    SharedSequence(
      asObservable().observe(on: Strategy.scheduler)
        .catch { _ in onErrorDriveWith.asObservable() })
  }

  /// Converts the sequence to a ``SharedSequence`` of any sharing strategy that continues with
  /// the sequence `onErrorRecover` returns for the error if the sequence fails.
  ///
  /// - Parameters:
  ///   - sharingStrategy: The sharing strategy of the result.
  ///   - onErrorRecover: Returns the shared sequence whose elements follow an error.
  /// - Returns: The shared sequence, delivered on the strategy's scheduler.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func asSharedSequence<Strategy: SharingStrategyProtocol>(
    sharingStrategy: Strategy.Type = Strategy.self,
    onErrorRecover: @escaping @Sendable (any Swift.Error) -> SharedSequence<Strategy, Element>
  ) -> SharedSequence<Strategy, Element> {
    SharedSequence(
      asObservable().observe(on: Strategy.scheduler)
        .catch { error in onErrorRecover(error).asObservable() })
  }
}

extension InfallibleType {
  /// Converts the infallible sequence to a ``SharedSequence`` of any sharing strategy; it
  /// cannot fail, so no recovery is needed.
  ///
  /// - Parameter sharingStrategy: The sharing strategy of the result.
  /// - Returns: The shared sequence, delivered on the strategy's scheduler.
  @_alwaysEmitIntoClient
  public func asSharedSequence<Strategy: SharingStrategyProtocol>(
    sharingStrategy: Strategy.Type = Strategy.self
  ) -> SharedSequence<Strategy, Element> {
    SharedSequence(asObservable().observe(on: Strategy.scheduler))
  }

  /// Converts the infallible sequence to a ``Driver``.
  ///
  /// - Returns: A driver of the sequence's elements, delivered on ``SharingScheduler``.
  @_alwaysEmitIntoClient
  public func asDriver() -> Driver<Element> {
    asSharedSequence(sharingStrategy: DriverSharingStrategy.self)
  }

  /// Converts the infallible sequence to a ``Signal``.
  ///
  /// - Returns: A signal of the sequence's elements, delivered on ``SharingScheduler``.
  @_alwaysEmitIntoClient
  public func asSignal() -> Signal<Element> {
    asSharedSequence(sharingStrategy: SignalSharingStrategy.self)
  }
}
