import ObservableCore

// A control property or event delivers what the control sends on the main thread, so its
// operators take `@MainActor` closures, as those of a `MainActorObservable` do (the forms are
// in ObservableCore, on `MainActorObservableType`). Each closure is still called through the
// main-actor check, so a control fed from another thread hops rather than races.

extension ControlProperty: MainActorObservableType {
  /// Returns the control's values as a ``/ObservableCore/MainActorObservable``, whose operators
  /// take `@MainActor` closures.
  ///
  /// - Returns: The control's values, subscribed to on the main queue.
  @_alwaysEmitIntoClient
  public func asMainActorObservable() -> MainActorObservable<PropertyType> {
    MainActorObservable(_mainActorDelivering: values)
  }
}

extension ControlEvent: MainActorObservableType {
  /// Returns the control's events as a ``/ObservableCore/MainActorObservable``, whose operators
  /// take `@MainActor` closures.
  ///
  /// - Returns: The control's events, subscribed to on the main queue.
  @_alwaysEmitIntoClient
  public func asMainActorObservable() -> MainActorObservable<PropertyType> {
    MainActorObservable(_mainActorDelivering: events)
  }
}
