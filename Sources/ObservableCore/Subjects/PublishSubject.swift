import Synchronization

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
public final class PublishSubject<Element: Sendable>: Observable<Element>, SubjectType,
  ObserverType, Cancelable,
  // SAFETY: all mutable state lives in `core`, whose `Mutex` guards it.
  @unchecked Sendable
{
  @usableFromInline
  internal let core: _PublishSubjectCore<Element>

  /// Creates a subject with no observers.
  @inlinable
  public init() {
    let core = _PublishSubjectCore<Element>()
    self.core = core
    super.init(_run: { observer, lifetime in core.subscribe(observer, lifetime) })
  }

  /// Sends `event` to every current observer.
  ///
  /// Events after a terminal event, or after ``dispose()``, are ignored.
  ///
  /// - Parameter event: The event to broadcast.
  @inlinable
  public func on(_ event: Event<Element>) {
    core.on(event)
  }

  /// Whether the subject has at least one observer.
  public var hasObservers: Bool {
    core.state.withLock { !$0.observers.isEmpty }
  }

  /// Whether ``dispose()`` has been called.
  public var isDisposed: Bool {
    core.state.withLock { $0.isDisposed }
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

/// One subscriber of a subject.

///

/// Not public API.
@frozen
public struct _SubjectEntry<Element>: Sendable {
  @usableFromInline let id: UInt64
  @usableFromInline let observer: AnyObserver<Element>
  @usableFromInline let lifetime: _Lifetime

  @inlinable
  init(id: UInt64, observer: AnyObserver<Element>, lifetime: _Lifetime) {
    self.id = id
    self.observer = observer
    self.lifetime = lifetime
  }
}

/// The state and delivery loop of a ``PublishSubject``.

///

/// Not public API.
public final class _PublishSubjectCore<Element: Sendable>: Sendable {
  @usableFromInline
  internal struct State: Sendable {
    @usableFromInline var observers: ContiguousArray<_SubjectEntry<Element>> = []
    @usableFromInline var nextID: UInt64 = 0
    @usableFromInline var stopped: Event<Element>?
    @usableFromInline var isDisposed = false
    @usableFromInline var delivery = _SerialDelivery<Element>()

    @inlinable
    init() {}

    /// The next event to deliver and who receives it, after `event` was dequeued.
    @inlinable
    mutating func batch(for event: Event<Element>?) -> Batch? {
      guard let event else { return nil }
      if event.isStopEvent {
        stopped = event
        defer { observers = [] }
        return Batch(event: event, observers: observers)
      }
      return Batch(event: event, observers: observers)
    }
  }

  @usableFromInline
  internal struct Batch {
    @usableFromInline let event: Event<Element>
    @usableFromInline let observers: ContiguousArray<_SubjectEntry<Element>>

    @inlinable
    init(event: Event<Element>, observers: ContiguousArray<_SubjectEntry<Element>>) {
      self.event = event
      self.observers = observers
    }
  }

  @usableFromInline
  internal let state = Mutex(State())

  @inlinable
  internal init() {}

  @inlinable
  internal func on(_ event: Event<Element>) {
    var batch = state.withLock { state -> Batch? in
      guard !state.isDisposed else { return nil }
      return state.batch(for: state.delivery.enqueue(event))
    }
    while let current = batch {
      for entry in current.observers where !entry.lifetime.isDisposed {
        entry.observer.on(current.event)
      }
      batch = state.withLock { state in state.batch(for: state.delivery.next()) }
    }
  }

  @usableFromInline
  internal enum Outcome {
    case added(UInt64)
    case terminal(Event<Element>)
  }

  @inlinable
  internal func subscribe(_ observer: AnyObserver<Element>, _ lifetime: _Lifetime) {
    let outcome = state.withLock { state -> Outcome in
      if state.isDisposed { return .terminal(.error(RxError.disposed(object: "PublishSubject"))) }
      if let stopped = state.stopped { return .terminal(stopped) }
      let id = state.nextID
      state.nextID += 1
      state.observers.append(_SubjectEntry(id: id, observer: observer, lifetime: lifetime))
      return .added(id)
    }
    switch outcome {
    case .added(let id): lifetime.add(_SubjectSubscription(core: self, id: id))
    case .terminal(let event): observer.on(event)
    }
  }

  @inlinable
  internal func unsubscribe(_ id: UInt64) {
    let removed = state.withLock { state -> _SubjectEntry<Element>? in
      guard let index = state.observers.firstIndex(where: { $0.id == id }) else { return nil }
      return state.observers.remove(at: index)
    }
    _ = removed
  }

  @usableFromInline
  internal func dispose() {
    let released = state.withLock { state in
      state.isDisposed = true
      defer { state.observers = [] }
      return (state.observers, state.delivery.cancel())
    }
    _ = released
  }
}

/// Removes one observer from a subject when its subscription is disposed.

///

/// Not public API.
@usableFromInline
internal final class _SubjectSubscription<Element: Sendable>: Disposable {
  @usableFromInline let core: _PublishSubjectCore<Element>
  @usableFromInline let id: UInt64

  @inlinable
  init(core: _PublishSubjectCore<Element>, id: UInt64) {
    self.core = core
    self.id = id
  }

  @inlinable
  func dispose() {
    core.unsubscribe(id)
  }
}
