import ObservableCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A scheduler whose clock only moves when you tell it to.
///
/// Work is queued with a due time and runs when ``start()`` or ``advanceTo(_:)`` reaches it,
/// ordered by due time and then by the order it was scheduled. The clock is set to an item's
/// due time before the item runs, and never goes backwards. Nothing runs on another thread:
/// work runs on the thread that calls `start` or `advanceTo`, outside any lock, so scheduled
/// work may schedule more.
///
/// As in RxSwift, only ``schedule(_:action:)`` and ``scheduleRelative(_:dueTime:action:)``
/// pass their due time through ``adjustScheduledTime(_:)``. The virtual-time methods,
/// ``scheduleRelativeVirtual(_:dueTime:action:)`` and
/// ``scheduleAbsoluteVirtual(_:time:action:)``, use the time they are given.
open class VirtualTimeScheduler<Converter: VirtualTimeConverterType>: SchedulerType,
  // SAFETY: all mutable state is in `state`, a Mutex. Subclasses in this module add only
  // immutable properties.
  @unchecked Sendable
{
  /// A point in virtual time.
  public typealias VirtualTime = Converter.VirtualTimeUnit
  /// A span of virtual time.
  public typealias VirtualTimeInterval = Converter.VirtualTimeIntervalUnit

  private struct State {
    var clock: VirtualTime
    var isRunning = false
    var nextID = 0
    var queue: [_VirtualItem<VirtualTime>] = []
  }

  private let state: _Mutex<State>

  /// Converts between virtual and real time.
  public let converter: Converter

  /// Creates a stopped scheduler whose clock reads `initialClock`.
  ///
  /// - Parameters:
  ///   - initialClock: The starting virtual time.
  ///   - converter: Converts between virtual and real time.
  public init(initialClock: VirtualTime, converter: Converter) {
    self.converter = converter
    state = _Mutex(State(clock: initialClock))
  }

  /// The current virtual time.
  public final var clock: VirtualTime {
    currentClock()
  }

  // The scheduler's own work is generic over its converter, so each lock and each item
  // would look up generic metadata at run time, about 9,000 instructions per scheduled item
  // (callgrind, debounce on a HistoricalScheduler). The two converters of this module get
  // specialized copies, which the generic code calls when `Converter` is one of them.
  @_specialize(where Converter == TestSchedulerVirtualTimeConverter)
  @_specialize(where Converter == HistoricalSchedulerTimeConverter)
  private func currentClock() -> VirtualTime {
    state.withLock { $0.clock }
  }

  /// The current virtual time as a real time.
  public final var now: RxTime {
    converter.convertFromVirtualTime(clock)
  }

  /// Whether the scheduler is running work.
  public final var isEnabled: Bool {
    state.withLock { $0.isRunning }
  }

  /// Adjusts the due time of newly scheduled work.
  ///
  /// The default returns `time` unchanged.
  ///
  /// - Parameter time: The requested due time.
  /// - Returns: The due time to use.
  open func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime {
    time
  }

  /// `true`: every scheduled action is a step of its own in virtual time, so an operator that
  /// batches queued events on real schedulers (`observe(on:)`) delivers one event per action
  /// here, as RxSwift does.
  ///
  /// Not public API.
  public final var _runsOneActionPerStep: Bool { true }

  // No Swift 5-mode twin: a SchedulerType requirement (or its default), which cannot be
  // overloaded by language mode, so scheduler work is checked in every mode.
  /// Schedules `action` to run at the current virtual time.
  ///
  /// The due time passes through ``adjustScheduledTime(_:)``; on a ``TestScheduler`` that
  /// simulates processing delay, the work runs one tick later.
  ///
  /// - Parameters:
  ///   - state: The value passed to `action`.
  ///   - action: The work to run.
  /// - Returns: A disposable that cancels the work.
  public final func schedule<StateType: Sendable>(
    _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    scheduleRelative(state, dueTime: .microseconds(0), action: action)
  }

  // No Swift 5-mode twin: a SchedulerType requirement (or its default), which cannot be
  // overloaded by language mode, so scheduler work is checked in every mode.
  /// Schedules `action` to run `dueTime` after the current virtual time.
  ///
  /// The due time passes through ``adjustScheduledTime(_:)``.
  ///
  /// - Parameters:
  ///   - state: The value passed to `action`.
  ///   - dueTime: The delay, converted to virtual time.
  ///   - action: The work to run.
  /// - Returns: A disposable that cancels the work.
  public final func scheduleRelative<StateType: Sendable>(
    _ state: StateType, dueTime: RxTimeInterval,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    let time = converter.offsetVirtualTime(
      clock, offset: converter.convertToVirtualTimeInterval(dueTime))
    return scheduleAbsoluteVirtual(state, time: adjustScheduledTime(time), action: action)
  }

  /// Schedules `action` to run `dueTime` virtual units after the current virtual time.
  ///
  /// - Parameters:
  ///   - state: The value passed to `action`.
  ///   - dueTime: The delay in virtual units.
  ///   - action: The work to run.
  /// - Returns: A disposable that cancels the work.
  @available(swift, introduced: 6)
  public final func scheduleRelativeVirtual<StateType: Sendable>(
    _ state: StateType, dueTime: VirtualTimeInterval,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    let time = converter.offsetVirtualTime(clock, offset: dueTime)
    return scheduleAbsoluteVirtual(state, time: time, action: action)
  }

  /// Schedules `action` to run at virtual time `time`.
  ///
  /// Work whose time has already passed runs as soon as the scheduler runs, in order of time.
  ///
  /// - Parameters:
  ///   - state: The value passed to `action`.
  ///   - time: The virtual due time.
  ///   - action: The work to run.
  /// - Returns: A disposable that cancels the work.
  @available(swift, introduced: 6)
  public final func scheduleAbsoluteVirtual<StateType: Sendable>(
    _ state: StateType, time: VirtualTime,
    action: @escaping @Sendable (StateType) -> any Disposable
  ) -> any Disposable {
    insert(at: time) { action(state) }
  }

  @_specialize(where Converter == TestSchedulerVirtualTimeConverter)
  @_specialize(where Converter == HistoricalSchedulerTimeConverter)
  private func insert(
    at dueTime: VirtualTime, _ work: @escaping @Sendable () -> any Disposable
  ) -> any Disposable {
    let converter = self.converter
    return self.state.withLock { scheduler in
      let item = _VirtualItem(time: dueTime, id: scheduler.nextID, work: work)
      scheduler.nextID += 1
      scheduler.queue.heapInsert(item) { lhs, rhs in
        switch converter.compareVirtualTime(lhs.time, rhs.time) {
        case .lessThan: return true
        case .greaterThan: return false
        case .equal: return lhs.id < rhs.id
        }
      }
      return item
    }
  }

  /// Runs queued work in order until the queue is empty or ``stop()`` is called.
  ///
  /// Called while the scheduler is already running (from scheduled work), it does nothing.
  public final func start() {
    run(until: nil)
  }

  /// Runs queued work due at or before `virtualTime`, then sets the clock to `virtualTime`.
  ///
  /// A time earlier than ``clock`` runs nothing new and leaves the clock where it is. Called
  /// while the scheduler is already running (from scheduled work), it does nothing; RxSwift
  /// stops the program there instead.
  ///
  /// - Parameter virtualTime: The time to advance to.
  public final func advanceTo(_ virtualTime: VirtualTime) {
    run(until: virtualTime)
  }

  /// Moves the clock forward by `virtualInterval` without running any work.
  ///
  /// A negative interval leaves the clock where it is (RxSwift stops the program instead): the
  /// clock never goes backwards.
  ///
  /// - Parameter virtualInterval: How far to move the clock.
  public final func sleep(_ virtualInterval: VirtualTimeInterval) {
    let converter = self.converter
    state.withLock { state in
      let later = converter.offsetVirtualTime(state.clock, offset: virtualInterval)
      if converter.compareVirtualTime(later, state.clock) == .greaterThan {
        state.clock = later
      }
    }
  }

  /// Stops ``start()`` or ``advanceTo(_:)`` after the item that is running.
  public final func stop() {
    state.withLock { $0.isRunning = false }
  }

  @_specialize(where Converter == TestSchedulerVirtualTimeConverter)
  @_specialize(where Converter == HistoricalSchedulerTimeConverter)
  private func run(until limit: VirtualTime?) {
    let converter = self.converter
    let started = state.withLock { state -> Bool in
      guard !state.isRunning else { return false }
      state.isRunning = true
      return true
    }
    guard started else { return }
    while true {
      let item = state.withLock { state -> _VirtualItem<VirtualTime>? in
        guard state.isRunning else { return nil }
        while let first = state.queue.first {
          if let limit, converter.compareVirtualTime(first.time, limit) == .greaterThan {
            return nil
          }
          let item = state.queue.heapPopFirst { lhs, rhs in
            switch converter.compareVirtualTime(lhs.time, rhs.time) {
            case .lessThan: return true
            case .greaterThan: return false
            case .equal: return lhs.id < rhs.id
            }
          }
          if item.isDisposed { continue }
          if converter.compareVirtualTime(item.time, state.clock) == .greaterThan {
            state.clock = item.time
          }
          return item
        }
        return nil
      }
      guard let item else { break }
      item.invoke()
    }
    state.withLock { state in
      state.isRunning = false
      if let limit, converter.compareVirtualTime(limit, state.clock) == .greaterThan {
        state.clock = limit
      }
    }
  }
}

