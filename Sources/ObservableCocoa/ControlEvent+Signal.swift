import ObservableCore

extension ControlEvent {
  /// Returns the control's events as a ``Signal``, as RxCocoa's `ControlEvent.asSignal()`
  /// does.
  ///
  /// A control event never fails, so nothing replaces an error. If its sequence fails all the
  /// same, the error goes to `Hooks.defaultErrorHandler` and the signal completes (RxCocoa
  /// traps in debug builds).
  ///
  /// - Returns: A signal of the control's events, delivered on ``SharingScheduler``.
  public func asSignal() -> Signal<PropertyType> {
    events.infallibleReportingErrors().asSignal()
  }
}
