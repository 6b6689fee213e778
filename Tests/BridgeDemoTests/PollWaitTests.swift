import Foundation
import ObservableTesting
import Testing

@testable import bridge_demo

/// What `events --poll` says while it waits, as text.
@Suite("PollWait")
struct PollWaitTests {
  @Test("the line says how long, until when, and why")
  func message() throws {
    let utc = try #require(TimeZone(identifier: "UTC"))
    let until = Date(timeIntervalSince1970: 45_296)  // 12:34:56 UTC
    expectEqual(
      PollWait.message(delay: .seconds(60), until: until, reason: .pollInterval, timeZone: utc),
      "waiting 60 s for the next poll (until 12:34:56; GitHub's X-Poll-Interval)")
    expectEqual(
      PollWait.message(delay: .seconds(150), until: until, reason: .minimumInterval, timeZone: utc),
      "waiting 2 min 30 s for the next poll (until 12:34:56; --interval)")
    expectEqual(
      PollWait.message(delay: .seconds(60), until: until, reason: .defaultInterval, timeZone: utc),
      "waiting 60 s for the next poll (until 12:34:56; 60 s without an X-Poll-Interval)")
  }

  @Test("waits in words")
  func text() {
    expectEqual(PollWait.text(.seconds(60)), "60 s")
    expectEqual(PollWait.text(.milliseconds(1500)), "1.5 s")
    expectEqual(PollWait.text(.seconds(300)), "5 min")
    expectEqual(PollWait.text(.seconds(3601)), "60 min 1 s")
  }

  @Test("the reason: the server's interval wins a tie, --interval when longer, else the default")
  func reason() {
    expectEqual(
      PollWait.reason(delay: .seconds(60), pollInterval: .seconds(60), minimum: nil), .pollInterval)
    expectEqual(
      PollWait.reason(delay: .seconds(60), pollInterval: .seconds(60), minimum: .seconds(60)),
      .pollInterval)
    expectEqual(
      PollWait.reason(delay: .seconds(90), pollInterval: .seconds(60), minimum: .seconds(90)),
      .minimumInterval)
    expectEqual(
      PollWait.reason(delay: .seconds(60), pollInterval: nil, minimum: .zero), .defaultInterval)
    expectEqual(
      PollWait.reason(delay: .seconds(120), pollInterval: nil, minimum: .seconds(120)),
      .minimumInterval)
  }
}
