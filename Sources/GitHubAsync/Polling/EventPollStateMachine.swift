import Foundation

/// The decisions of an events poll, apart from any I/O: when to poll next, which events are
/// new, and whether an error ends the polling or is waited out.
///
/// Both ``RepositoryEventPolls`` (async) and the Rx form driven by it feed this machine what
/// happened (a poll succeeded, failed, a wait ended, the consumer went away) and do what it
/// answers. It never reads a clock: the caller passes the wall-clock time a rate limit's reset
/// is measured from.
struct EventPollStateMachine: Sendable {
  /// What to do when the consumer asks for the next poll.
  enum NextPollAction: Equatable {
    /// Send the request now.
    case poll
    /// Wait this long on the clock, report ``EventPollStateMachine/waitEnded()``, then poll.
    case wait(Duration)
    /// The polling has ended; there is nothing more.
    case finish
  }

  /// What to do after a failed poll.
  enum FailureAction: Equatable {
    /// The error is transient: wait this long, then poll again.
    case retry(after: Duration)
    /// The error is permanent: end the polling with it.
    case fail(GitHubError)
  }

  private enum State {
    /// Nothing sent yet: the first poll goes out at once.
    case idle
    /// A poll is due after this wait.
    case waiting(Duration)
    /// A request is in flight.
    case polling
    /// An error, a cancellation or the consumer ended the polling.
    case finished
  }

  private var state = State.idle
  private let minimumInterval: Duration
  private let seenLimit: Int
  /// The interval of the latest response, at least ``minimumInterval``.
  private var interval: Duration
  private var consecutiveFailures = 0
  private var seen: Set<String> = []
  /// The IDs in ``seen``, oldest first, so the oldest are forgotten first.
  private var seenOrder: [String] = []

  /// Creates a machine.
  ///
  /// - Parameters:
  ///   - minimumInterval: The least wait between polls; the server's `X-Poll-Interval` wins
  ///     when it is longer.
  ///   - seenLimit: How many event IDs to remember.
  init(
    minimumInterval: Duration = .zero,
    seenLimit: Int = RepositoryEventPolls.seenEventLimit
  ) {
    self.minimumInterval = max(minimumInterval, .zero)
    self.seenLimit = max(seenLimit, 1)
    interval = max(RepositoryEventPolls.defaultPollInterval, minimumInterval)
  }

  /// The number of event IDs remembered.
  var seenCount: Int { seen.count }

  /// The consumer asked for the next poll's result.
  mutating func nextPollRequested() -> NextPollAction {
    switch state {
    case .idle, .polling:
      state = .polling
      return .poll
    case .waiting(let duration):
      return .wait(duration)
    case .finished:
      return .finish
    }
  }

  /// The wait before a poll has passed on the clock.
  mutating func waitEnded() {
    if case .waiting = state { state = .polling }
  }

  /// A poll was answered, with new events (`200`) or the cached ones (`304`).
  ///
  /// - Returns: The poll with the events not seen before, oldest first.
  mutating func pollSucceeded(_ response: RepositoryEvents) -> RepositoryEventPoll {
    consecutiveFailures = 0
    interval = max(
      response.pollInterval ?? RepositoryEventPolls.defaultPollInterval, minimumInterval)
    // GitHub sends the newest first; hand them on in the order they happened.
    // Decide against what was seen before this poll, then remember, so forgetting an old ID
    // to make room never makes an event of this same poll look new.
    var fresh: [Event] = []
    var inThisPoll: Set<String> = []
    for event in response.events.reversed()
    where !seen.contains(event.id) && inThisPoll.insert(event.id).inserted {
      fresh.append(event)
    }
    for event in fresh { remember(event.id) }
    if case .finished = state {} else { state = .waiting(interval) }
    return RepositoryEventPoll(newEvents: fresh, response: response, nextPollDelay: interval)
  }

  /// A poll failed.
  ///
  /// Transport errors, 5xx and rate limits are transient: the next poll waits longer than the
  /// poll interval (twice as long after each failure in a row, up to
  /// ``RepositoryEventPolls/maximumBackoff``; for a rate limit until `Retry-After` or the
  /// reset has passed, up to an hour). Everything else ends the polling.
  ///
  /// - Parameters:
  ///   - error: The error.
  ///   - now: The wall-clock time, which a primary rate limit's reset is measured from.
  /// - Returns: Wait and retry, or end with the error.
  mutating func pollFailed(_ error: GitHubError, at now: Date) -> FailureAction {
    guard case .finished = state else {
      guard let wait = retryWait(after: error, at: now) else {
        state = .finished
        return .fail(error)
      }
      state = .waiting(wait)
      return .retry(after: wait)
    }
    return .fail(error)
  }

  /// The consumer went away: the iterating task was cancelled or the subscription disposed.
  mutating func cancelled() {
    state = .finished
  }

  private mutating func retryWait(after error: GitHubError, at now: Date) -> Duration? {
    switch error {
    case .transport, .serverError:
      consecutiveFailures += 1
      let factor = 1 << min(consecutiveFailures, 16)
      return max(min(interval * factor, RepositoryEventPolls.maximumBackoff), interval)
    case .rateLimited(let limit):
      consecutiveFailures += 1
      var wait = limit.retryAfter ?? .zero
      if limit.retryAfter == nil, limit.resetDate != nil {
        wait = limit.durationUntilReset(from: now) ?? .zero
      }
      if limit.retryAfter == nil && limit.resetDate == nil {
        wait = RepositoryEventPolls.defaultPollInterval
      }
      return max(min(wait, RepositoryEventPolls.maximumRateLimitWait), interval)
    case .notFound, .unauthorized, .forbidden, .validationFailed, .redirect, .decodingFailed,
      .invalidInput, .cancelled, .unexpectedStatus:
      return nil
    }
  }

  private mutating func remember(_ id: String) {
    seen.insert(id)
    seenOrder.append(id)
    if seenOrder.count > seenLimit {
      let forgotten = seenOrder.count - seenLimit
      for old in seenOrder.prefix(forgotten) { seen.remove(old) }
      seenOrder.removeFirst(forgotten)
    }
  }
}
