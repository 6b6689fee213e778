/// A ``PublishSubject`` wrapper that only sends elements: it never completes or fails.
///
/// ```swift
/// let relay = PublishRelay<String>()
/// let sub = relay.subscribe(onNext: { print($0) })
/// relay.accept("hello")                                 // prints hello
/// ```
///
/// Thread safety and reentrancy are those of ``PublishSubject``.
public final class PublishRelay<Element: Sendable>: ObservableType {
  @usableFromInline
  internal let subject: PublishSubject<Element>
  @usableFromInline
  internal let observable: Observable<Element>

  /// Creates a relay with no observers.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public init() {
    let subject = PublishSubject<Element>()
    self.subject = subject
    // A separate observable, so that nobody can cast it back to the subject and terminate it.
    observable = Observable(_run: { observer, lifetime in subject._subscribe(observer, lifetime) })
  }

  /// Sends `event` to every current observer.
  ///
  /// - Parameter event: The element to send.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public func accept(_ event: Element) {
    subject.on(.next(event))
  }

  /// Subscribes `observer` to the elements sent after now.
  ///
  /// - Parameter observer: The observer that receives the elements.
  /// - Returns: A disposable that cancels the subscription.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
  where Observer.Element == Element {
    observable.subscribe(observer)
  }

  /// Returns the relay as an observable sequence, which never terminates.
  ///
  /// - Returns: An observable of the elements the relay receives.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public func asObservable() -> Observable<Element> {
    observable
  }

  /// Returns the relay as an ``Infallible``: a relay never fails, and never completes.
  ///
  /// - Returns: An infallible sequence of the elements the relay receives.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public func asInfallible() -> Infallible<Element> {
    Infallible(raw: observable)
  }
}
