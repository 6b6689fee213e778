import ObservableCore

extension BehaviorRelay {
  /// Returns a ``Driver`` of the relay's current value and later values, as RxCocoa's
  /// `BehaviorRelay.asDriver()` does.
  ///
  /// - Returns: A driver of the relay's values, delivered on ``SharingScheduler``.
  @_alwaysEmitIntoClient
  public func asDriver() -> Driver<Element> {
    asInfallible().asDriver()
  }
}

extension PublishRelay {
  /// Returns a ``Signal`` of the values accepted after subscription, as RxCocoa's
  /// `PublishRelay.asSignal()` does.
  ///
  /// - Returns: A signal of the relay's values, delivered on ``SharingScheduler``.
  @_alwaysEmitIntoClient
  public func asSignal() -> Signal<Element> {
    asInfallible().asSignal()
  }
}
