/// The output half of the combining state machines (`combineLatest`, `zip`, `withLatestFrom`):
/// whether the result still runs, and the serialized queue of what it hands out.
///
/// Not public API.
///
/// A combining state machine decides from its sources' events *what* to emit: a snapshot
/// (one element per source, or a pair), completion, or an error. It hands each decision to
/// this output, which decides *who delivers it and when*: the caller that gets an event back
/// delivers it outside the lock, and then asks ``deliveryFinished()`` for the next one; events
/// decided meanwhile wait in the embedded `_SerialOutputQueue`. After a terminal event, or once
/// stopped, nothing more is accepted.
@usableFromInline
internal struct _CombinedOutput<Snapshot: Sendable> {
  @usableFromInline
  internal enum State {
    /// Sources may still produce events.
    case running
    /// A terminal event has been enqueued, or the subscription was disposed.
    case finished
  }

  /// What the storage must do after releasing the lock.
  @usableFromInline
  internal enum Action {
    /// Nothing.
    case none
    /// Deliver `event` downstream (applying the result selector to an element), then call
    /// ``deliveryFinished()`` and deliver what it returns, until `.none`. After a terminal
    /// event, dispose the subscription instead.
    case deliver(Event<Snapshot>)
  }

  @usableFromInline internal var state = State.running
  @usableFromInline internal var queue = _SerialOutputQueue<Snapshot>()

  /// Creates a running output with nothing queued.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init() {}

  /// Whether a terminal event has been enqueued or the output was stopped.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal var isFinished: Bool {
    switch state {
    case .running: return false
    case .finished: return true
    }
  }

  /// The machine produced `snapshot`.
  ///
  /// - Parameter snapshot: The snapshot.
  /// - Returns: The snapshot to deliver now, or nothing if another caller is delivering (it
  ///   is queued) or the output has finished.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func produced(_ snapshot: Snapshot) -> Action {
    switch state {
    case .finished: return .none
    case .running: return enqueue(.next(snapshot))
    }
  }

  /// The machine decided that the result completes.
  ///
  /// - Returns: Completion to deliver now, or nothing if it is queued or already finished.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func completed() -> Action {
    finish(.completed)
  }

  /// A source failed.
  ///
  /// - Parameter error: The error.
  /// - Returns: The error to deliver now, or nothing if it is queued or already finished.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func sourceFailed(_ error: any Swift.Error) -> Action {
    finish(.error(error))
  }

  /// The deliverer finished delivering an event.
  ///
  /// - Returns: The next event to deliver, or `.none` when the queue is empty.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func deliveryFinished() -> Action {
    if let event = queue.next() { return .deliver(event) }
    return .none
  }

  /// The result selector threw, or the subscription was disposed: nothing more is delivered.
  ///
  /// - Returns: The queued events, to release outside the lock.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func stopped() -> _Queue<Event<Snapshot>> {
    state = .finished
    return queue.cancel()
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func finish(_ event: Event<Snapshot>) -> Action {
    switch state {
    case .finished: return .none
    case .running:
      state = .finished
      return enqueue(event)
    }
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func enqueue(_ event: Event<Snapshot>) -> Action {
    if let event = queue.enqueue(event) { return .deliver(event) }
    return .none
  }
}

/// A combining state machine as its storage's delivery loop sees it.
///
/// Not public API.
@usableFromInline
internal protocol _CombiningMachine {
  /// What one result element is made from.
  associatedtype Snapshot: Sendable
  /// What the machine lets go of when it stops.
  associatedtype Released

  /// The deliverer finished delivering an event; returns the next one, or `.none`.
  mutating func deliveryFinished() -> _CombinedOutput<Snapshot>.Action

  /// The result selector threw; returns what to release outside the lock.
  mutating func resultSelectorFailed() -> Released
}

extension _Mutex where Value: _CombiningMachine {
  /// Delivers events while the state machine hands them out, outside the lock.
  ///
  /// The delivery loop of every combining storage: applies `resultSelector` to each snapshot,
  /// and after a terminal event (or the selector's error) disposes `lifetime`.
  ///
  /// - Parameters:
  ///   - action: What the state machine returned.
  ///   - resultSelector: Turns a snapshot into a result element.
  ///   - downstream: The observer of the result.
  ///   - lifetime: The subscription's lifetime.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal borrowing func _deliverCombined<Result>(
    _ action: _CombinedOutput<Value.Snapshot>.Action,
    selecting resultSelector: (Value.Snapshot) throws -> Result,
    to downstream: AnyObserver<Result>,
    lifetime: _Lifetime
  ) {
    guard case .deliver(var event) = action else { return }
    while !lifetime.isDisposed {
      switch event {
      case .next(let snapshot):
        let result: Result
        do { result = try resultSelector(snapshot) } catch {
          _ = withLock { $0.resultSelectorFailed() }
          downstream.on(.error(error))
          lifetime.dispose()
          return
        }
        downstream.on(.next(result))
      case .error(let error):
        downstream.on(.error(error))
        lifetime.dispose()
        return
      case .completed:
        downstream.on(.completed)
        lifetime.dispose()
        return
      }
      guard case .deliver(let next) = withLock({ $0.deliveryFinished() }) else { return }
      event = next
    }
  }
}
