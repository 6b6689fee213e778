/// A subject that holds a current value: each new subscriber receives it first, then every
/// later event.
///
/// ```swift
/// let subject = BehaviorSubject(value: 0)
/// let sub = subject.subscribe(onNext: { print($0) })   // prints 0
/// subject.onNext(1)                                     // prints 1
/// try subject.value()                                   // 1
/// ```
///
/// After the subject terminates, new subscribers receive only the terminal event. After
/// ``dispose()``, they receive ``RxError/disposed(object:)``.
///
/// **Thread safety.** `on(_:)` and `subscribe` may be called from any thread, even from
/// several at once. Each observer receives one event at a time, in one global order, and
/// never while a lock is held. A new subscriber receives the current value inside its
/// `subscribe` call, on its own thread, as in RxSwift, then exactly the events sent after it:
/// even while another thread is delivering, it misses none and receives none twice, and it is
/// never made to deliver other subscribers' events.
///
/// **Reentrancy.** An event sent to the subject from inside an observer, while the subject is
/// delivering, is queued and delivered once the current event has reached every observer;
/// RxSwift delivers it at once, nested in the current delivery. In a debug build the subject
/// reports such events as RxSwift prints its "Reentrancy anomaly" warning: each one to
/// ``Hooks/reentrancyAnomalyHandler`` if you set it; otherwise it prints the warning for its
/// first one, then one line when its count reaches 10, 100, 1,000 and so on.
public final class BehaviorSubject<Element: Sendable>: Observable<Element>, SubjectType,
  ObserverType, Cancelable,
  // SAFETY: all mutable state lives in `core`, whose `Mutex` guards it.
  @unchecked Sendable
{
  @usableFromInline
  internal let core: _SubjectCore<_BehaviorPolicy<Element>>

  /// Creates a subject whose current value is `value`.
  ///
  /// - Parameter value: The initial value, which the first subscribers receive.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  public init(value: Element) {
    let core = _SubjectCore(_BehaviorPolicy(value: value))
    self.core = core
    super.init(_runImmediately: { observer, lifetime in core.subscribe(observer, lifetime) })
  }

  /// Returns the current value: the initial value or the last element sent.
  ///
  /// After the subject completes, it still returns the last value.
  ///
  /// - Returns: The current value.
  /// - Throws: The error the subject failed with, or ``RxError/disposed(object:)`` after
  ///   ``dispose()``.
  public func value() throws -> Element {
    let current = core.state.withLock { state -> Result<Element, any Swift.Error> in
      if state.isDisposed { return .failure(RxError.disposed(object: "BehaviorSubject")) }
      if let error = state.stopped?.error { return .failure(error) }
      return .success(state.policy.value)
    }
    return try current.get()
  }

  /// Makes `event`'s element the current value and sends `event` to every current observer.
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
  /// Later events are ignored, ``value()`` throws and later subscribers fail with
  /// ``RxError/disposed(object:)``.
  public func dispose() {
    core.dispose()
  }

  /// Returns the subject itself, which is its own observer.
  ///
  /// - Returns: `self`.
  public func asObserver() -> BehaviorSubject<Element> {
    self
  }
}

/// A ``BehaviorSubject`` remembers the latest element and replays it until it terminates.
///
/// Not public API.
@usableFromInline
internal struct _BehaviorPolicy<Element: Sendable>: _SubjectPolicy {
  @usableFromInline var value: Element

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  init(value: Element) {
    self.value = value
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  static var subjectName: String { "BehaviorSubject" }

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
    defer { value = element }
    return value
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  func replay() -> _Replay<Element> { .one(value) }

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
