/// A type that can be converted to an ``Observable``.
///
/// Traits such as ``Single`` and ``Infallible`` conform, so operators that take "anything
/// observable" accept them.
public protocol ObservableConvertibleType<Element>: Sendable {
  /// The type of elements in the sequence.
  associatedtype Element: Sendable

  /// Returns this sequence as an ``Observable``.
  ///
  /// - Returns: An observable of the same elements.
  func asObservable() -> Observable<Element>
}

/// A push-based sequence that observers can subscribe to.
///
/// Almost every operator is an extension on this protocol, as in RxSwift.
public protocol ObservableType<Element>: ObservableConvertibleType {
  /// Subscribes `observer` to the sequence.
  ///
  /// - Parameter observer: The observer that receives the sequence's events.
  /// - Returns: A disposable that cancels the subscription.
  func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element
}

extension ObservableType {
  /// Wraps a custom ``ObservableType`` in an ``Observable``.
  ///
  /// - Returns: An observable that subscribes to this sequence.
  public func asObservable() -> Observable<Element> {
    Observable(_run: { observer, lifetime in
      lifetime.add(self.subscribe(observer))
    })
  }
}
