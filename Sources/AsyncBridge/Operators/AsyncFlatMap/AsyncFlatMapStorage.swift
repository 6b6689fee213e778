import ObservableCore

/// One subscription of an async `map`, `flatMap`, `concatMap` or `flatMapLatest`.
///
/// Not public API.
///
/// Holds the state machine in a `Mutex`, calls it under the lock, and performs what it returns
/// (start or cancel tasks, call the downstream observer, dispose) after releasing the lock.
/// The upstream gets a child lifetime, so an upstream that ends early does not cut off the
/// tasks that are still running.
///
/// The transforms' tasks are created by a starter task, which subscribing creates and which
/// so inherits the subscriber's priority and task-local values, as `asObservable()`'s task
/// does; the tasks it creates inherit them in turn. Elements reach it through an unbounded
/// `AsyncStream`, so an upstream that sends from another task or thread does not lend the
/// transforms its own priority or task-locals.
@usableFromInline
internal final class _AsyncFlatMapStorage<Element: Sendable, Result: Sendable>: Sendable {
  @usableFromInline
  internal typealias Machine = _AsyncFlatMapStateMachine<Element, Result>

  /// A task the starter must create: an element and the id the machine gave it.
  @usableFromInline
  internal typealias Start = (id: UInt64, element: Element)

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
  /// The starter task's queue of tasks to create.
  @usableFromInline
  internal let starts: AsyncStream<Start>
  @usableFromInline
  internal let startRequests: AsyncStream<Start>.Continuation

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
    (starts, startRequests) = AsyncStream.makeStream()
  }

  @inlinable
  internal func run(_ source: Observable<Element>) {
    // Counted as a resource until the starter ends, so leak checks also wait for it.
    let starterResource = _Lifetime(inheriting: lifetime)
    let starts = starts
    Task {
      defer { _ = starterResource }
      for await start in starts {
        self.start(id: start.id, element: start.element)
      }
    }
    lifetime.onDispose {
      self.disposed()
      self.startRequests.finish()
    }
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
        startRequests.yield((id, element))
      case .cancelAndStart(let previous, let id, let element):
        previous?.cancel()
        startRequests.yield((id, element))
      }
    case .error(let error):
      perform(machine.withLock { $0.upstreamFailed(error) })
    case .completed:
      perform(machine.withLock { $0.upstreamCompleted() })
    }
  }

  /// Creates the task for one element; called by the starter task, whose context it inherits.
  @inlinable
  internal func start(id: UInt64, element: Element) {
    guard machine.withLock({ $0.shouldStart(id: id) }) else { return }
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
    case .cancelAndDeliver(let handles, let event, let dropped):
      for handle in handles { handle.cancel() }
      _ = dropped
      drain(from: event)
    }
  }

  /// Delivers `first` and then every event queued meanwhile; disposes after a terminal event.
  ///
  /// Once the queue is empty, asks the starter for the tasks of the elements whose turn has
  /// come.
  @inlinable
  internal func drain(from first: Event<Result>?) {
    guard var event = first else { return }
    while true {
      downstream.on(event)
      if event.isStopEvent {
        lifetime.dispose()
        return
      }
      switch machine.withLock({ $0.delivered() }) {
      case .deliver(let next):
        event = next
      case .stop:
        return
      case .start(let id, let element):
        startRequests.yield((id, element))
        while let next = machine.withLock({ $0.nextStart() }) {
          startRequests.yield(next)
        }
        return
      }
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
