/// A ``BehaviorSubject`` wrapper that only sends elements: it never completes or fails, so its
/// current ``value`` is always available.
///
/// ```swift
/// let relay = BehaviorRelay(value: 0)
/// let sub = relay.subscribe(onNext: { print($0) })     // prints 0
/// relay.accept(1)                                       // prints 1
/// relay.value                                           // 1
/// ```
///
/// Thread safety and reentrancy are those of ``BehaviorSubject``.
public final class BehaviorRelay<Element: Sendable>: ObservableType {
  @usableFromInline
  internal let subject: BehaviorSubject<Element>
  @usableFromInline
  internal let observable: Observable<Element>

  /// Creates a relay whose current value is `value`.
  ///
  /// - Parameter value: The initial value, which the first subscribers receive.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public init(value: Element) {
    let subject = BehaviorSubject(value: value)
    self.subject = subject
    // A separate observable, so that nobody can cast it back to the subject and terminate it.
    observable = Observable(_run: { observer, lifetime in subject._subscribe(observer, lifetime) })
  }

  /// The current value: the initial value or the last element accepted.
  public var value: Element {
    subject.core.state.withLock { $0.policy.value }
  }

  /// Makes `event` the current value and sends it to every current observer.
  ///
  /// - Parameter event: The new value.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public func accept(_ event: Element) {
    subject.on(.next(event))
  }

  /// Subscribes `observer`: it receives the current value, then every later one.
  ///
  /// - Parameter observer: The observer that receives the values.
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
  /// - Returns: An observable of the current value and every later one.
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
  /// - Returns: An infallible sequence of the current value and every later one.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public func asInfallible() -> Infallible<Element> {
    Infallible(raw: observable)
  }
}
