import Foundation

/// One answered poll of a repository's events: what it brought that was not seen before.
///
/// An element of ``RepositoryEventPolls``.
public struct RepositoryEventPoll: Sendable, Hashable {
  /// The events this poll brought that no earlier poll of the same sequence did, oldest
  /// first.
  ///
  /// Empty after a `304 Not Modified`, and when the new page holds only events seen before.
  public var newEvents: [Event]
  /// The whole response: every event of the first page (newest first), whether it was a
  /// `304`, the `ETag`, the poll interval and the rate limit.
  public var response: RepositoryEvents
  /// How long the sequence waits before the next poll: `X-Poll-Interval` (60 s without one),
  /// or the caller's minimum if that is longer.
  public var nextPollDelay: Duration

  /// Creates a poll.
  ///
  /// - Parameters:
  ///   - newEvents: The events not seen before, oldest first.
  ///   - response: The response.
  ///   - nextPollDelay: The wait before the next poll.
  public init(newEvents: [Event], response: RepositoryEvents, nextPollDelay: Duration) {
    self.newEvents = newEvents
    self.response = response
    self.nextPollDelay = nextPollDelay
  }
}

/// A repository's events, polled the way GitHub asks, one element per answered poll.
///
/// Returned by ``GitHubClient/repositoryEventPolls(owner:name:minimumInterval:)``; for the
/// events alone, use ``RepositoryEventUpdates``. Each iteration starts its own polling:
///
/// - The first poll goes out when the first element is asked for. Every later poll is a
///   conditional request (`If-None-Match` with the previous `ETag`, from the client's
///   ``ResponseCache``), so an unchanged feed costs a `304` that does not count against the
///   rate limit.
/// - Between polls the sequence waits, on ``GitHubConfiguration/clock``, the response's
///   `X-Poll-Interval` (``defaultPollInterval`` without one), or the caller's minimum interval
///   if that is longer. The wait starts when the next element is asked for.
/// - ``RepositoryEventPoll/newEvents`` holds only events whose `id` this iteration has not
///   handed out before (it remembers the last ``seenEventLimit`` IDs), oldest first.
/// - Transient errors do not end the sequence: after a transport error or a 5xx it waits
///   twice the interval, doubling with each failure in a row up to ``maximumBackoff``; after
///   a rate limit it waits for `Retry-After` or the limit's reset (at most
///   ``maximumRateLimitWait``), and never less than the interval. Any other error (404, 401,
///   403 without rate-limit signs, 422, a body that cannot be decoded, invalid owner or name)
///   ends the sequence: it is thrown, and the iterator returns `nil` afterwards.
///
/// **Cancellation:** cancelling the iterating task ends the wait or cancels the request in
/// flight, and the iteration throws ``GitHubError/cancelled``; no request is in flight
/// afterwards, and none is sent later. Leaving the loop with `break` sends no further request.
public struct RepositoryEventPolls: AsyncSequence, Sendable {
  /// An answered poll.
  public typealias Element = RepositoryEventPoll
  /// The error thrown by iteration.
  public typealias Failure = GitHubError

  /// The wait between polls when a response has no `X-Poll-Interval`: 60 seconds, GitHub's
  /// usual value.
  public static let defaultPollInterval = Duration.seconds(60)
  /// The longest wait after transport errors and 5xx responses in a row: 15 minutes.
  public static let maximumBackoff = Duration.seconds(15 * 60)
  /// The longest wait for a rate limit to reset: one hour, GitHub's rate-limit window.
  public static let maximumRateLimitWait = Duration.seconds(60 * 60)
  /// How many event IDs an iteration remembers to hand out each event once: 1,000, more than
  /// the 300 events GitHub keeps in a repository's feed.
  public static let seenEventLimit = 1000

  let client: GitHubClient
  let owner: String
  let name: String
  let minimumInterval: Duration

  /// Creates an iterator that starts polling when first asked.
  ///
  /// - Returns: The iterator.
  public func makeAsyncIterator() -> Iterator {
    Iterator(
      client: client, owner: owner, name: name,
      machine: EventPollStateMachine(minimumInterval: minimumInterval))
  }

  /// Polls when asked for the next element.
  public struct Iterator: AsyncIteratorProtocol {
    /// An answered poll.
    public typealias Element = RepositoryEventPoll
    /// The error thrown by iteration.
    public typealias Failure = GitHubError

