import AsyncBridge
import Foundation
import ObservableCore

extension GitHubClient {
  /// Polls a repository's events and hands out each new event once, oldest first, for as long
  /// as it is iterated.
  ///
  /// ```swift
  /// for try await event in client.repositoryEventUpdates(owner: "apple", name: "swift") {
  ///   print(event.type, event.actor.login)
  /// }
  /// ```
  ///
  /// The first poll's events (the feed's current first page) come first, then whatever later
  /// polls bring. Polls are conditional requests, at least `X-Poll-Interval` (60 s without
  /// one) or `minimumInterval` apart, whichever is longer, measured on
  /// ``GitHubConfiguration/clock``. Transport errors, 5xx and rate limits are waited out with
  /// longer waits; any other error ends the sequence. See ``RepositoryEventPolls`` for the
  /// details, and ``repositoryEventPolls(owner:name:minimumInterval:)`` for one element per
  /// poll.
  ///
  /// **Cancellation:** cancelling the iterating task ends the wait or cancels the request in
  /// flight, and the iteration throws ``GitHubError/cancelled``; no request is in flight
  /// afterwards, and none is sent later.
  ///
  /// - Parameters:
  ///   - owner: The owner's login.
  ///   - name: The repository name.
  ///   - minimumInterval: The least wait between polls; the server's `X-Poll-Interval` wins
  ///     when it is longer.
  /// - Returns: The events, as an `AsyncSequence` that throws ``GitHubError``. An owner or
  ///   name that cannot be one path segment fails the first poll with
  ///   ``GitHubError/invalidInput(_:)``, without a request.
  public func repositoryEventUpdates(
    owner: String, name: String, minimumInterval: Duration = .zero
  ) -> RepositoryEventUpdates {
    RepositoryEventUpdates(
      polls: repositoryEventPolls(owner: owner, name: name, minimumInterval: minimumInterval))
  }

  /// Polls a repository's events, one element per answered poll, with the events it brought
  /// that were not seen before.
  ///
  /// ```swift
  /// for try await poll in client.repositoryEventPolls(owner: "apple", name: "swift") {
  ///   let status = poll.response.isNotModified ? "304" : "200"
  ///   print("\(status): \(poll.newEvents.count) new, next poll in \(poll.nextPollDelay)")
  /// }
  /// ```
  ///
  /// Polls, waits and errors work as ``repositoryEventUpdates(owner:name:minimumInterval:)``
  /// describes; see ``RepositoryEventPolls``.
  ///
  /// **Cancellation:** cancelling the iterating task ends the wait or cancels the request in
  /// flight, and the iteration throws ``GitHubError/cancelled``; no request is in flight
  /// afterwards, and none is sent later.
  ///
  /// - Parameters:
  ///   - owner: The owner's login.
  ///   - name: The repository name.
  ///   - minimumInterval: The least wait between polls; the server's `X-Poll-Interval` wins
  ///     when it is longer.
  /// - Returns: The polls, as an `AsyncSequence` that throws ``GitHubError``.
  public func repositoryEventPolls(
    owner: String, name: String, minimumInterval: Duration = .zero
  ) -> RepositoryEventPolls {
    RepositoryEventPolls(
      client: self, owner: owner, name: name, minimumInterval: minimumInterval)
  }
}

extension Reactive where Base == GitHubClient {
  /// Polls a repository's events while subscribed and emits each new event once, oldest
  /// first.
  ///
  /// ```swift
  /// client.rx.repositoryEventUpdates(owner: "apple", name: "swift")
  ///   .subscribe(onNext: { event in print(event.type) }, onError: { print($0) })
  ///   .disposed(by: bag)
  /// ```
  ///
  /// Each subscription polls on its own, exactly as the async
  /// ``GitHubClient/repositoryEventUpdates(owner:name:minimumInterval:)`` does (the same
  /// sequence drives it): conditional requests at least `X-Poll-Interval` apart on
  /// ``GitHubConfiguration/clock``, transient errors waited out, and a permanent error sent as
  /// the error event, a ``GitHubError``. It never completes on its own.
  ///
  /// **Cancellation:** disposing the subscription ends the wait or cancels the request in
  /// flight; no request is in flight afterwards, none is sent later, and no event follows.
  ///
  /// - Parameters:
  ///   - owner: The owner's login.
  ///   - name: The repository name.
  ///   - minimumInterval: The least wait between polls; the server's `X-Poll-Interval` wins
  ///     when it is longer.
  /// - Returns: An `Observable` of events that fails with ``GitHubError``.
  public func repositoryEventUpdates(
    owner: String, name: String, minimumInterval: Duration = .zero
  ) -> Observable<RepositoryEvent> {
    base.repositoryEventUpdates(owner: owner, name: name, minimumInterval: minimumInterval)
      .asObservable()
  }

  /// Polls a repository's events while subscribed and emits one element per answered poll.
  ///
  /// ```swift
  /// client.rx.repositoryEventPolls(owner: "apple", name: "swift")
  ///   .take(3)  // three polls, then the subscription ends and no fourth is sent
  ///   .subscribe(onNext: { poll in show(poll.newEvents) })
  ///   .disposed(by: bag)
  /// ```
  ///
  /// Polls, waits and errors work as
  /// ``repositoryEventUpdates(owner:name:minimumInterval:)`` describes.
  ///
  /// **Cancellation:** disposing the subscription ends the wait or cancels the request in
  /// flight; no request is in flight afterwards, none is sent later, and no event follows.
  ///
  /// - Parameters:
  ///   - owner: The owner's login.
  ///   - name: The repository name.
  ///   - minimumInterval: The least wait between polls; the server's `X-Poll-Interval` wins
  ///     when it is longer.
  /// - Returns: An `Observable` of polls that fails with ``GitHubError``.
  public func repositoryEventPolls(
    owner: String, name: String, minimumInterval: Duration = .zero
  ) -> Observable<RepositoryEventPoll> {
    base.repositoryEventPolls(owner: owner, name: name, minimumInterval: minimumInterval)
      .asObservable()
  }
}
