/// A sequence that can never fail: it only emits elements and completes.
///
/// Build one from an observable with `asInfallible(onErrorJustReturn:)` and its siblings, or
/// with ``create(subscribe:)``.
public struct Infallible<Element: Sendable>: InfallibleType {
  @usableFromInline
  internal let source: Observable<Element>

  /// Wraps an observable that never fails.
  ///
  /// Not checked.
  ///
  /// - Parameter raw: The observable.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public init(raw: Observable<Element>) {
    source = raw
  }

  /// Returns the underlying observable.
  ///
  /// - Returns: An observable that emits this sequence's events.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public func asObservable() -> Observable<Element> {
    source
  }
}

/// A type that is an ``Infallible``, for constraining extensions.
public protocol InfallibleType<Element>: ObservableConvertibleType {}

/// An event of an ``Infallible`` sequence.
@frozen
public enum InfallibleEvent<Element> {
  /// The next element.
  case next(Element)
  /// The sequence finished.
  case completed
}

extension InfallibleEvent: Sendable where Element: Sendable {}

extension InfallibleEvent: EventConvertible {
  /// The event as an ``Event``: `next` or `completed`.
  public var event: Event<Element> {
    switch self {
    case .next(let element): .next(element)
    case .completed: .completed
    }
  }
}

extension Infallible {
  /// The closure an ``Infallible`` producer calls with its events.
  public typealias InfallibleObserver = @Sendable (InfallibleEvent<Element>) -> Void

  /// Creates an `Infallible` from a subscribe closure.
  ///
  /// - Parameter subscribe: Called for each subscription with the closure to send events to.
  ///   Returns a disposable that cancels the work.
  /// - Returns: An `Infallible`.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public static func create(
    subscribe:
      @escaping @Sendable (@escaping @Sendable (InfallibleEvent<Element>) -> Void) ->
      any Disposable
  ) -> Infallible<Element> {
    Infallible(
      raw: Observable.create { observer in
        subscribe { event in
          switch event {
          case .next(let element): observer.on(.next(element))
          case .completed: observer.on(.completed)
          }
        }
      })
  }

  /// Subscribes closures to the elements and completion.
  ///
  /// - Parameters:
  ///   - onNext: Called with each element.
  ///   - onCompleted: Called when the sequence completes.
  ///   - onDisposed: Called once when the subscription ends, for any reason.
  /// - Returns: A disposable that cancels the subscription.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func subscribe(
    onNext: (@Sendable (Element) -> Void)? = nil,
    onCompleted: (@Sendable () -> Void)? = nil,
    onDisposed: (@Sendable () -> Void)? = nil
  ) -> any Disposable {
    source.subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
  }

  /// Subscribes a closure to the events.
  ///
  /// - Parameter on: Called with each element, then with completion.
  /// - Returns: A disposable that cancels the subscription.
  @available(swift, introduced: 6)
  @_alwaysEmitIntoClient
  public func subscribe(_ on: @escaping @Sendable (InfallibleEvent<Element>) -> Void)
    -> any Disposable
  {
    source.subscribe { event in
      switch event {
      case .next(let element): on(.next(element))
      case .completed: on(.completed)
      // An `Infallible` built with `init(raw:)` from a source that fails breaks its contract;
      // the error goes where unhandled errors go rather than being dropped.
      case .error(let error): Hooks.reportUnhandledError(error)
      }
    }
  }

  /// Returns an `Infallible` that emits `element` and completes.
  ///
  /// - Parameter element: The element.
  /// - Returns: An `Infallible`.
  @_alwaysEmitIntoClient
  public static func just(_ element: Element) -> Infallible<Element> {
    Infallible(raw: .just(element))
  }

  /// Returns an `Infallible` that completes without elements.
  ///
  /// - Returns: An `Infallible`.
  @_alwaysEmitIntoClient
  public static func empty() -> Infallible<Element> {
    Infallible(raw: .empty())
  }

  /// Returns an `Infallible` that never emits.
  ///
  /// - Returns: An `Infallible`.
  @_alwaysEmitIntoClient
  public static func never() -> Infallible<Element> {
    Infallible(raw: .never())
  }
}
