import Foundation
import ObservableTesting
import Testing

@testable import GitHubAsync

@Suite("EventPollStateMachine: waits, new events and errors, without I/O")
struct EventPollStateMachineTests {
  private let now = Date(timeIntervalSince1970: 1_700_000_000)

  @Test("the first poll goes out at once; the next waits the poll interval")
  func firstPollThenInterval() {
    var machine = EventPollStateMachine()
    expectEqual(machine.nextPollRequested(), .poll)
    _ = machine.pollSucceeded(events(["2", "1"], interval: .seconds(90)))
    expectEqual(machine.nextPollRequested(), .wait(.seconds(90)))
    // Asking again before the wait ended asks for the same wait.
    expectEqual(machine.nextPollRequested(), .wait(.seconds(90)))
    machine.waitEnded()
    expectEqual(machine.nextPollRequested(), .poll)
  }

  @Test("without X-Poll-Interval the wait is GitHub's default of 60 s")
  func defaultInterval() {
    var machine = EventPollStateMachine()
    _ = machine.nextPollRequested()
    let poll = machine.pollSucceeded(events(["1"], interval: nil))
    expectEqual(poll.nextPollDelay, .seconds(60))
    expectEqual(machine.nextPollRequested(), .wait(.seconds(60)))
  }

  @Test("a longer minimum interval wins over X-Poll-Interval; a shorter one does not")
  func minimumInterval() {
    var longer = EventPollStateMachine(minimumInterval: .seconds(300))
    _ = longer.nextPollRequested()
    _ = longer.pollSucceeded(events(["1"], interval: .seconds(60)))
    expectEqual(longer.nextPollRequested(), .wait(.seconds(300)))

    var shorter = EventPollStateMachine(minimumInterval: .seconds(1))
    _ = shorter.nextPollRequested()
    _ = shorter.pollSucceeded(events(["1"], interval: .seconds(60)))
    expectEqual(shorter.nextPollRequested(), .wait(.seconds(60)))
  }

  @Test("each event is handed out once, oldest first within a poll")
  func newEventsOnceInOrder() {
    var machine = EventPollStateMachine()
    _ = machine.nextPollRequested()
    let first = machine.pollSucceeded(events(["3", "2", "1"]))
    expectEqual(first.newEvents.map(\.id), ["1", "2", "3"])
    machine.waitEnded()
    _ = machine.nextPollRequested()
    let second = machine.pollSucceeded(events(["5", "4", "3", "2"]))
    expectEqual(second.newEvents.map(\.id), ["4", "5"])
    expectEqual(second.response.events.count, 4)
    machine.waitEnded()
    _ = machine.nextPollRequested()
    let notModified = machine.pollSucceeded(events(["5", "4", "3", "2"], notModified: true))
    #expect(notModified.newEvents.isEmpty)
  }

  @Test("a page repeating an ID hands it out once")
  func duplicateWithinPoll() {
    var machine = EventPollStateMachine()
    _ = machine.nextPollRequested()
    expectEqual(machine.pollSucceeded(events(["2", "1", "2"])).newEvents.map(\.id), ["2", "1"])
  }

  @Test("the memory of seen IDs is bounded and forgets the oldest first")
  func seenBound() {
    var machine = EventPollStateMachine(seenLimit: 3)
    func poll(_ ids: [String]) -> [String] {
      _ = machine.nextPollRequested()
      defer { machine.waitEnded() }
      return machine.pollSucceeded(events(ids)).newEvents.map(\.id)
    }
    expectEqual(poll(["2", "1"]), ["1", "2"])
    expectEqual(poll(["3", "2"]), ["3"])
    expectEqual(poll(["4", "3"]), ["4"])
    expectEqual(machine.seenCount, 3)
    // 1 was forgotten to make room for 4; 2 was not.
    expectEqual(poll(["2", "1"]), ["1"])
    expectEqual(machine.seenCount, 3)
    expectEqual(RepositoryEventPolls.seenEventLimit, 1000)
  }

  @Test("transport errors and 5xx back off, doubling up to the cap, and a success resets it")
  func backoff() {
    var machine = EventPollStateMachine()
    _ = machine.nextPollRequested()
    _ = machine.pollSucceeded(events(["1"], interval: .seconds(60)))
    var waits: [Duration] = []
    for error in [transport, server, transport, server, transport, server] {
      machine.waitEnded()
      #expect(machine.nextPollRequested() == .poll)
      guard case .retry(let wait) = machine.pollFailed(error, at: now) else {
        Issue.record("\(error) should be retried")
        return
      }
      waits.append(wait)
      #expect(machine.nextPollRequested() == .wait(wait))
    }
    #expect(waits.map { $0 / .seconds(1) } == [120, 240, 480, 900, 900, 900].map(Double.init))
    machine.waitEnded()
    _ = machine.nextPollRequested()
    _ = machine.pollSucceeded(events(["1"], interval: .seconds(60)))
    machine.waitEnded()
    _ = machine.nextPollRequested()
    #expect(machine.pollFailed(transport, at: now) == .retry(after: .seconds(120)))
  }

