import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the state machine of a time-driven operator decided, for the engine to carry out after
/// its lock.
///
/// Not public API. One vocabulary for `debounce`, `throttle`, `delay` and `buffer`: the engine
/// (``_TimeDrivenStorage``) enqueues the events under the lock, then starts the timer, releases
/// what was dropped and delivers, in that order, after the lock (or delivers first, then starts
/// the timer, for a machine whose ``_TimeDrivenStateMachine/startsTimerAfterDelivery`` is true).
@usableFromInline
internal enum _TimeDrivenAction<Element, Released> {
  /// Nothing to do.
  case none
  /// Start the timer of `generation`, replacing the running one, to fire after `delay`.
  case startTimer(generation: UInt64, delay: RxTimeInterval)
  /// Emit the element.
  case emit(Element)
  /// Start the timer of `generation` to fire after `delay`, then emit the element.
  case emitAndStartTimer(Element, generation: UInt64, delay: RxTimeInterval)
  /// Emit the element, if there is one, then complete.
  case emitAndComplete(Element?)
  /// Forward the upstream error, and release what the machine dropped after the lock.
  case fail(dropped: Released)
}

/// The pure state machine of a time-driven operator (`debounce`, `throttle`, `delay`,
/// `buffer`).
///
/// Not public API. Its methods are named for what happened and return what to do; it takes no
/// lock, starts no timer and calls no observer. ``_TimeDrivenStorage`` does all of that.
@usableFromInline
internal protocol _TimeDrivenStateMachine: SendableMetatype {
  /// The element type of the source.
  associatedtype Element: Sendable
  /// The element type of the result: the source's, except for `buffer`'s arrays.
  associatedtype Output: Sendable
  /// What the machine lets go of on failure or disposal, released after the lock.
  associatedtype Released

  /// Whether the decisions depend on the time: the engine reads the scheduler's clock for each
  /// event only if so, and passes `.distantPast` otherwise.
  static var readsClock: Bool { get }

  /// Whether the engine starts a timer only after delivering what the same decision emitted
  /// (`buffer`, whose next window starts once the full one was emitted, as in RxSwift), rather
  /// than before. A constant, so the specialized engine has no branch for it.
  static var startsTimerAfterDelivery: Bool { get }

  /// An element arrived from upstream at `now`.
  mutating func elementArrived(_ element: Element, now: RxTime)
    -> _TimeDrivenAction<Output, Released>

  /// The subscription started, before upstream is subscribed.
  ///
  /// - Returns: A timer to start then, if any (`buffer`'s first window).
  mutating func subscribed() -> (generation: UInt64, delay: RxTimeInterval)?

  /// Upstream completed at `now`.
  mutating func upstreamCompleted(now: RxTime) -> _TimeDrivenAction<Output, Released>

  /// Upstream failed.
  mutating func upstreamFailed() -> _TimeDrivenAction<Output, Released>

  /// The timer of `generation` fired at `now`.
  mutating func timerFired(generation: UInt64, now: RxTime)
    -> _TimeDrivenAction<Output, Released>

  /// The subscription was disposed.
  ///
  /// - Returns: What the machine let go of.
  mutating func disposed() -> Released
}

extension _TimeDrivenStateMachine {
  /// Timers start before delivery.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal static var startsTimerAfterDelivery: Bool { false }

  /// No timer at subscription.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal mutating func subscribed() -> (generation: UInt64, delay: RxTimeInterval)? { nil }
}

/// The shared state of one subscription to a time-driven operator: the engine.
///
/// Not public API. Upstream events (on the upstream's thread) and timer firings (on the
/// scheduler's) go to the machine under one `Mutex`, together with the ``_SerialOutput`` that
/// queues what it decides to emit, so the order of decisions is the order of delivery; the one
/// running timer lives in a ``_TimerSlot``. Disposing the subscription cancels the timer and
/// drops the observer.
@usableFromInline
internal final class _TimeDrivenStorage<Machine: _TimeDrivenStateMachine>: Disposable {
  @usableFromInline
  internal typealias Element = Machine.Element
  @usableFromInline
  internal typealias Output = Machine.Output

  @usableFromInline let state: _Mutex<_MachineAndOutput<Machine, Output>>
  @usableFromInline let lifetime: _Lifetime
  @usableFromInline let scheduler: any SchedulerType
  @usableFromInline let timer = _TimerSlot()
  @usableFromInline let resource: _ResourceToken

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal init(
    machine: sending Machine, downstream: AnyObserver<Output>, lifetime: _Lifetime,
    scheduler: any SchedulerType
  ) {
    state = _Mutex(_MachineAndOutput(machine, downstream: downstream))
    self.lifetime = lifetime
    self.scheduler = scheduler
    resource = _ResourceToken(inheriting: lifetime.resource)
  }

