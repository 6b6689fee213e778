import AsyncBridge
import Foundation
import GitHubAsync
import ObservableCore

/// `bridge-demo events OWNER/NAME [--poll]`: a repository's events, with conditional requests
/// and an archive of the newest 50 across polls.
enum EventsCommand {
  /// The wait between polls when neither `--interval` nor the server says otherwise: GitHub's
  /// usual `X-Poll-Interval`.
  static let defaultInterval = Duration.seconds(60)

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

  /// Polls with an Observable: the first poll, then one per interval.
  private static func pollRx(
    _ client: GitHubClient, options: EventsOptions, polls: Int?, printer: PollPrinter
  ) async throws {
    let poll = client.rx.repositoryEvents(
      owner: options.repository.owner, name: options.repository.name
    ).asObservable()
    let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "bridge-demo.poll")
    let results = poll.flatMap { first in
      Observable.just(first).concat(
        Observable<Int>.interval(
          options.interval ?? first.pollInterval ?? defaultInterval, scheduler: scheduler
        )
        .concatMap { _ in poll })
    }
    for try await result in results.take(polls ?? Int.max).values {
      try printer.handle(result)
    }
  }

  /// Polls with a loop of awaits.
  private static func pollAsync(
    _ client: GitHubClient, options: EventsOptions, polls: Int?, printer: PollPrinter
  ) async throws {
    var count = 0
    while true {
      let result = try await client.repositoryEvents(
        owner: options.repository.owner, name: options.repository.name)
      try printer.handle(result)
      count += 1
      if let polls, count >= polls { return }
      try await Task.sleep(for: options.interval ?? result.pollInterval ?? defaultInterval)
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
