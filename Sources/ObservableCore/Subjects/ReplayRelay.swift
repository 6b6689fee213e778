/// A ``ReplaySubject`` wrapper that only sends elements: it never completes or fails.
///
/// Create one with ``create(bufferSize:)`` or ``createUnbounded()``.
///
/// ```swift
/// let relay = ReplayRelay<Int>.create(bufferSize: 2)
/// relay.accept(1); relay.accept(2); relay.accept(3)
/// let sub = relay.subscribe(onNext: { print($0) })     // prints 2, 3
/// ```
///
/// Thread safety and reentrancy are those of ``ReplaySubject``.
public final class ReplayRelay<Element: Sendable>: ObservableType {
  @usableFromInline
  internal let subject: ReplaySubject<Element>
  @usableFromInline
  internal let observable: Observable<Element>

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(subject: ReplaySubject<Element>) {
    self.subject = subject
    // A separate observable, so that nobody can cast it back to the subject and terminate it.
    observable = Observable(_run: { observer, lifetime in subject._subscribe(observer, lifetime) })
  }

  /// Creates a relay that replays at most `bufferSize` latest elements to each subscriber.
  ///
  /// A relay cannot fail, so unlike ``ReplaySubject/create(bufferSize:)`` a negative
  /// `bufferSize` is treated as zero (RxSwift traps).
  ///
  /// - Parameter bufferSize: The largest number of elements to replay. Zero replays nothing.
  /// - Returns: A new relay.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public static func create(bufferSize: Int) -> ReplayRelay<Element> {
    ReplayRelay(subject: .create(bufferSize: Swift.max(0, bufferSize)))
  }

  /// Creates a relay that replays every element it has received to each subscriber.
  ///
  /// The buffer grows without limit; use it only for sequences of reasonable length.
  ///
  /// - Returns: A new relay.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public static func createUnbounded() -> ReplayRelay<Element> {
    ReplayRelay(subject: .createUnbounded())
  }

  /// RxRelay's spelling of ``createUnbounded()``: a relay that replays every element it has
  /// received to each subscriber.
  ///
  /// - Returns: A new relay.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public static func createUnbound() -> ReplayRelay<Element> {
    createUnbounded()
  }

  /// Adds `event` to the buffer and sends it to every current observer.
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

  /// Subscribes `observer`: it receives the buffered elements, then every later one.
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
  /// - Returns: An observable of the buffered elements and every later one.
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
  /// - Returns: An infallible sequence of the buffered elements and every later one.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public func asInfallible() -> Infallible<Element> {
    Infallible(raw: observable)
  }
}
