import ObservableCore
import Synchronization

/// A clock that moves only when a test advances it; its sleepers wake when it does.
///
/// Give it to a client as `GitHubConfiguration(clock:)`: a wait of a minute then passes the
/// moment the test calls ``advance(by:)``, and never before. ``sleeps`` records every wait
/// asked for, so a test can check how long the client meant to wait.
final class ManualClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration

    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
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

  var now: Instant { state.withLock { $0.now } }
  var minimumResolution: Duration { .zero }

  /// The number of tasks sleeping on this clock now.
  var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Every wait asked for so far, as a duration from the moment it was asked, in order.
  var sleeps: [Duration] { state.withLock { $0.sleeps } }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
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
  func advance(by duration: Duration) {
    let due = state.withLock { state -> [Sleeper] in
      state.now = state.now.advanced(by: duration)
      let now = state.now
      let due = state.sleepers.filter { $0.value.deadline <= now }
      for id in due.keys { state.sleepers.removeValue(forKey: id) }
      return due.values.sorted { $0.deadline < $1.deadline }
    }
    for sleeper in due { sleeper.continuation.resume() }
  }

  /// Waits, polling with a real-time deadline, until at least `count` tasks sleep on the clock.
  ///
  /// - Returns: Whether they did before the deadline.
  func waitForSleepers(_ count: Int = 1, within limit: Duration = .seconds(20)) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: limit)
    while sleeperCount < count {
      guard ContinuousClock.now < deadline else { return false }
      try? await Task.sleep(for: .milliseconds(2))
    }
    return true
  }
}
