import Foundation
import ObservableTesting
import Testing

/// `events --poll`: what it says while it waits for the next poll.
@Suite("bridge-demo events --poll waits", .serialized)
struct EventsWaitTests {
  @Test("on a terminal, standard error says how long it waits for the next poll, and why")
  func waitShownOnATerminal() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let terminal = try PseudoTerminal()
    let demo = try terminal.spawn(
      ["events", "sferik/rails_admin", "--poll", "--polls", "2"] + at(server),
      environment: instantWaits)
    #expect(try await demo.wait(timeout: .seconds(120)) == 0, "\(terminal.output)")
    try await terminal.waitFor("poll 2: 304 Not Modified")
    let output = terminal.output
    #expect(output.contains("waiting 60 s for the next poll (until "), "\(output)")
    #expect(output.contains("; GitHub's X-Poll-Interval)"), "\(output)")
    // Said once: after the last poll there is nothing to wait for.
    expectEqual(output.components(separatedBy: "waiting ").count, 2, "\(output)")
  }

  @Test("when standard error is not a terminal, nothing is said about the wait")
  func silentWithoutATerminal() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(
      ["events", "sferik/rails_admin", "--poll", "--polls", "2"] + at(server),
      environment: instantWaits)
    expectEqual(run.status, 0, "\(run)")
    #expect(!run.stderr.contains("waiting"), "\(run)")
    expectEqual(run.stderrLines.count, 2, "\(run)")
  }
}