  @Test("a rate limit waits Retry-After, or until the reset, never less than the interval")
  func rateLimits() {
    func wait(after limit: RateLimitExceeded) -> EventPollStateMachine.FailureAction {
      var machine = EventPollStateMachine()
      _ = machine.nextPollRequested()
      return machine.pollFailed(.rateLimited(limit), at: now)
    }
    expectEqual(
      wait(after: RateLimitExceeded(kind: .secondary, status: 429, retryAfter: .seconds(300))),
      .retry(after: .seconds(300)))
    expectEqual(
      wait(after: RateLimitExceeded(kind: .secondary, status: 429, retryAfter: .seconds(5))),
      .retry(after: .seconds(60)))
    expectEqual(
      wait(
        after: RateLimitExceeded(
          kind: .primary, status: 403, resetDate: now.addingTimeInterval(1200))),
      .retry(after: .seconds(1200)))
    expectEqual(
      wait(
        after: RateLimitExceeded(
          kind: .primary, status: 403, resetDate: now.addingTimeInterval(-5))),
      .retry(after: .seconds(60)))
    expectEqual(
      wait(
        after: RateLimitExceeded(
          kind: .primary, status: 403, resetDate: now.addingTimeInterval(86_400))),
      .retry(after: .seconds(3600)))
    expectEqual(
      wait(after: RateLimitExceeded(kind: .secondary, status: 403)), .retry(after: .seconds(60)))
    // A reset no real server sends (x-ratelimit-reset near Int.max) waits the longest allowed
    // instead of overflowing.
    expectEqual(
      wait(
        after: RateLimitExceeded(
          kind: .primary, status: 403, resetDate: Date(timeIntervalSince1970: 9.2e18))),
      .retry(after: .seconds(3600)))
  }

  @Test(
    "permanent errors end the polling",
    arguments: [
      GitHubError.notFound(GitHubMessage(status: 404)),
      .unauthorized(GitHubMessage(status: 401)),
      .forbidden(GitHubMessage(status: 403)),
      .validationFailed(ValidationFailure(message: nil)),
      .decodingFailed(DecodingFailure(status: 200, bodyPrefix: "", reason: "")),
      .invalidInput(InvalidInput(parameter: "owner", reason: "empty")),
      .redirect(status: 302, location: nil),
      .unexpectedStatus(GitHubMessage(status: 410)),
      .cancelled,
    ])
  func permanent(_ error: GitHubError) {
    var machine = EventPollStateMachine()
    _ = machine.nextPollRequested()
    expectEqual(machine.pollFailed(error, at: now), .fail(error))
    expectEqual(machine.nextPollRequested(), .finish)
  }

  @Test("after a cancellation nothing more is polled, even when a response still arrives")
  func cancelled() {
    var machine = EventPollStateMachine()
    _ = machine.nextPollRequested()
    machine.cancelled()
    _ = machine.pollSucceeded(events(["1"]))
    expectEqual(machine.nextPollRequested(), .finish)
    expectEqual(machine.pollFailed(transport, at: now), .fail(transport))
    expectEqual(machine.nextPollRequested(), .finish)
  }

  // MARK: Helpers

  private var transport: GitHubError { .transport(URLError(.notConnectedToInternet)) }
  private var server: GitHubError { .serverError(GitHubMessage(status: 502)) }

  private func events(
    _ ids: [String], interval: Duration? = .seconds(60), notModified: Bool = false
  ) -> RepositoryEvents {
    RepositoryEvents(
      events: ids.map(event), pollInterval: interval, isNotModified: notModified)
  }

  private func event(_ id: String) -> Event {
    let json = #"""
      {"id": "\#(id)", "type": "WatchEvent", "actor": {"id": 1, "login": "octocat"},
       "repo": {"id": 2, "name": "octocat/hello-world"}}
      """#
    // The JSON is fixed and valid; a failure here is a broken test.
    // swift-format-ignore: NeverUseForceTry
    return try! JSONDecoder().decode(Event.self, from: Data(json.utf8))
  }
}
