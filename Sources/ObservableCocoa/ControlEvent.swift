import Dispatch
import ObservableCore

/// A type that can be converted to a ``ControlEvent``, so that extensions can be written for
/// every control event.
public protocol ControlEventType<Element>: ObservableType {
  /// Returns the events as a ``ControlEvent``.
  ///
  /// - Returns: The control event.
  func asControlEvent() -> ControlEvent<Element>
}

/// The events of a user-interface element, such as the taps of a button, as an observable
/// sequence, without any user-interface framework.
///
/// A control event promises, as RxCocoa's does:
/// - it sends no element when subscribed to, only the events that happen afterwards;
/// - it completes when the control is released;
/// - it never fails;
/// - it delivers on the main thread.
///
/// The type itself makes sure of one thing only: the `events` sequence is subscribed to on the
/// main queue (at once when the subscription is made there, otherwise queued on it). Whoever
/// builds a control event keeps the other promises; a sequence that cannot keep them is not a
/// control event.
///
/// ```swift
/// @MainActor final class Button {
///   private let taps = PublishRelay<Void>()
///   var tap: ControlEvent<Void> { ControlEvent(events: taps) }
///   func simulateTap() { taps.accept(()) }
/// }
/// ```
public struct ControlEvent<PropertyType: Sendable>: ControlEventType {
  /// The type of the events.
  public typealias Element = PropertyType

  @usableFromInline
  internal let events: Observable<PropertyType>

  /// Creates a control event from the sequence of the control's events.
  ///
  /// - Parameter events: The control's events. Subscribing to the control event subscribes
  ///   to `events` on the main queue.
  public init<Events: ObservableType>(events: Events) where Events.Element == PropertyType {
    self.events = events.asObservable().subscribe(on: MainQueueSubscriptionScheduler())
  }

  /// Subscribes `observer` to the control's events.
  ///
  /// - Parameter observer: The observer of the events.
  /// - Returns: A disposable that ends the subscription.
  @inlinable
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == PropertyType {
    events.subscribe(observer)
  }

  /// Returns the control's events as an observable.
  ///
  /// - Returns: The events.
  @inlinable
  public func asObservable() -> Observable<PropertyType> {
    events
  }

  /// Returns this control event.
  ///
  /// - Returns: `self`.
  @inlinable
  public func asControlEvent() -> ControlEvent<PropertyType> {
    self
  }

  /// Returns the control's events as an `Infallible`.
  ///
  /// A control event never fails. If its sequence fails all the same, the error goes to
  /// `Hooks.defaultErrorHandler` and the infallible completes (RxCocoa traps in debug builds).
  ///
  /// - Returns: The events, as an infallible.
  public func asInfallible() -> Infallible<PropertyType> {
    events.infallibleReportingErrors()
  }
}

extension ObservableConvertibleType {
  /// Returns the sequence as an `Infallible` that, should the sequence fail, reports the error
  /// to `Hooks.defaultErrorHandler` and completes: what control properties and events do with
  /// an error they promise never to send.
  ///
  /// - Returns: The infallible sequence.
  internal func infallibleReportingErrors() -> Infallible<Element> {
    asObservable().asInfallible(onErrorRecover: { error in
      Hooks.reportUnhandledError(error)
      return Infallible.empty()
    })
  }
}
