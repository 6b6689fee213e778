import ObservableCore

/// A type that can be converted to a ``ControlProperty``, so that extensions can be written
/// for every control property.
public protocol ControlPropertyType<Element>: ObservableType, ObserverType {
  /// Returns the property as a ``ControlProperty``.
  ///
  /// - Returns: The control property.
  func asControlProperty() -> ControlProperty<Element>
}

/// A property of a user-interface element, such as the text of a text field, as a sequence of
/// its values and an observer that sets it, without any user-interface framework.
///
/// The values are the control's value when subscribed to, then each value the user gives it.
/// Values the program sets are not sent. A control property promises, as RxCocoa's does:
/// - it never fails;
/// - it replays the control's current value to each new subscriber;
/// - it completes when the control is released;
/// - it delivers on the main thread.
///
/// The type itself makes sure of one thing only: the `values` sequence is subscribed to on the
/// main queue (at once when the subscription is made there, otherwise queued on it). Whoever
/// builds a control property keeps the other promises; a sequence that cannot keep them is not
/// a control property.
///
/// As an observer, a control property hands each element to its value sink, usually a
/// ``/ObservableCore/Binder`` that sets the control's value on the main thread. An error has
/// nowhere to go in a user interface: it goes to `Hooks.defaultErrorHandler` (RxCocoa traps in
/// debug builds).
///
/// Two-way binding between a control and a relay needs nothing else; see the `<->` operator of
/// the RxSwift articles and RxExample, which is written in terms of this type.
public struct ControlProperty<PropertyType: Sendable>: ControlPropertyType {
  /// The type of the values.
  public typealias Element = PropertyType

  @usableFromInline
  internal let values: Observable<PropertyType>

  @usableFromInline
  internal let valueSink: AnyObserver<PropertyType>

  /// Creates a control property from the sequence of the control's values and the observer
  /// that sets them.
  ///
  /// - Parameters:
  ///   - values: The control's current value, then each value the user gives it.
  ///     Subscribing to the control property subscribes to `values` on the main queue.
  ///   - valueSink: Sets a value on the control, usually a ``/ObservableCore/Binder``.
  public init<Values: ObservableType, Sink: ObserverType>(values: Values, valueSink: Sink)
  where Values.Element == PropertyType, Sink.Element == PropertyType {
    self.init(
      subscribedOnMain: values.asObservable().subscribe(on: MainQueueSubscriptionScheduler()),
      valueSink: AnyObserver(valueSink))
  }

  /// Creates a control property from values that are already subscribed to on the main queue.
  internal init(
    subscribedOnMain values: Observable<PropertyType>, valueSink: AnyObserver<PropertyType>
  ) {
    self.values = values
    self.valueSink = valueSink
  }

  /// Subscribes `observer` to the control's values.
  ///
  /// - Parameter observer: The observer of the values.
  /// - Returns: A disposable that ends the subscription.
  @inlinable
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == PropertyType {
    values.subscribe(observer)
  }

  /// The values the user gives the control: the property's values without the first, the
  /// value the control had when subscribed to.
  ///
  /// The name says why an element is sent, not that it differs from the one before: a user
  /// may enter the value the control already has.
  public var changed: ControlEvent<PropertyType> {
    ControlEvent(events: values.skip(1))
  }

  /// Returns the control's values as an observable.
  ///
  /// - Returns: The values.
  @inlinable
  public func asObservable() -> Observable<PropertyType> {
    values
  }

  /// Returns this control property.
  ///
  /// - Returns: `self`.
  @inlinable
  public func asControlProperty() -> ControlProperty<PropertyType> {
    self
  }

  /// Sets the control's value: hands each element and the completion to the value sink, and
  /// reports an error to `Hooks.defaultErrorHandler` instead.
  ///
  /// - Parameter event: The event.
  public func on(_ event: Event<PropertyType>) {
    switch event {
    case .next, .completed:
      valueSink.on(event)
    case .error(let error):
      Hooks.reportUnhandledError(error)
    }
  }
}

extension ControlPropertyType where Element == String? {
  /// The property as a `String` property: a `nil` value reads as the empty string.
  ///
  /// Setting a value sets it on the original property.
  public var orEmpty: ControlProperty<String> {
    let original = asControlProperty()
    let sink = original.valueSink
    return ControlProperty(
      subscribedOnMain: original.values.map { $0 ?? "" },
      valueSink: AnyObserver { event in sink.on(event.map { $0 as String? }) })
  }
}
