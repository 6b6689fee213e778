import ObservableCore

/// A Swift `Clock` that moves only when a test advances it; its sleepers wake when it does.
///
/// Where ``TestScheduler`` is virtual time for Rx schedulers, `TestClock` is virtual time for
/// code that waits on a `Clock`: `Task.sleep(for:clock:)`, a `ClockScheduler`, or a
/// `GitHubConfiguration(clock:)`. A wait of a minute passes the moment the test calls
/// ``advance(by:)``, and never before, so such tests neither sleep nor depend on the machine's
/// speed.
///
/// ```swift
/// let clock = TestClock()
/// let waited = Task { try await clock.sleep(for: .seconds(60)) }
/// #expect(await clock.waitForSleepers(1))   // the task is now waiting on the clock
/// clock.advance(by: .seconds(60))             // and wakes at once
/// try await waited.value
/// #expect(clock.sleeps == [.seconds(60)])
/// ```
///
/// ``sleeps`` records every wait asked for, so a test can check how long the code meant to
/// wait. Cancelling a sleeping task ends its sleep with `CancellationError`.
public final class TestClock: Clock, Sendable {
  /// A point in the clock's time: how far it is from the clock's start.
  public struct Instant: InstantProtocol {
    /// The time since the clock's start.
    public var offset: Duration

    /// Creates an instant.
    ///
    /// - Parameter offset: The time since the clock's start.
    public init(offset: Duration) {
      self.offset = offset
    }

    /// The instant `duration` later.
    ///
    /// - Parameter duration: How far to move.
    /// - Returns: The later (or, for a negative duration, earlier) instant.
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

    /// The time from this instant to `other`.
    ///
    /// - Parameter other: The other instant.
    /// - Returns: `other` minus this instant.
    public func duration(to other: Instant) -> Duration { other.offset - offset }

    /// Whether `lhs` comes before `rhs`.
    ///
    /// - Parameters:
    ///   - lhs: An instant.
    ///   - rhs: Another instant.
    /// - Returns: `true` if `lhs` is earlier.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [UInt64: Sleeper] = [:]
    var cancelled: Set<UInt64> = []
    var nextID: UInt64 = 0
    var sleeps: [Duration] = []
  }

  private let state = _Mutex(State())

  /// Creates a clock at its start, ``Instant/offset`` zero.
  public init() {}

  /// The current instant: the clock's start plus every ``advance(by:)`` so far.
  public var now: Instant { state.withLock { $0.now } }

  /// Zero: the clock moves exactly as far as it is advanced.
  public var minimumResolution: Duration { .zero }

  /// The number of tasks sleeping on this clock now.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Every wait asked for so far, as a duration from the moment it was asked, in order.
  public var sleeps: [Duration] { state.withLock { $0.sleeps } }

  /// Suspends until the clock has been advanced to `deadline`.
  ///
  /// Returns at once if `deadline` has passed.
  ///
  /// - Parameters:
  ///   - deadline: The instant to wake at.
  ///   - tolerance: Ignored: the clock wakes sleepers exactly when advanced past them.
  /// - Throws: `CancellationError` if the task is cancelled before the deadline.
  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let id = state.withLock { state -> UInt64 in
      defer { state.nextID += 1 }
      state.sleeps.append(state.now.duration(to: deadline))
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        enum Outcome { case wait, resume, cancel }
        let outcome = state.withLock { state -> Outcome in
          if state.cancelled.remove(id) != nil { return .cancel }
          if deadline <= state.now { return .resume }
          state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
          return .wait
        }
        switch outcome {
        case .wait: break
        case .resume: continuation.resume()
        case .cancel: continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        guard let sleeper = state.sleepers.removeValue(forKey: id) else {
          state.cancelled.insert(id)
          return nil
        }
        return sleeper
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock forward and wakes every sleeper whose deadline has come, earliest first.
  ///
  /// - Parameter duration: How far to move; the clock never moves back, so a negative
  ///   duration is treated as zero.
  public func advance(by duration: Duration) {
    let due = state.withLock { state -> [Sleeper] in
      state.now = state.now.advanced(by: max(.zero, duration))
      let now = state.now
      let due = state.sleepers.filter { $0.value.deadline <= now }
      for id in due.keys { state.sleepers.removeValue(forKey: id) }
      return due.values.sorted { $0.deadline < $1.deadline }
    }
    for sleeper in due { sleeper.continuation.resume() }
  }

  /// Waits until at least `count` tasks sleep on the clock, or until `limit` of real time has
  /// passed.
  ///
  /// Use it before ``advance(by:)`` when the code under test starts its wait on another task,
  /// so that the advance does not come before the wait.
  ///
  /// - Parameters:
  ///   - count: How many sleepers to wait for.
  ///   - limit: The most real time to wait; a deadline for a failing test, not a delay.
  /// - Returns: Whether `count` tasks were sleeping before the limit.
  public func waitForSleepers(_ count: Int = 1, within limit: Duration = .seconds(20)) async
    -> Bool
  {
    let deadline = ContinuousClock.now.advanced(by: limit)
    while sleeperCount < count {
      guard ContinuousClock.now < deadline else { return false }
      try? await Task.sleep(for: .milliseconds(2))
    }
    return true
  }
}
