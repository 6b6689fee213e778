import Foundation
import GitHubAsync
import GitHubReplay
import ObservableCore

/// A repository's event feed that a test grows, served like GitHub serves it.
///
/// The events are the 30 recorded in the octokit.rb fixture `returns_events_for_a_repository`
/// (MIT, see Sources/GitHubReplay/Fixtures); the feed shows the oldest ``published`` of them,
/// newest first. Each state has its own `ETag`, and a request whose `If-None-Match` names the
/// current one gets `304 Not Modified`, as GitHub answers. A test can make the next answers
/// something else (such as an error) with ``script(_:)``.
final class EventFeed: Sendable {
  static let path = "/repos/sferik/rails_admin/events"

  /// The recorded events' JSON objects, newest first.
  let recorded: [Data]
  /// The recorded events' IDs, newest first.
  let recordedIDs: [String]

  private struct State {
    var published: Int
    var pollInterval: String?
    var scripted: [ReplayResponse] = []
  }

  private let state: _Mutex<State>

  /// Creates a feed showing the oldest `published` recorded events.
  init(published: Int, pollInterval: String? = "60") throws {
    let body = try ReplayFixture.repositoryEvents.response().body
    let objects = try JSONSerialization.jsonObject(with: body) as? [[String: Any]] ?? []
    recorded = try objects.map { try JSONSerialization.data(withJSONObject: $0) }
    recordedIDs = objects.map { "\($0["id"] ?? "")" }
    state = _Mutex(State(published: published, pollInterval: pollInterval))
  }

  /// The IDs of the published events in the order they happened, oldest first.
  func publishedIDsOldestFirst(_ count: Int) -> [String] {
    Array(recordedIDs.suffix(count).reversed())
  }

  /// Shows `count` events from now on.
  func publish(_ count: Int) {
    state.withLock { $0.published = count }
  }

  /// Makes the next requests get these actions, in order, before the feed answers again.
  func script(_ responses: ReplayResponse...) {
    state.withLock { $0.scripted += responses }
  }

  /// Serves the feed at ``path`` on `server`.
  func serve(on server: ReplayServer) {
    server.add(ReplayRoute(path: Self.path, action: .handler { [self] in respond(to: $0) }))
  }

  private func respond(to request: RecordedRequest) -> ReplayResponse {
    let (published, interval, scripted) = state.withLock { state in
      (
        state.published, state.pollInterval,
        state.scripted.isEmpty ? nil : state.scripted.removeFirst()
      )
    }
    if let scripted { return scripted }
    let etag = #"W/"feed-\#(published)""#
    var headers = [ReplayHeader("ETag", etag), ReplayHeader("X-RateLimit-Remaining", "4999")]
    if let interval { headers.append(ReplayHeader("X-Poll-Interval", interval)) }
    if request.header("If-None-Match") == etag {
      return ReplayResponse(status: 304, headers: headers)
    }
    let body =
      Data("[".utf8)
      + recorded.suffix(published).joined(separator: Data(",".utf8)) + Data("]".utf8)
    return ReplayResponse(
      status: 200,
      headers: [ReplayHeader("Content-Type", "application/json; charset=utf-8")] + headers,
      body: body)
  }
}