/// One scheduled piece of virtual-time work.
private final class _VirtualItem<Time: Sendable>: Cancelable {
  #if TRACE_RESOURCES
    /// Counts this object in `Resources.total` while it lives (the `TraceResources` trait).
    private let _traced = _TracedResource()
  #endif

  let time: Time
  let id: Int
  private let work: _Mutex<(@Sendable () -> any Disposable)?>
  private let result = SingleAssignmentDisposable()

  init(time: Time, id: Int, work: @escaping @Sendable () -> any Disposable) {
    self.time = time
    self.id = id
    self.work = _Mutex(work)
  }

  var isDisposed: Bool {
    result.isDisposed
  }

  func invoke() {
    let work = self.work.withLock { work in
      defer { work = nil }
      return work
    }
    guard let work, !result.isDisposed else { return }
    result.setDisposable(work())
  }

  func dispose() {
    let released = work.withLock { work in
      defer { work = nil }
      return work
    }
    _ = released
    result.dispose()
  }
}

extension Array {
  fileprivate mutating func heapInsert(
    _ element: Element, by areInIncreasingOrder: (Element, Element) -> Bool
  ) {
    append(element)
    var child = count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard areInIncreasingOrder(self[child], self[parent]) else { break }
      swapAt(child, parent)
      child = parent
    }
  }

  fileprivate mutating func heapPopFirst(by areInIncreasingOrder: (Element, Element) -> Bool)
    -> Element
  {
    swapAt(0, count - 1)
    let first = removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < count, areInIncreasingOrder(self[left], self[smallest]) { smallest = left }
      if right < count, areInIncreasingOrder(self[right], self[smallest]) { smallest = right }
      guard smallest != parent else { break }
      swapAt(parent, smallest)
      parent = smallest
    }
    return first
  }
}