    private let client: GitHubClient
    private let owner: String
    private let name: String
    private var machine: EventPollStateMachine

    init(client: GitHubClient, owner: String, name: String, machine: EventPollStateMachine) {
      self.client = client
      self.owner = owner
      self.name = name
      self.machine = machine
    }

    /// Waits until the next poll is due, polls, and returns what it brought.
    ///
    /// - Returns: The poll, or `nil` after the sequence has ended.
    /// - Throws: ``GitHubError``: a permanent error, or ``GitHubError/cancelled``.
    public mutating func next() async throws(GitHubError) -> RepositoryEventPoll? {
      try await next(isolation: nil)
    }

    /// Waits until the next poll is due, polls, and returns what it brought; the
    /// isolation-preserving form used by `for try await`.
    ///
    /// - Parameter actor: The caller's actor.
    /// - Returns: The poll, or `nil` after the sequence has ended.
    /// - Throws: ``GitHubError``: a permanent error, or ``GitHubError/cancelled``.
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(GitHubError)
      -> RepositoryEventPoll?
    {
      while true {
        switch machine.nextPollRequested() {
        case .finish:
          return nil
        case .wait(let duration):
          do {
            try await client.configuration.clock.sleep(for: duration)
          } catch {
            machine.cancelled()
            throw .cancelled
          }
          machine.waitEnded()
        case .poll:
          break
        }
        guard !Task.isCancelled else {
          machine.cancelled()
          throw .cancelled
        }
        do {
          let response = try await client.repositoryEvents(owner: owner, name: name)
          return machine.pollSucceeded(response)
        } catch {
          switch machine.pollFailed(error, at: Date()) {
          case .retry: continue
          case .fail(let error): throw error
          }
        }
      }
    }
  }
}

/// A repository's new events as they happen, polled the way GitHub asks.
///
/// Returned by ``GitHubClient/repositoryEventUpdates(owner:name:minimumInterval:)``. The
/// events of each poll of a ``RepositoryEventPolls`` that were not handed out before, oldest
/// first within a poll; the first poll hands out the events the feed already has. It polls,
/// waits and handles errors exactly as ``RepositoryEventPolls`` does: it never ends on its
/// own, waits out transient errors, and throws a permanent one.
///
/// **Cancellation:** cancelling the iterating task ends the wait or cancels the request in
/// flight, and the iteration throws ``GitHubError/cancelled``; no request is in flight
/// afterwards, and none is sent later. Leaving the loop with `break` sends no further request.
public struct RepositoryEventUpdates: AsyncSequence, Sendable {
  /// An event.
  public typealias Element = Event
  /// The error thrown by iteration.
  public typealias Failure = GitHubError

  /// The polls behind the events, one element per answered poll.
  public let polls: RepositoryEventPolls

  /// Creates an iterator that starts polling when first asked.
  ///
  /// - Returns: The iterator.
  public func makeAsyncIterator() -> Iterator {
    Iterator(polls: polls.makeAsyncIterator())
  }

  /// Hands out the events of one poll, then polls again.
  public struct Iterator: AsyncIteratorProtocol {
    /// An event.
    public typealias Element = Event
    /// The error thrown by iteration.
    public typealias Failure = GitHubError

    private var polls: RepositoryEventPolls.Iterator
    private var buffer: [Event] = []
    private var position = 0

    init(polls: RepositoryEventPolls.Iterator) {
      self.polls = polls
    }

    /// Returns the next new event, polling (and waiting between polls) until there is one.
    ///
    /// - Returns: The event, or `nil` after the sequence has ended.
    /// - Throws: ``GitHubError``: a permanent error, or ``GitHubError/cancelled``.
    public mutating func next() async throws(GitHubError) -> Event? {
      try await next(isolation: nil)
    }

    /// Returns the next new event; the isolation-preserving form used by `for try await`.
    ///
    /// - Parameter actor: The caller's actor.
    /// - Returns: The event, or `nil` after the sequence has ended.
    /// - Throws: ``GitHubError``: a permanent error, or ``GitHubError/cancelled``.
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(GitHubError)
      -> Event?
    {
      while position == buffer.count {
        guard let poll = try await polls.next(isolation: actor) else { return nil }
        buffer = poll.newEvents
        position = 0
      }
      defer { position += 1 }
      return buffer[position]
    }
  }
}
