import Foundation
import ObservableTesting
import Testing

/// The command-line conventions: `--help` everywhere, one-line errors with usage and status 2.
@Suite("bridge-demo command line", .serialized)
struct CommandLineTests {
  static let commands = ["tour", "repo", "search", "events", "user", "typeahead"]

  @Test("--help prints the overview on standard output and exits with 0")
  func overview() async throws {
    let run = try await runDemo(["--help"])
    expectEqual(run.status, 0, "\(run)")
    #expect(run.stdout.contains("usage: bridge-demo [COMMAND] [OPTIONS] [SERVER]"), "\(run)")
    for command in Self.commands { #expect(run.stdout.contains("  \(command)"), "\(run)") }
    #expect(run.stdout.contains("--live"))
    #expect(run.stdout.contains("--base-url URL"))
    #expect(run.stderr.isEmpty, "\(run)")
  }

  @Test("every command has --help, which starts no server", arguments: commands)
  func commandHelp(_ command: String) async throws {
    let run = try await runDemo([command, "--help"])
    expectEqual(run.status, 0, "\(run)")
    #expect(run.stdout.contains("usage: bridge-demo"), "\(run)")
    #expect(run.stdout.contains("--live"), "\(run)")
    #expect(run.stderr.isEmpty, "\(run)")
  }

  @Test("-h is --help, and --help wins over a missing argument")
  func shortHelp() async throws {
    let run = try await runDemo(["search", "-h"])
    expectEqual(run.status, 0, "\(run)")
    #expect(run.stdout.hasPrefix("usage: bridge-demo search QUERY"), "\(run)")
  }

  @Test(
    "a mistake is one line and the command's usage on standard error, with status 2",
    arguments: [
      (["--frobnicate"], "unknown option '--frobnicate'", "usage: bridge-demo [tour]"),
      (["nope"], "unknown command 'nope'", "usage: bridge-demo [tour]"),
      (["repo"], "missing OWNER/NAME", "usage: bridge-demo repo OWNER/NAME"),
      (["repo", "octocat"], "expected OWNER/NAME, not 'octocat'", "usage: bridge-demo repo"),
      (["repo", "a/b", "--json=yes"], "--json does not take a value", "usage: bridge-demo repo"),
      (["user"], "missing NAME", "usage: bridge-demo user NAME"),
      (["user", ""], "NAME must not be empty", "usage: bridge-demo user NAME"),
      (["user", "sferik", "extra"], "unexpected argument 'extra'", "usage: bridge-demo user"),
      (
        ["user", "sferik", "--style", "fast"], "--style must be rx, async or both, not 'fast'",
        "usage: bridge-demo user"
      ),
      (["search"], "missing QUERY", "usage: bridge-demo search QUERY"),
      (["search", "swift", "--limit"], "--limit needs a value", "usage: bridge-demo search"),
      (
        ["search", "swift", "--limit", "0"], "--limit must be a number from 1 to 1000, not '0'",
        "usage: bridge-demo search"
      ),
      (
        ["search", "swift", "--sort", "best"], "--sort must be stars, forks or updated, not 'best'",
        "usage: bridge-demo search"
      ),
      (
        ["events", "a/b", "--polls", "2"], "--polls and --interval need --poll",
        "usage: bridge-demo events"
      ),
      (
        ["events", "a/b", "--poll", "--interval", "soon"],
        "--interval must be a number of seconds, not 'soon'", "usage: bridge-demo events"
      ),
      (
        ["typeahead", "--style", "both"], "--style must be rx or async, not 'both'",
        "usage: bridge-demo typeahead"
      ),
      (
        ["tour", "--only", "everything"],
        "--only takes repository, pagination, bridge, chained, typeahead, events, signup, observation, "
          + "not 'everything'",
        "usage: bridge-demo [tour]"
      ),
      (
        ["--live", "--base-url", "http://127.0.0.1:1"],
        "--live and --base-url cannot be used together",
        "usage: bridge-demo [tour]"
      ),
      (
        ["--base-url", "ftp://example.com"],
        "--base-url needs an http or https URL, not 'ftp://example.com'",
        "usage: bridge-demo [tour]"
      ),
      (["repo", "--base-url"], "--base-url needs a value", "usage: bridge-demo repo"),
    ])
  func usageError(_ arguments: [String], message: String, usage: String) async throws {
    let run = try await runDemo(arguments)
    expectEqual(run.status, 2, "\(run)")
    #expect(run.stdout.isEmpty, "\(run)")
    expectEqual(run.stderrLines.count, 2, "\(run)")
    expectEqual(run.stderrLines.first, "bridge-demo: " + message, "\(run)")
    expectEqual(run.stderrLines.last?.hasPrefix(usage), true, "\(run)")
  }

  @Test(
    "a name that cannot be one path segment, or a blank one, is a usage error before any request",
    arguments: [
      (["user", "a/b"], "'a/b'", "usage: bridge-demo user NAME"),
      (["user", " "], "blank", "usage: bridge-demo user NAME"),
      (["user", "\t\n"], "blank", "usage: bridge-demo user NAME"),
      (["user", ".."], "'..'", "usage: bridge-demo user NAME"),
      (["user", "a\u{7}b"], "control", "usage: bridge-demo user NAME"),
      (["user", String(repeating: "é", count: 200)], "255 bytes", "usage: bridge-demo user NAME"),
      (["repo", "../x"], "'..'", "usage: bridge-demo repo OWNER/NAME"),
      (["repo", "x/."], "'.'", "usage: bridge-demo repo OWNER/NAME"),
      (["repo", " /x"], "blank", "usage: bridge-demo repo OWNER/NAME"),
      (["events", "a/..", "--poll"], "'..'", "usage: bridge-demo events OWNER/NAME"),
      (["search", "\n"], "QUERY must not be empty", "usage: bridge-demo search QUERY"),
    ])
  func invalidName(_ arguments: [String], mentions: String, usage: String) async throws {
    // A server the demo would reach if it sent anything: it must not.
    let server = try startReplayServer()
    defer { server.stop() }
    let run = try await runDemo(arguments + at(server))
    expectEqual(run.status, 2, "\(run)")
    #expect(run.stdout.isEmpty, "\(run)")
    expectEqual(run.stderrLines.count, 2, "\(run)")
    expectEqual(run.stderrLines.first?.hasPrefix("bridge-demo: "), true, "\(run)")
    expectEqual(run.stderrLines.first?.contains(mentions), true, "\(run)")
    expectEqual(run.stderrLines.last?.hasPrefix(usage), true, "\(run)")
    #expect(server.requests.isEmpty)
  }

  @Test("names GitHub serves are accepted: bots, dots inside, non-ASCII letters are sent")
  func acceptedNames() async throws {
    let server = try startReplayServer()
    defer { server.stop() }
    for name in ["shipit[bot]", "a.b", "...", "zoë", "a b", "x?y#z%"] {
      let run = try await runDemo(["user", name] + at(server))
      expectEqual(run.status, (name == "shipit[bot]" ? 0 : 1), "\(run)")
    }
    expectEqual(server.requests.count, 6)
  }

  @Test("a mistake that quotes control characters still takes one line")
  func oneLineMessages() async throws {
    for arguments in [["nope\nmore"], ["user", "a\nb"], ["user", "x", "--style", "a\rb\n"]] {
      let run = try await runDemo(arguments)
      expectEqual(run.status, 2, "\(run)")
      expectEqual(run.stderrLines.count, 2, "\(run)")
      #expect(!run.stderr.contains("\r"), "\(run)")
      expectEqual(run.stderrLines.last?.hasPrefix("usage: bridge-demo"), true, "\(run)")
    }
  }

  @Test("events --help names the archive file the command writes")
  func eventsHelpNamesTheArchive() async throws {
    let run = try await runDemo(["events", "--help"])
    expectEqual(run.status, 0, "\(run)")
    #expect(run.stdout.contains("events-OWNER-NAME.json"), "\(run)")
    #expect(!run.stdout.contains(" events.json"), "\(run)")
  }
}
