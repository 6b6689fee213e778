import AsyncBridge
import Foundation
import GitHubAsync
import ObservableCore

/// `bridge-demo events OWNER/NAME [--poll]`: a repository's events, with conditional requests
/// and an archive of the newest 50 across polls.
enum EventsCommand {
  static func run(_ options: EventsOptions, context: CommandContext) async throws {
    let directory = try options.cacheDirectory ?? context.temporaryDirectory()
    let polls = options.poll ? options.polls : 1
    for style in options.style.styles {
      // With both styles, each gets its own cache, so each starts from the same state.
      let styleDirectory =
        options.style == .both ? directory.appendingPathComponent(style.rawValue) : directory
      let client = context.backend.makeClient(
        cache: FileResponseCache(directory: styleDirectory.appendingPathComponent("http")))
      let archive = EventArchive(directory: styleDirectory, repository: options.repository)
      let printer = PollPrinter(
        options: options, style: style, archive: archive, console: context.console)
      if options.style == .both && !options.json {
        context.console.print(context.console.style.bold("\(style.label):"))
      }
      try await describingFailure("events of \(options.repository)") {
        switch style {
        case .rx:
          try await pollRx(client, options: options, polls: polls, printer: printer)
        case .async:
          try await pollAsync(client, options: options, polls: polls, printer: printer)
        }
      }
    }
  }

  /// Polls with the library's Observable of polls.
  ///
  /// The library sends conditional requests, waits `X-Poll-Interval` (or `--interval`, if
  /// longer) between them and tells new events by ID. `take` ends the polling after
  /// `--polls`, which disposes the subscription: no request follows.
  private static func pollRx(
    _ client: GitHubClient, options: EventsOptions, polls: Int?, printer: PollPrinter
  ) async throws {
    let results = client.rx.repositoryEventPolls(
      owner: options.repository.owner, name: options.repository.name,
      minimumInterval: options.interval ?? .zero)
    for try await poll in results.take(polls ?? Int.max).values {
      try printer.handle(poll)
    }
  }

  /// Polls with the library's `AsyncSequence` of polls; leaving the loop after `--polls`
  /// sends no further request.
  private static func pollAsync(
    _ client: GitHubClient, options: EventsOptions, polls: Int?, printer: PollPrinter
  ) async throws {
    var count = 0
    for try await poll in client.repositoryEventPolls(
      owner: options.repository.owner, name: options.repository.name,
      minimumInterval: options.interval ?? .zero)
    {
      try printer.handle(poll)
      count += 1
      if let polls, count >= polls { return }
    }
  }
}

/// Merges each poll into the archive and prints what it brought, then, on a terminal, how
/// long it waits for the next.
private final class PollPrinter: Sendable {
  private let options: EventsOptions
  private let style: Style
  private let archive: EventArchive
  private let console: Console
  private let pollCount = _Mutex(0)
  /// The wait for the next poll, shown on standard error when it is a terminal.
  private let waiting: ProgressLine

  init(options: EventsOptions, style: Style, archive: EventArchive, console: Console) {
    self.options = options
    self.style = style
    self.archive = archive
    self.console = console
    waiting = ProgressLine(console: console)
  }

  /// Prints a poll, and the wait for the next one unless it was the last.
  func handle(_ poll: RepositoryEventPoll) throws(DemoFailure) {
    waiting.clear()
    let count = try printResponse(poll.response)
    guard options.poll, options.polls.map({ count < $0 }) ?? true else { return }
    waiting.show(
      PollWait.message(
        delay: poll.nextPollDelay,
        until: Date().addingTimeInterval(PollWait.seconds(poll.nextPollDelay)),
        reason: PollWait.reason(
          delay: poll.nextPollDelay, pollInterval: poll.response.pollInterval,
          minimum: options.interval)))
  }

  /// Prints a poll's response.
  ///
  /// - Returns: The number of polls so far, this one included.
  private func printResponse(_ result: RepositoryEvents) throws(DemoFailure) -> Int {
    let poll = pollCount.withLock { count in
      count += 1
      return count
    }
    let (added, archived) = try archive.merge(result.events)
    let status = result.isNotModified ? 304 : 200
    let indent = options.style == .both && !options.json ? "  " : ""
    console.printError(
      "bridge-demo: \(style.label) poll \(poll): "
        + (result.isNotModified ? "304 Not Modified, events from the cache" : "200 OK")
        + ", \(result.events.count) events, \(added.count) new;"
        + " \(archived.count) kept in \(archive.file.path)")
    if options.json {
      let report = JSONOutput.EventsJSON(
        repository: options.repository.description, poll: poll, status: status,
        newEvents: added, archive: poll == 1 ? archived : nil)
      console.print(JSONOutput.encode(report, pretty: !options.poll))
    } else {
      // The first poll shows the whole archive; later polls show what is new.
      for event in poll == 1 ? archived : added {
        console.print(indent + Format.eventLine(event))
      }
    }
    return poll
  }
}

/// What `events --poll` says on a terminal while it waits for the next poll.
enum PollWait {
  /// Why the wait is as long as it is.
  enum Reason: Equatable {
    /// The response's `X-Poll-Interval`.
    case pollInterval
    /// `--interval`, longer than the response's `X-Poll-Interval`.
    case minimumInterval
    /// The library's 60 s, for a response without `X-Poll-Interval`.
    case defaultInterval
  }

  /// Why the library waits `delay`: it waits the response's `X-Poll-Interval` (60 s without
  /// one), or `--interval` if that is longer.
  ///
  /// - Parameters:
  ///   - delay: The wait, ``RepositoryEventPoll/nextPollDelay``.
  ///   - pollInterval: The response's `X-Poll-Interval`, if it had one.
  ///   - minimum: `--interval`, if given.
  /// - Returns: The reason; the server's interval when it and `--interval` are equal.
  static func reason(delay: Duration, pollInterval: Duration?, minimum: Duration?) -> Reason {
    if let pollInterval, delay <= pollInterval { return .pollInterval }
    if let minimum, delay <= minimum { return .minimumInterval }
    return .defaultInterval
  }

  /// The line, such as `waiting 60 s for the next poll (until 12:34:56; GitHub's
  /// X-Poll-Interval)`.
  ///
  /// - Parameters:
  ///   - delay: The wait.
  ///   - until: When the wait ends.
  ///   - reason: Why it is that long.
  ///   - timeZone: The time zone of the time shown; the user's by default.
  /// - Returns: The line, without a line break.
  static func message(
    delay: Duration, until: Date, reason: Reason, timeZone: TimeZone = .current
  ) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    formatter.dateFormat = "HH:mm:ss"
    let why =
      switch reason {
      case .pollInterval: "GitHub's X-Poll-Interval"
      case .minimumInterval: "--interval"
      case .defaultInterval: "60 s without an X-Poll-Interval"
      }
    return
      "waiting \(text(delay)) for the next poll (until \(formatter.string(from: until)); \(why))"
  }

  /// A wait in words: `60 s`, `1.5 s`, `5 min`, `2 min 30 s`.
  static func text(_ delay: Duration) -> String {
    let total = seconds(delay)
    if total < 120 {
      return total == total.rounded() ? "\(Int(total)) s" : String(format: "%.1f s", total)
    }
    let whole = Int(total.rounded())
    return whole % 60 == 0 ? "\(whole / 60) min" : "\(whole / 60) min \(whole % 60) s"
  }

  /// A duration in seconds.
  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
