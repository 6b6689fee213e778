/// A subject that replays a buffer of the latest elements to each new subscriber, then sends
/// it every later event.
///
/// Create one with ``create(bufferSize:)`` or ``createUnbounded()``.
///
/// ```swift
/// let subject = ReplaySubject<Int>.create(bufferSize: 2)
/// subject.onNext(1); subject.onNext(2); subject.onNext(3)
/// let sub = subject.subscribe(onNext: { print($0) })   // prints 2, 3
/// ```
///
/// After the subject terminates, new subscribers receive the buffer and then the terminal
/// event. After ``dispose()``, they receive ``RxError/disposed(object:)``.
///
/// **Thread safety.** `on(_:)` and `subscribe` may be called from any thread, even from
/// several at once. Each observer receives one event at a time, in one global order, and
/// never while a lock is held. A new subscriber receives the buffer inside its `subscribe`
/// call, on its own thread, as in RxSwift, then exactly the events sent after it: even while
/// another thread is delivering, it misses none and receives none twice, and it is never made
/// to deliver other subscribers' events.
///
/// **Reentrancy.** An event sent to the subject from inside an observer, while the subject is
/// delivering, is queued and delivered once the current event has reached every observer;
/// RxSwift delivers it at once, nested in the current delivery. In a debug build the subject
/// reports such events as RxSwift prints its "Reentrancy anomaly" warning: each one to
/// ``Hooks/reentrancyAnomalyHandler`` if you set it; otherwise it prints the warning for its
/// first one, then one line when its count reaches 10, 100, 1,000 and so on.
public final class ReplaySubject<Element: Sendable>: Observable<Element>, SubjectType,
  ObserverType, Cancelable,
  // SAFETY: all mutable state lives in `core`, whose `Mutex` guards it.
  @unchecked Sendable
{
  @usableFromInline
  internal let core: _SubjectCore<_ReplayPolicy<Element>>

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(core: _SubjectCore<_ReplayPolicy<Element>>) {
    self.core = core
    super.init(_runImmediately: { observer, lifetime in core.subscribe(observer, lifetime) })
  }

  /// Creates a subject that replays at most `bufferSize` latest elements to each subscriber.
  ///
  /// Unlike RxSwift, which traps on a negative size, a negative `bufferSize` creates a subject
  /// that has already failed with ``RxError/argumentOutOfRange``: every subscriber receives
  /// that error.
  ///
  /// - Parameter bufferSize: The largest number of elements to replay. Zero replays nothing.
  /// - Returns: A new subject.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public static func create(bufferSize: Int) -> ReplaySubject<Element> {
    guard bufferSize >= 0 else {
      return ReplaySubject(
        core: _SubjectCore(
          _ReplayPolicy(limit: 0), stopped: .error(RxError.argumentOutOfRange)))
    }
    return ReplaySubject(core: _SubjectCore(_ReplayPolicy(limit: bufferSize)))
  }

  /// Creates a subject that replays every element it has received to each subscriber.
  ///
  /// The buffer grows without limit; use it only for sequences of reasonable length.
  ///
  /// - Returns: A new subject.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public static func createUnbounded() -> ReplaySubject<Element> {
    ReplaySubject(core: _SubjectCore(_ReplayPolicy(limit: .max)))
  }

  /// Adds `event`'s element to the buffer and sends `event` to every current observer.
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

  /// Releases every observer and empties the buffer.
  ///
  /// Later events are ignored and later subscribers fail with ``RxError/disposed(object:)``.
  public func dispose() {
    core.dispose()
  }

  /// Returns the subject itself, which is its own observer.
  ///
  /// - Returns: `self`.
  public func asObserver() -> ReplaySubject<Element> {
    self
  }
}

/// A ``ReplaySubject`` remembers the latest `limit` elements and replays them, even after it
/// terminates.
///
/// Not public API.
@usableFromInline
internal struct _ReplayPolicy<Element: Sendable>: _SubjectPolicy {
  @usableFromInline let limit: Int
  /// The remembered elements when `limit` is more than 1.
  @usableFromInline var buffer = _Queue<Element>()
  /// The remembered element when `limit` is 1, as under `share(replay: 1)` and every `Driver`:
  /// replacing one stored value costs a fraction of a ring buffer's append and `popFirst()`
  /// (issue 30).
  @usableFromInline var latest: Element?

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init(limit: Int) {
    self.limit = limit
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  static var subjectName: String { "ReplaySubject" }

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
  mutating func record(_ element: Element) -> Element? {
    guard limit > 0 else { return element }
    if limit == 1 {
      defer { latest = element }
      return latest
    }
    buffer.append(element)
    return buffer.count > limit ? buffer.popFirst() : nil
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func replay() -> _Replay<Element> {
    if limit == 1 { return latest.map { .one($0) } ?? .nothing }
    switch buffer.count {
    case 0: return .nothing
    case 1: return buffer.first.map { .one($0) } ?? .nothing
    default: return .many(buffer)
    }
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func replay(after stop: Event<Element>) -> _Replay<Element> { replay() }

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
  mutating func removeAll() {
    buffer = _Queue()
    latest = nil
  }
}
