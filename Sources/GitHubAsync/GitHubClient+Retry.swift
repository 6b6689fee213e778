import Foundation
import ObservableCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension GitHubClient {
  /// Sends a `GET` for `url` and waits for the exchange, retrying as the configuration's
  /// ``GitHubConfiguration/retryPolicy`` says.
  ///
  /// Every async call's requests go through here. Waits run on the configuration's clock;
  /// cancelling the task during a wait throws ``GitHubError/cancelled`` at once, without
  /// another request.
  func send(_ url: URL) async throws(GitHubError) -> Exchange {
    guard let policy = configuration.retryPolicy else { return try await sendOnce(url) }
    var failures = 0
    while true {
      let error: GitHubError
      do {
        return try await sendOnce(url)
      } catch let failure {
        error = failure
      }
      failures += 1
      guard let delay = policy.delay(after: error, attempt: failures) else { throw error }
      do {
        try await configuration.clock.sleep(for: delay)
      } catch {
        throw .cancelled
      }
      // A clock may return from a cancelled sleep without throwing.
      guard !Task.isCancelled else { throw .cancelled }
    }
  }

  /// A `Single` of one exchange that, when the configuration has a
  /// ``GitHubConfiguration/retryPolicy``, resubscribes after the waits it asks for.
  ///
  /// Every Rx call's requests go through here. The retries are the `retry(when:)` pipeline of
  /// <doc:RetriesAndRateLimits>, with timers on a `ClockScheduler` of the configuration's
  /// clock; disposing during a wait cancels the timer, and no further request is made.
  func exchange(_ url: URL) -> Single<Exchange> {
    let once = exchangeOnce(url)
    guard let policy = configuration.retryPolicy else { return once }
    let clock = configuration.clock
    return once.retry(when: { (errors: Observable<GitHubError>) in
      let scheduler = Self.scheduler(on: clock)
      return errors.enumerated().flatMap { index, error -> Observable<Int> in
        guard let delay = policy.delay(after: error, attempt: index + 1) else {
          return .error(error)
        }
        return .timer(delay, scheduler: scheduler)
      }
    })
  }

  /// A scheduler whose time is `clock`, opening the configuration's existential clock.
  private static func scheduler<C: Clock>(on clock: C) -> any SchedulerType
  where C.Duration == Duration {
    ClockScheduler(clock: clock)
  }
}
