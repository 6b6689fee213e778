// The behaviour lives once in _SubjectCore, with _AsyncPolicy; this front stays apart from
// PublishSubject's because RxSwift documents different behaviour for the two types.

/// A subject that emits only the last element it receives, and only when it completes.
///
/// ```swift
/// let subject = AsyncSubject<Int>()
/// let sub = subject.subscribe(onNext: { print($0) })
/// subject.onNext(1); subject.onNext(2)                  // nothing yet
/// subject.onCompleted()                                 // prints 2
/// ```
///
/// If it completes without elements, subscribers receive only the completion. If it fails,
/// subscribers receive only the error. Subscribers that arrive after it terminates receive
/// the same at once.
///
/// Unlike RxSwift's `AsyncSubject`, it also has ``dispose()`` and ``isDisposed``, like the
/// other subjects: after ``dispose()``, subscribers receive ``RxError/disposed(object:)``.
///
/// **Thread safety.** `on(_:)` and `subscribe` may be called from any thread, even from
/// several at once. Each observer receives one event at a time and never while a lock is held.
public final class AsyncSubject<Element: Sendable>: Observable<Element>, SubjectType,
  ObserverType, Cancelable,
  // SAFETY: all mutable state lives in `core`, whose `Mutex` guards it.
  @unchecked Sendable
{
  @usableFromInline
  internal let core: _SubjectCore<_AsyncPolicy<Element>>

  /// Creates a subject with no observers.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public init() {
    let core = _SubjectCore(_AsyncPolicy<Element>())
    self.core = core
    super.init(_runImmediately: { observer, lifetime in core.subscribe(observer, lifetime) })
  }

  /// Remembers an element, or on a terminal event sends the last element (after completion)
  /// and the terminal event to every current observer.
  ///
  /// Events after a terminal event, or after ``dispose()``, are ignored.
  ///
  /// - Parameter event: The event.
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

  /// Releases every observer and the remembered element.
  ///
  /// Later events are ignored and later subscribers fail with ``RxError/disposed(object:)``.
  public func dispose() {
    core.dispose()
  }

  /// Returns the subject itself, which is its own observer.
  ///
  /// - Returns: `self`.
  public func asObserver() -> AsyncSubject<Element> {
    self
  }
}

/// An ``AsyncSubject`` remembers the last element and sends it only on completion.
///
/// Not public API.
@usableFromInline
internal struct _AsyncPolicy<Element: Sendable>: _SubjectPolicy {
  @usableFromInline var last: Element?

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
  static var subjectName: String { "AsyncSubject" }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  static var broadcastsElements: Bool { false }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  mutating func record(_ element: Element) -> Element? {
    defer { last = element }
    return last
  }

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
  func replay(after stop: Event<Element>) -> _Replay<Element> {
    guard let last = finalElement(before: stop) else { return .nothing }
    return .one(last)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func finalElement(before stop: Event<Element>) -> Element? {
    stop.isCompleted ? last : nil
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  mutating func removeAll() {
    last = nil
  }
}
