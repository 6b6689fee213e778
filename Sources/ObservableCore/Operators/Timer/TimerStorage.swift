import Dispatch

/// The pure state machine of a timer-driven operator.
///
/// Not public API.
@usableFromInline
internal protocol _TimerStateMachine {
  /// What disposal lets go of, released after the lock.
  associatedtype Released

  /// The subscription was disposed.
  ///
  /// - Returns: What the machine let go of.
  mutating func disposed() -> Released
}

/// What a timer-driven operator (`delay`, `throttle`, `debounce`) does with its machine's
/// decisions.
///
/// Not public API.
///
/// Its two static entry points run in the storage's context: they take the machine's decision
/// under the lock and act on it (start a timer, deliver) after the lock.
@usableFromInline
internal protocol _TimerPolicy: Sendable {
  /// The element type of the source and of the result.
  associatedtype Element: Sendable
  /// The operator's state machine.
  associatedtype Machine: _TimerStateMachine

  /// Handles an upstream event for `storage`.
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - storage: The subscription's storage.
  static func upstreamEvent(_ event: Event<Element>, storage: _TimerStorage<Self>)

  /// Handles the firing of the timer of `generation` for `storage`.
  ///
  /// - Parameters:
  ///   - generation: The generation the timer was started with.
  ///   - storage: The subscription's storage.
  static func timerFired(generation: UInt64, storage: _TimerStorage<Self>)
}

/// The shared state of one subscription to a timer-driven operator.
///
/// Not public API.
///
/// Holds the machine and the delivery queue behind one `Mutex`, and the one running timer in a
/// ``_TimerSlot``; disposing the subscription cancels the timer and drops the observer.
@usableFromInline
internal final class _TimerStorage<Policy: _TimerPolicy>: Disposable {
  @usableFromInline
  internal typealias Element = Policy.Element
  @usableFromInline
  internal typealias Machine = Policy.Machine

  @usableFromInline
  internal struct State: _DeliveringState {
    @usableFromInline var machine: Machine
    @usableFromInline var delivery = _SerialDelivery<Element>()
    @usableFromInline var downstream: AnyObserver<Element>?

    @inlinable
    init(machine: Machine, downstream: AnyObserver<Element>) {
      self.machine = machine
      self.downstream = downstream
    }
  }

  @usableFromInline let state: _Mutex<State>
  @usableFromInline let lifetime: _Lifetime
  /// The operator's `dueTime`, for machines that do not keep it.
  @usableFromInline let dueTime: RxTimeInterval
  @usableFromInline let scheduler: any SchedulerType
  @usableFromInline let timer = _TimerSlot()
  @usableFromInline let resource: _ResourceToken

  @inlinable
  internal init(
    machine: sending Machine, downstream: AnyObserver<Element>, lifetime: _Lifetime,
    dueTime: RxTimeInterval, scheduler: any SchedulerType
  ) {
    state = _Mutex(State(machine: machine, downstream: downstream))
    self.lifetime = lifetime
    self.dueTime = dueTime
    self.scheduler = scheduler
    resource = _ResourceToken(inheriting: lifetime.resource)
  }

  /// Starts the timer of `generation`, replacing the running one.
  @inlinable
  internal func startTimer(generation: UInt64, delay: RxTimeInterval) {
    let scheduled = scheduler.scheduleRelative(generation, dueTime: delay) { generation in
      Policy.timerFired(generation: generation, storage: self)
      return Disposables.create()
    }
    timer.install(scheduled, generation: generation)
  }

  @inlinable
  internal func dispose() {
    timer.dispose()
    let released = state.withLock { state in
      (state.machine.disposed(), state._cancelDelivery())
    }
    _ = released
  }
}

extension ObservableType {
  /// Runs a timer-driven operator: a new machine for each subscription, in a ``_TimerStorage``
  /// registered on the subscription, fed by an upstream subscription that ends as soon as
  /// upstream terminates, even while timed events are still on their way.
  ///
  /// - Parameters:
  ///   - policy: The operator.
  ///   - dueTime: The operator's time.
  ///   - scheduler: The scheduler that runs the timers.
  ///   - machine: Makes the machine of a subscription.
  /// - Returns: The operator's sequence.
  @inlinable
  internal func _timerDriven<Policy: _TimerPolicy>(
    _ policy: Policy.Type, dueTime: RxTimeInterval, scheduler: any SchedulerType,
    machine: @escaping @Sendable () -> Policy.Machine
  ) -> Observable<Element> where Policy.Element == Element {
    let source = asObservable()
    return Observable(_run: { observer, lifetime in
      let storage = _TimerStorage<Policy>(
        machine: machine(), downstream: observer, lifetime: lifetime, dueTime: dueTime,
        scheduler: scheduler)
      lifetime.add(storage)
      let upstream = _Lifetime(inheriting: lifetime)
      lifetime.add(upstream)
      source._subscribe(
        AnyObserver { event in
          guard !upstream.isDisposed else { return }
          Policy.upstreamEvent(event, storage: storage)
          if event.isStopEvent { upstream.dispose() }
        },
        upstream)
    })
  }
}
