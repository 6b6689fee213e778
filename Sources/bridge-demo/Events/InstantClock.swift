import ObservableCore

/// A clock on which every wait passes at once, for tests of `events --poll`.
///
/// A sleep moves the clock to its deadline and returns after yielding, so the library's
/// polling waits the intervals it means to (the clock's time shows them) without the test
/// waiting a minute per poll. A cancelled task's sleep still throws `CancellationError`.
/// Chosen with `BRIDGE_DEMO_INSTANT_WAITS`; see ``Backend/instantWaitsVariable``.
final class InstantClock: Clock, Sendable {
  /// A point on the clock: the time slept so far.
  struct Instant: InstantProtocol {
    var offset: Duration

    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private let current = _Mutex(Instant(offset: .zero))

  /// The time slept so far.
  var now: Instant { current.withLock { $0 } }
  /// Zero: any duration can be slept.
  var minimumResolution: Duration { .zero }

  /// Moves the clock to `deadline` and returns at once, unless the task is cancelled.
  ///
  /// - Parameters:
  ///   - deadline: When to wake.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` if the task is cancelled.
  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    current.withLock { $0 = max($0, deadline) }
    await Task.yield()
    try Task.checkCancellation()
  }
}
