#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A scheduler whose time is a Swift `Clock`.
///
/// Rx time then follows any clock whose duration is `Duration`: `ContinuousClock` or
/// `SuspendingClock` in an app, or a manual clock in tests, so that Swift-concurrency code and
/// Rx operators share one notion of time.
///
/// ```swift
/// let scheduler = ClockScheduler(clock: ContinuousClock())
/// let subscription = Observable<Int>.interval(.milliseconds(500), scheduler: scheduler)
///   .take(3)
///   .subscribe(onNext: { print($0) })   // 0, 1, 2, half a second apart
/// ```
///
/// Work runs on Swift's global concurrent executor, one item at a time, in the order of due
/// time and then of scheduling: the scheduler is serial, like ``SerialDispatchQueueScheduler``.
/// Each delayed item waits with `clock.sleep(until:tolerance:)`, so a test clock that resumes
/// its sleepers when it advances drives the scheduler deterministically. Periodic work is
/// scheduled at absolute instants (start, start + period, …), so it does not drift.
///
/// ``now`` maps the clock onto dates: it is the date when the scheduler was created plus the
/// time the clock has advanced since.
public final class ClockScheduler<C: Clock>: SchedulerType where C.Duration == Duration {
  private struct Entry: _HeapElement {
    let deadline: C.Instant
    let id: UInt64
    let item: _ScheduledItem

    static func precedes(_ lhs: Entry, _ rhs: Entry) -> Bool {
      lhs.deadline < rhs.deadline || (lhs.deadline == rhs.deadline && lhs.id < rhs.id)
    }
  }

  private struct State {
    var queue: [Entry] = []
    var nextID: UInt64 = 0
    var isDraining = false
    var needsRecheck = false
  }

  private enum Step {
    case run(_ScheduledItem)
    case recheck
    case stop
  }

  /// The clock that drives the scheduler.
  public let clock: C
  /// How late the clock may wake the scheduler, passed to `clock.sleep(until:tolerance:)`.
  public let tolerance: Duration?

  private let originInstant: C.Instant
  private let originDate: Date
  private let state = _Mutex(State())

  /// Creates a scheduler driven by `clock`.
  ///
  /// - Parameters:
  ///   - clock: The clock, such as `ContinuousClock()`.
  ///   - tolerance: How late the clock may wake the scheduler; `nil` lets the clock decide.
  public init(clock: C, tolerance: Duration? = nil) {
    self.clock = clock
    self.tolerance = tolerance
    originInstant = clock.now
    originDate = Date()
  }

  /// The current time: the creation date plus the time the clock has advanced since.
  public var now: RxTime {
    originDate.addingTimeInterval(originInstant.duration(to: clock.now)._seconds)
  }

  // No Swift 5-mode twin: a SchedulerType requirement (or its default), which cannot be
  // overloaded by language mode, so scheduler work is checked in every mode.
  /// Schedules `action` to run as soon as possible, after work that is already due.
  ///
  /// - Parameters:
  ///   - state: The value passed to `action`.
  ///   - action: The work to run.
  /// - Returns: A disposable that cancels the work if it has not started.
  public func schedule<StateType: Sendable>(
    _ state: StateType,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    let item = _ScheduledItem { action(state) }
    enqueue(item, at: clock.now)
    Task { self.drain() }
    return item
  }

  // No Swift 5-mode twin: a SchedulerType requirement (or its default), which cannot be
  // overloaded by language mode, so scheduler work is checked in every mode.
  /// Schedules `action` to run when the clock reaches now plus `dueTime`.
  ///
  /// - Parameters:
  ///   - state: The value passed to `action`.
  ///   - dueTime: The delay; `.never` never runs the action.
  ///   - action: The work to run.
  /// - Returns: A disposable that cancels the work.
  public func scheduleRelative<StateType: Sendable>(
    _ state: StateType,
    dueTime: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    let item = _ScheduledItem { action(state) }
    guard let delay = dueTime.duration else { return item }
    return schedule(item, at: clock.now.advanced(by: delay))
  }

  // No Swift 5-mode twin: a SchedulerType requirement (or its default), which cannot be
  // overloaded by language mode, so scheduler work is checked in every mode.
  /// Schedules `action` at `startAfter` from now and then every `period`, at absolute instants
  /// of the clock so that the runs do not drift.
  ///
  /// - Parameters:
  ///   - state: The state passed to the first run.
  ///   - startAfter: The delay before the first run.
  ///   - period: The interval between runs; `.never` runs once.
  ///   - action: The work to run; returns the state for the next run.
  /// - Returns: A disposable that stops the runs.
  public func schedulePeriodic<StateType: Sendable>(
    _ state: StateType,
    startAfter: RxTimeInterval,
    period: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> StateType
  ) -> any Disposable {
    guard let delay = startAfter.duration else { return Disposables.create() }
    let periodic = _ClockPeriodicRun(
      scheduler: self, state: state, period: period.duration, action: action)
    periodic.scheduleTick(at: clock.now.advanced(by: delay), generation: 0)
    return periodic
  }

