import ObservableCore

extension ControlProperty {
  /// Returns the control's values as a ``Driver``, as RxCocoa's `ControlProperty.asDriver()`
  /// does.
  ///
  /// A control property never fails, so nothing replaces an error. If its sequence fails all
  /// the same, the error goes to `Hooks.defaultErrorHandler` and the driver completes (RxCocoa
  /// traps in debug builds).
  ///
  /// - Returns: A driver of the control's values, delivered on ``SharingScheduler``.
  public func asDriver() -> Driver<PropertyType> {
    values.infallibleReportingErrors().asDriver()
  }
}
