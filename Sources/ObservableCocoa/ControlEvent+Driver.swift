import ObservableCore

extension ControlEvent {
  /// Returns the control's events as a ``Driver``, as RxCocoa's `ControlEvent.asDriver()`
  /// does.
  ///
  /// A control event never fails, so nothing replaces an error. If its sequence fails all the
  /// same, the error goes to `Hooks.defaultErrorHandler` and the driver completes (RxCocoa
  /// traps in debug builds).
  ///
  /// - Returns: A driver of the control's events, delivered on ``SharingScheduler``.
  public func asDriver() -> Driver<PropertyType> {
    events.infallibleReportingErrors().asDriver()
  }
}
