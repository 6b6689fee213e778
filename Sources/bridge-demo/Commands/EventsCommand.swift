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
      try printer.handle(poll.response)
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
      try printer.handle(poll.response)
      count += 1
      if let polls, count >= polls { return }
    }
  }
}

/// Merges each poll into the archive and prints what it brought.
private final class PollPrinter: Sendable {
  private let options: EventsOptions
  private let style: Style
  private let archive: EventArchive
  private let console: Console
  private let pollCount = _Mutex(0)

  init(options: EventsOptions, style: Style, archive: EventArchive, console: Console) {
    self.options = options
    self.style = style
    self.archive = archive
    self.console = console
  }

  func handle(_ result: RepositoryEvents) throws(DemoFailure) {
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
  }
}