  /// Schedules `item` to run when the clock reaches `deadline`.
  fileprivate func schedule(_ item: _ScheduledItem, at deadline: C.Instant) -> any Disposable {
    enqueue(item, at: deadline)
    let clock = self.clock
    let tolerance = self.tolerance
    let wakeUp = Task {
      do {
        try await clock.sleep(until: deadline, tolerance: tolerance)
      } catch {
        return
      }
      self.drain()
    }
    return Disposables.create {
      item.dispose()
      wakeUp.cancel()
    }
  }

  private func enqueue(_ item: _ScheduledItem, at deadline: C.Instant) {
    state.withLock { state in
      state.queue.heapInsert(Entry(deadline: deadline, id: state.nextID, item: item))
      state.nextID &+= 1
    }
  }

  /// Runs every item that is due, one at a time; only one thread drains at once.
  private func drain() {
    let started = state.withLock { state -> Bool in
      guard !state.isDraining else {
        state.needsRecheck = true
        return false
      }
      state.isDraining = true
      return true
    }
    guard started else { return }
    while true {
      let now = clock.now
      let step = state.withLock { state -> Step in
        if let first = state.queue.first, first.deadline <= now {
          return .run(state.queue.heapPopFirst().item)
        }
        if state.needsRecheck {
          state.needsRecheck = false
          return .recheck
        }
        state.isDraining = false
        return .stop
      }
      switch step {
      case .run(let item): item.run()
      case .recheck: continue
      case .stop: return
      }
    }
  }
}

/// One periodic run on a ``ClockScheduler``, scheduled at absolute instants.
private final class _ClockPeriodicRun<C: Clock, State: Sendable>: Disposable
where C.Duration == Duration {
  #if TRACE_RESOURCES
    /// Counts this object in `Resources.total` while it lives (the `TraceResources` trait).
    private let _traced = _TracedResource()
  #endif

  private struct Run {
    var state: State
    var action: (@Sendable (State) -> State)?
  }

  private let scheduler: ClockScheduler<C>
  private let period: Duration?
  private let run: _Mutex<Run>
  private let timer = _TimerSlot()

  init(
    scheduler: ClockScheduler<C>, state: State, period: Duration?,
    action: @escaping @Sendable (State) -> State
  ) {
    self.scheduler = scheduler
    self.period = period
    run = _Mutex(Run(state: state, action: action))
  }

  func scheduleTick(at deadline: C.Instant, generation: UInt64) {
    let item = _ScheduledItem {
      self.tick(at: deadline, generation: generation)
      return Disposables.create()
    }
    timer.install(scheduler.schedule(item, at: deadline), generation: generation)
  }

  private func tick(at deadline: C.Instant, generation: UInt64) {
    guard !timer.isDisposed else { return }
    if let period {
      scheduleTick(at: deadline.advanced(by: period), generation: generation &+ 1)
    }
    // The scheduler is serial, so ticks never overlap.
    guard case (let state, let action?) = run.withLock({ ($0.state, $0.action) }) else { return }
    let next = action(state)
    run.withLock { $0.state = next }
  }

  func dispose() {
    timer.dispose()
    let released = run.withLock { run in
      defer { run.action = nil }
      return run.action
    }
    _ = released
  }
}

/// An element of a binary min-heap.
private protocol _HeapElement {
  /// Whether `lhs` comes out of the heap before `rhs`.
  static func precedes(_ lhs: Self, _ rhs: Self) -> Bool
}

extension Array where Element: _HeapElement {
  /// Adds `element` to the heap.
  fileprivate mutating func heapInsert(_ element: Element) {
    append(element)
    var child = count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard Element.precedes(self[child], self[parent]) else { break }
      swapAt(child, parent)
      child = parent
    }
  }

  /// Removes and returns the first element of the heap, which must not be empty.
  fileprivate mutating func heapPopFirst() -> Element {
    swapAt(0, count - 1)
    let first = removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < count, Element.precedes(self[left], self[smallest]) { smallest = left }
      if right < count, Element.precedes(self[right], self[smallest]) { smallest = right }
      guard smallest != parent else { break }
      swapAt(parent, smallest)
      parent = smallest
    }
    return first
  }
}
