/// A type that wraps an ``Event``, so that ``ObservableType/dematerialize()`` can unwrap it.
public protocol EventConvertible<Element> {
  /// The element type of the wrapped event.
  associatedtype Element

  /// The wrapped event.
  var event: Event<Element> { get }
}

extension Event: EventConvertible {
  /// The event itself.
  public var event: Event<Element> { self }
}
