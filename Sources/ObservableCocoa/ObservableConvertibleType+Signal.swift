import ObservableCore

// Why alike: RxCocoa's conversions, each a few lines (observe on the strategy's scheduler,
// then recover from an error), declared for this strategy as `asDriver` is for the other one.

extension ObservableConvertibleType {
  /// Converts the sequence to a ``Signal`` that emits `onErrorJustReturn` and completes if the
  /// sequence fails.
  ///
  /// ```
  /// source:                         -1-2-#
  /// asSignal(onErrorJustReturn: 0)  -1-2-[0|]
  /// ```
  ///
  /// - Parameter onErrorJustReturn: The element to emit in place of an error.
  /// - Returns: A signal of the sequence's elements, delivered on ``SharingScheduler``.
  @_alwaysEmitIntoClient
  public func asSignal(onErrorJustReturn: Element) -> Signal<Element> {
    Signal(
      asObservable()
        .observe(on: SignalSharingStrategy.scheduler)
        .catchAndReturn(onErrorJustReturn))
  }

  /// Converts the sequence to a ``Signal`` that continues with `onErrorSignalWith` if the
  /// sequence fails.
  ///
  /// - Parameter onErrorSignalWith: The signal whose elements follow an error.
  /// - Returns: A signal of the sequence's elements, delivered on ``SharingScheduler``.
  @_alwaysEmitIntoClient
  public func asSignal(onErrorSignalWith: Signal<Element>) -> Signal<Element> {
    Signal(
      asObservable()
        .observe(on: SignalSharingStrategy.scheduler)
        .catch { _ in onErrorSignalWith.asObservable() })
  }

  /// Converts the sequence to a ``Signal`` that continues with the signal `onErrorRecover`
  /// returns for the error if the sequence fails.
  ///
  /// - Parameter onErrorRecover: Returns the signal whose elements follow an error; runs on the
  ///   main actor.
  /// - Returns: A signal of the sequence's elements, delivered on ``SharingScheduler``.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func asSignal(
    onErrorRecover: @escaping @MainActor @Sendable (any Swift.Error) -> Signal<Element>
  ) -> Signal<Element> {
    Signal(
      asObservable()
        .observe(on: SignalSharingStrategy.scheduler)
        .catch { error in _callOnMainActor(onErrorRecover, error).asObservable() })
  }
}
