/// A type that receives the events of an observable sequence.
///
/// An observer is called with `next* (error | completed)?` and never by two threads at once:
/// every source and operator in this library serializes its calls. Observers are `Sendable`
/// because a sequence may deliver on any thread; successive calls happen one after another.
public protocol ObserverType<Element>: Sendable {
  /// The type of elements the observer receives.
  associatedtype Element

  /// Receives one event of the sequence.
  ///
  /// - Parameter event: The event.
  func on(_ event: Event<Element>)

  /// The observer that one new subscription delivers to, or `nil` to deliver to this observer
  /// itself.
  ///
  /// Not public API. Subscribing calls it once per subscription, so that an observer which is
  /// subscribed several times can tell its subscriptions apart: ObservableTesting's
  /// `TestableObserver` checks the observable grammar of each subscription separately. The
  /// default returns `nil`, which costs nothing once the subscribing code is specialized.
  ///
  /// - Returns: An observer for one new subscription, or `nil`.
  func _observerForSubscription() -> AnyObserver<Element>?
}

extension ObserverType {
  /// `nil`: every subscription delivers to this observer itself.
  ///
  /// Not public API.
  ///
  /// - Returns: `nil`.
  @_alwaysEmitIntoClient
  public func _observerForSubscription() -> AnyObserver<Element>? {
    nil
  }

  /// Sends a ``Event/next(_:)`` event.
  ///
  /// - Parameter element: The element to send.
  @_alwaysEmitIntoClient
  public func onNext(_ element: Element) {
    on(.next(element))
  }

  /// Sends a ``Event/completed`` event.
  @_alwaysEmitIntoClient
  public func onCompleted() {
    on(.completed)
  }

  /// Sends an ``Event/error(_:)`` event.
  ///
  /// - Parameter error: The error to send.
  @_alwaysEmitIntoClient
  public func onError(_ error: any Swift.Error) {
    on(.error(error))
  }
}