  /// The time to pass to the machine.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal var now: RxTime {
    Machine.readsClock ? scheduler.now : .distantPast
  }

  /// Hands an upstream event to the machine and carries out its decision.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func upstreamEvent(_ event: Event<Element>) {
    switch event {
    case .next(let element): elementArrived(element)
    case .completed: upstreamCompleted()
    case .error(let error): upstreamFailed(error)
    }
  }

  // Each event kind calls its machine method in a critical section of its own rather than
  // through one carry-out function taking the call as a closure: that closure was not inlined
  // into the lock, which cost throttle 6% more instructions per element (RESULTS.md).

  /// Hands an upstream element to the machine and carries out its decision.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func elementArrived(_ element: Element) {
    let now = now
    var timerToStart: Timer?
    let (pending, released) = state.withLock { state in
      Self.enqueue(
        state.machine.elementArrived(element, now: now), into: &state.output, timer: &timerToStart)
    }
    carryOut(timer: timerToStart, released: released, pending: pending)
  }

  /// Hands the upstream completion to the machine and carries out its decision.
  @usableFromInline
  internal func upstreamCompleted() {
    let now = now
    var timerToStart: Timer?
    let (pending, released) = state.withLock { state in
      Self.enqueue(
        state.machine.upstreamCompleted(now: now), into: &state.output, timer: &timerToStart)
    }
    carryOut(timer: timerToStart, released: released, pending: pending)
  }

  /// Hands the upstream error to the machine and carries out its decision.
  @usableFromInline
  internal func upstreamFailed(_ error: any Swift.Error) {
    var timerToStart: Timer?
    let (pending, released) = state.withLock { state in
      Self.enqueue(
        state.machine.upstreamFailed(), into: &state.output, timer: &timerToStart, failure: error)
    }
    carryOut(timer: timerToStart, released: released, pending: pending)
  }

  /// Hands the firing of the timer of `generation` to the machine and carries out its decision.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func timerFired(generation: UInt64) {
    let now = now
    var timerToStart: Timer?
    let (pending, released) = state.withLock { state in
      Self.enqueue(
        state.machine.timerFired(generation: generation, now: now), into: &state.output,
        timer: &timerToStart)
    }
    carryOut(timer: timerToStart, released: released, pending: pending)
  }

  /// A timer to start: its generation and when it fires.
  @usableFromInline
  internal typealias Timer = (generation: UInt64, delay: RxTimeInterval)

  /// Under the lock: enqueues the events of the machine's decision on `output`.
  ///
  /// - Parameters:
  ///   - action: The machine's decision.
  ///   - output: The subscription's output.
  ///   - timer: Set to the timer to start after the lock, if any.
  ///   - failure: The upstream error, for a ``_TimeDrivenAction/fail(dropped:)`` decision.
  /// - Returns: The event to deliver after the lock, if the caller must, and what the machine
  ///   dropped, to release after it.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  @inline(__always)
  internal static func enqueue(
    _ action: _TimeDrivenAction<Output, Machine.Released>,
    into output: inout _SerialOutput<Output>, timer: inout Timer?,
    failure: (any Swift.Error)? = nil
  ) -> (_PendingOutput<Output>?, Machine.Released?) {
    switch action {
    case .none:
      return (nil, nil)
    case .startTimer(let generation, let delay):
      timer = (generation, delay)
      return (nil, nil)
    case .emit(let element):
      return (output.send(.next(element)), nil)
    case .emitAndStartTimer(let element, let generation, let delay):
      timer = (generation, delay)
      return (output.send(.next(element)), nil)
    case .emitAndComplete(let element?):
      return (output.send(.next(element), then: .completed), nil)
    case .emitAndComplete(nil):
      return (output.send(.completed), nil)
    case .fail(let dropped):
      guard let failure else { return (nil, dropped) }
      return (output.send(.error(failure)), dropped)
    }
  }

  /// After the lock: starts the timer, releases what was dropped, then delivers (or delivers,
  /// then starts the timer, where ``_TimeDrivenStateMachine/startsTimerAfterDelivery``).
  ///
  /// - Parameters:
  ///   - timer: The timer to start, if any.
  ///   - released: What the machine dropped.
  ///   - pending: The event to deliver, if the caller must.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  @inline(__always)
  internal func carryOut(
    timer: Timer?, released: consuming Machine.Released?, pending: _PendingOutput<Output>?
  ) {
    if let timer, !Machine.startsTimerAfterDelivery {
      startTimer(generation: timer.generation, delay: timer.delay)
    }
    _ = consume released
    state._drainOutput(pending, lifetime: lifetime)
    if let timer, Machine.startsTimerAfterDelivery {
      startTimer(generation: timer.generation, delay: timer.delay)
    }
  }

  /// Starts the timer of `generation`, replacing the running one.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func startTimer(generation: UInt64, delay: RxTimeInterval) {
    let scheduled = scheduler.scheduleRelative(generation, dueTime: delay) { generation in
      self.timerFired(generation: generation)
      return Disposables.create()
    }
    timer.install(scheduled, generation: generation)
  }

  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func dispose() {
    timer.dispose()
    let released = state.withLock { state in
      (state.machine.disposed(), state.output.cancel())
    }
    _ = released
  }
}

extension ObservableType {
  /// Runs a time-driven operator: a new machine for each subscription, in a
  /// ``_TimeDrivenStorage`` registered on the subscription, fed by an upstream subscription
  /// that ends as soon as upstream terminates, even while timed events are still on their way.
  ///
  /// - Parameters:
  ///   - scheduler: The scheduler that runs the timers.
  ///   - machine: Makes the machine of a subscription.
  /// - Returns: The operator's sequence.
  #if DEBUG
    @inlinable
  #else
    @_alwaysEmitIntoClient
  #endif
  internal func _timeDriven<Machine: _TimeDrivenStateMachine>(
    scheduler: any SchedulerType, machine: @escaping @Sendable () -> Machine
  ) -> Observable<Machine.Output> where Machine.Element == Element {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      var instance = machine()
      let firstTimer = instance.subscribed()
      let storage = _TimeDrivenStorage(
        machine: instance, downstream: observer, lifetime: lifetime, scheduler: scheduler)
      lifetime.add(storage)
      if let firstTimer {
        storage.startTimer(generation: firstTimer.generation, delay: firstTimer.delay)
      }
      let upstream = _Lifetime(inheriting: lifetime)
      lifetime.add(upstream)
      source._subscribe(
        AnyObserver { event in
          guard !upstream.isDisposed else { return }
          storage.upstreamEvent(event)
          if event.isStopEvent { upstream.dispose() }
        },
        upstream)
    })
  }
}
