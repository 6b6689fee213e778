import ObservableCore

/// One subscription of an async `map`, `flatMap`, `concatMap` or `flatMapLatest`.
///
/// Not public API.
///
/// Holds the state machine in a `Mutex`, calls it under the lock, and performs what it returns
/// (start or cancel tasks, call the downstream observer, dispose) after releasing the lock.
/// The upstream gets a child lifetime, so an upstream that ends early does not cut off the
/// tasks that are still running.
@usableFromInline
internal final class _AsyncFlatMapStorage<Element: Sendable, Result: Sendable>: Sendable {
  @usableFromInline
  internal typealias Machine = _AsyncFlatMapStateMachine<Element, Result>

  @usableFromInline
  internal let machine: _Mutex<Machine>
  @usableFromInline
  internal let transform: @Sendable (Element) async throws -> Result
  @usableFromInline
  internal let downstream: AnyObserver<Result>
  @usableFromInline
  internal let lifetime: _Lifetime
  @usableFromInline
  internal let upstreamLifetime: _Lifetime

  @inlinable
  internal init(
    mode: Machine.Mode,
    transform: @escaping @Sendable (Element) async throws -> Result,
    downstream: AnyObserver<Result>,
    lifetime: _Lifetime
  ) {
    machine = _Mutex(Machine(mode: mode))
    self.transform = transform
    self.downstream = downstream
    self.lifetime = lifetime
    upstreamLifetime = _Lifetime(inheriting: lifetime)
  }

  @inlinable
  internal func run(_ source: Observable<Element>) {
    lifetime.onDispose { self.disposed() }
    lifetime.add(upstreamLifetime)
    source._subscribe(AnyObserver { event in self.upstream(event) }, upstreamLifetime)
  }

  @inlinable
  internal func upstream(_ event: Event<Element>) {
    switch event {
    case .next(let element):
      switch machine.withLock({ $0.upstreamElement(element) }) {
      case .none:
        break
      case .start(let id, let element):
        start(id: id, element: element)
      case .cancelAndStart(let previous, let id, let element):
        previous?.cancel()
        start(id: id, element: element)
      }
    case .error(let error):
      perform(machine.withLock { $0.upstreamFailed(error) })
    case .completed:
      perform(machine.withLock { $0.upstreamCompleted() })
    }
  }

  @inlinable
  internal func start(id: UInt64, element: Element) {
    let handle = Task {
      let outcome: Machine.OutcomeAction
      do {
        let value = try await self.transform(element)
        outcome = self.machine.withLock { $0.taskSucceeded(id: id, value: value) }
      } catch {
        outcome = self.machine.withLock { $0.taskFailed(id: id, error: error) }
      }
      self.perform(outcome)
    }
    switch machine.withLock({ $0.taskCreated(id: id, handle: handle) }) {
    case .none: break
    case .cancel(let handle): handle.cancel()
    }
  }

  @inlinable
  internal func perform(_ action: Machine.OutcomeAction) {
    switch action {
    case .none:
      return
    case .deliver(let event):
      drain(from: event)
    case .startAndDeliver(let id, let element, let event):
      start(id: id, element: element)
      drain(from: event)
    case .cancelAndDeliver(let handles, let event, let dropped):
      for handle in handles { handle.cancel() }
      _ = dropped
      drain(from: event)
    }
  }

  /// Delivers `first` and then every event queued meanwhile; disposes after a terminal event.
  @inlinable
  internal func drain(from first: Event<Result>?) {
    var next = first
    while let event = next {
      downstream.on(event)
      if event.isStopEvent {
        lifetime.dispose()
        return
      }
      next = machine.withLock { $0.nextDelivery() }
    }
  }

  @inlinable
  internal func disposed() {
    switch machine.withLock({ $0.disposed() }) {
    case .none:
      break
    case .cancel(let handles, let dropped, let undelivered):
      for handle in handles { handle.cancel() }
      _ = (dropped, undelivered)
    }
  }
}
