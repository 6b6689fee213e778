/// A subject that broadcasts each event to the observers subscribed at the time.
///
/// New subscribers receive only later events; after the subject terminates they receive the
/// terminal event at once.
///
/// ```swift
/// let subject = PublishSubject<Int>()
/// subject.onNext(1)                         // nobody listening
/// let sub = subject.subscribe(onNext: { print($0) })
/// subject.onNext(2)                         // prints 2
/// ```
///
/// **Thread safety.** `on(_:)` may be called from any thread, even from several at once. Each
/// observer still receives one event at a time, in one global order: a thread that finds
/// another thread delivering queues its event and returns, and the delivering thread delivers
/// it next. Observers are never called while a lock is held, so an observer may send to the
/// subject, subscribe or dispose from inside `onNext`; a reentrant event is delivered right
/// after the current one.
///
/// **Reentrancy.** An event sent to the subject from inside an observer, while the subject is
/// delivering, is queued and delivered once the current event has reached every observer;
/// RxSwift delivers it at once, nested in the current delivery. In a debug build the subject
/// reports such events as RxSwift prints its "Reentrancy anomaly" warning: each one to
/// ``Hooks/reentrancyAnomalyHandler`` if you set it; otherwise it prints the warning for its
/// first one, then one line when its count reaches 10, 100, 1,000 and so on.
public final class PublishSubject<Element: Sendable>: Observable<Element>, SubjectType,
  ObserverType, Cancelable,
  // SAFETY: all mutable state lives in `core`, whose `Mutex` guards it.
  @unchecked Sendable
{
  @usableFromInline
  internal let core: _SubjectCore<_PublishPolicy<Element>>

  /// Creates a subject with no observers.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public init() {
    let core = _SubjectCore(_PublishPolicy<Element>())
    self.core = core
    super.init(_runImmediately: { observer, lifetime in core.subscribe(observer, lifetime) })
  }

  /// Sends `event` to every current observer.
  ///
  /// Events after a terminal event, or after ``dispose()``, are ignored.
  ///
  /// - Parameter event: The event to broadcast.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public func on(_ event: Event<Element>) {
    core.on(event)
  }

  /// Whether the subject has at least one observer.
  public var hasObservers: Bool {
    core.hasObservers
  }

  /// Whether ``dispose()`` has been called.
  public var isDisposed: Bool {
    core.isDisposed
  }

  /// Releases every observer.
  ///
  /// Later events are ignored and later subscribers fail with ``RxError/disposed(object:)``.
  public func dispose() {
    core.dispose()
  }

  /// Returns the subject itself, which is its own observer.
  ///
  /// - Returns: `self`.
  public func asObserver() -> PublishSubject<Element> {
    self
  }
}

/// A ``PublishSubject`` remembers nothing.
///
/// Not public API.
@usableFromInline
internal struct _PublishPolicy<Element: Sendable>: _SubjectPolicy {
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init() {}

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  static var subjectName: String { "PublishSubject" }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  static var broadcastsElements: Bool { true }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  mutating func record(_ element: Element) -> Element? { nil }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func replay() -> _Replay<Element> { .nothing }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func replay(after stop: Event<Element>) -> _Replay<Element> { .nothing }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func finalElement(before stop: Event<Element>) -> Element? { nil }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  mutating func removeAll() {}
}
