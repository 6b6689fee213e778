/// A type-erased observer that forwards every event to a closure or to another observer.
///
/// `AnyObserver` is also the boundary between operators: each operator hands its upstream an
/// `AnyObserver` whose closure was created in specialized code, so elements cross an operator
/// with one indirect call and no generic dispatch.
@frozen
public struct AnyObserver<Element>: ObserverType {
  /// The closure that receives each event.
  public typealias EventHandler = @Sendable (Event<Element>) -> Void

  @usableFromInline
  internal let handler: EventHandler

  /// Creates an observer that calls `eventHandler` for each event.
  ///
  /// - Parameter eventHandler: The closure that receives each event.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public init(eventHandler: @escaping EventHandler) {
    self.handler = eventHandler
  }

  /// Creates an observer that forwards every event to `observer`.
  ///
  /// - Parameter observer: The observer to forward to.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
    if let erased = observer as? AnyObserver<Element> {
      self = erased
    } else {
      self.handler = { observer.on($0) }
    }
  }

  /// Forwards `event` to the wrapped closure.
  ///
  /// - Parameter event: The event.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public func on(_ event: Event<Element>) {
    handler(event)
  }

  /// Returns `self`.
  ///
  /// - Returns: This observer.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public func asObserver() -> AnyObserver<Element> {
    self
  }
}

extension ObserverType {
  /// Erases the type of this observer.
  ///
  /// - Returns: An ``AnyObserver`` that forwards to this observer.
  @_alwaysEmitIntoClient
  public func asObserver() -> AnyObserver<Element> {
    AnyObserver(self)
  }

  /// Returns an observer that transforms each element with `transform` before forwarding it here.
  ///
  /// - Parameter transform: Maps an element of the new observer to an element of this one.
  ///   If it throws, this observer receives the error.
  /// - Returns: An observer of `Result` elements.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func mapObserver<Result>(
    _ transform: @escaping @Sendable (Result) throws -> Element
  ) -> AnyObserver<Result> {
    AnyObserver { event in self.on(event.map(transform)) }
  }
}
