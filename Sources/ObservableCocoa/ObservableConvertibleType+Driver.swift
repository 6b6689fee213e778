import ObservableCore

// Why alike: RxCocoa's conversions, each a few lines (observe on the strategy's scheduler,
// then recover from an error), declared for this strategy as `asSignal` is for the other one.

extension ObservableConvertibleType {
  /// Converts the sequence to a ``Driver`` that emits `onErrorJustReturn` and completes if the
  /// sequence fails.
  ///
  /// ```
  /// source:                         -1-2-#
  /// asDriver(onErrorJustReturn: 0)  -1-2-[0|]
  /// ```
  ///
  /// - Parameter onErrorJustReturn: The element to emit in place of an error.
  /// - Returns: A driver of the sequence's elements, delivered on ``SharingScheduler``.
  @_alwaysEmitIntoClient
  public func asDriver(onErrorJustReturn: Element) -> Driver<Element> {
    Driver(
      asObservable()
        .observe(on: DriverSharingStrategy.scheduler)
        .catchAndReturn(onErrorJustReturn))
  }

  /// Converts the sequence to a ``Driver`` that continues with `onErrorDriveWith` if the
  /// sequence fails.
  ///
  /// - Parameter onErrorDriveWith: The driver whose elements follow an error.
  /// - Returns: A driver of the sequence's elements, delivered on ``SharingScheduler``.
  @_alwaysEmitIntoClient
  public func asDriver(onErrorDriveWith: Driver<Element>) -> Driver<Element> {
    Driver(
      asObservable()
        .observe(on: DriverSharingStrategy.scheduler)
        .catch { _ in onErrorDriveWith.asObservable() })
  }

  /// Converts the sequence to a ``Driver`` that continues with the driver `onErrorRecover`
  /// returns for the error if the sequence fails.
  ///
  /// - Parameter onErrorRecover: Returns the driver whose elements follow an error; runs on the
  ///   main actor.
  /// - Returns: A driver of the sequence's elements, delivered on ``SharingScheduler``.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func asDriver(
    onErrorRecover: @escaping @MainActor @Sendable (any Swift.Error) -> Driver<Element>
  ) -> Driver<Element> {
    Driver(
      asObservable()
        .observe(on: DriverSharingStrategy.scheduler)
        .catch { error in _callOnMainActor(onErrorRecover, error).asObservable() })
  }
}
