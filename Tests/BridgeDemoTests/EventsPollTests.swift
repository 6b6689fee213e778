import Foundation
import GitHubReplay
import ObservableCore
import ObservableTesting
import Testing

/// The environment that makes the demo's waits between polls pass at once, so a test of
/// `--poll` does not wait GitHub's `X-Poll-Interval` of a minute per poll.
let instantWaits = ["BRIDGE_DEMO_INSTANT_WAITS": "1"]

/// `events --poll` polls through the library's polling sequence in both styles.
@Suite("bridge-demo events --poll, through the library", .serialized)
struct EventsPollTests {
  @Test(
    "a 500 between polls is waited out, then the next poll revalidates with If-None-Match",
    arguments: ["rx", "async"])
  func serverErrorIsWaitedOut(_ style: String) async throws {
    // Only this route: the scenario's own 304 route would answer the second poll first.
    let server = try ReplayServer.start()
    defer { server.stop() }
    let answered = _Mutex(0)
    let ok = try ReplayFixture.repositoryEvents.response()
    let notModified = try ReplayFixture.eventsNotModified.response()
    let failure = try ReplayFixture.serverError.response()
    server.add(
      ReplayRoute(
        path: ReplayScenario.GitHubPaths.repositoryEvents,
        action: .handler { request in
          let count = answered.withLock { count in
            count += 1
            return count
          }
          if count == 2 { return failure }
          return request.header("If-None-Match") == nil ? ok : notModified
        }))

    let run = try await runDemo(
      [
        "events", "sferik/rails_admin", "--poll", "--polls", "2", "--interval", "0", "--style",
        style,
      ] + at(server),
      environment: instantWaits)

    // A hand-written loop ends at the 500; the library's sequence waits it out.
    expectEqual(run.status, 0, "\(run)")
    #expect(run.stderr.contains("poll 1: 200 OK, 30 events, 30 new"), "\(run)")
    #expect(run.stderr.contains("poll 2: 304 Not Modified"), "\(run)")
    #expect(!run.stderr.contains("server error"), "\(run)")
    let requests = server.requests(path: ReplayScenario.GitHubPaths.repositoryEvents)
    expectEqual(requests.count, 3, "\(run)")
    #expect(requests.first?.header("If-None-Match") == nil)
    #expect(requests.last?.header("If-None-Match") != nil)
  }

  @Test(
    "a 404 ends the polling with the error, without another request", arguments: ["rx", "async"])
  func notFoundEnds(_ style: String) async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(
      ["events", "pengwynn/octokit", "--poll", "--style", style] + at(server),
      environment: instantWaits)
    expectEqual(run.status, 1, "\(run)")
    #expect(run.stderr.contains("not found"), "\(run)")
    expectEqual(server.requests.count, 1, "\(run)")
  }
}
