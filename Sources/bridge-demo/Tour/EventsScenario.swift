import AsyncBridge
import Foundation
import GitHubAsync
import ObservableCore

/// Repository events with a conditional request: a 200, then a 304 answered from the cache.
struct EventsScenario: TourScenario {
  let name = TourScenarioName.events
  let title = "Poll events with conditional requests"
  /// The wait between the two polls.
  ///
  /// GitHub's `X-Poll-Interval` asks for 60 s; a 304 does
  /// not count against the rate limit, so the tour polls again sooner.
  let pause = Duration.milliseconds(100)

  func summary(_ context: TourContext) -> [String] {
    [
      "Two polls of \(context.targets.eventsRepository)'s events. The second sends the first's ETag,",
      "gets 304 Not Modified, and reads the cache. The newest \(EventArchive.capacity) events are kept in a file.",
    ]
  }

  func code(_ style: Style, _ context: TourContext) -> [String] {
    let target = context.targets.eventsRepository
    let call = "repositoryEvents(owner: \"\(target.owner)\", name: \"\(target.name)\")"
    switch style {
    case .rx:
      return [
        "let poll = client.rx.\(call).asObservable()",
        "Observable.concat(poll, poll.delaySubscription(.milliseconds(100), scheduler: scheduler))",
        "  .subscribe(onNext: { events in archive.merge(events.events) })",
      ]
    case .async:
      return [
        "for poll in 1...2 {",
        "  let events = try await client.\(call)",
        "  try archive.merge(events.events)",
        "  if poll == 1 { try await Task.sleep(for: .milliseconds(100)) }",
        "}",
      ]
    }
  }

  func run(_ style: Style, _ context: TourContext) async throws -> StyleReport {
    // Each style starts from an empty cache of its own.
    let directory = context.directory.appendingPathComponent("events-\(style.rawValue)")
    let client = context.backend.makeClient(
      cache: FileResponseCache(directory: directory.appendingPathComponent("http")))
    let target = context.targets.eventsRepository
    let archive = EventArchive(directory: directory, repository: target)
    var lines: [String] = []
    func merge(_ events: RepositoryEvents, poll: Int) throws(DemoFailure) {
      let (added, archived) = try archive.merge(events.events)
      lines.append(
        "poll \(poll)  "
          + (events.isNotModified ? "304 Not Modified, from the cache" : "200 OK")
          + ": \(events.events.count) events, \(added.count) new; \(archived.count) kept")
    }
    switch style {
    case .rx:
      let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "bridge-demo.events")
      let poll = client.rx.repositoryEvents(owner: target.owner, name: target.name).asObservable()
      var count = 0
      for try await events in Observable.concat(
        poll, poll.delaySubscription(pause, scheduler: scheduler)
      ).values {
        count += 1
        try merge(events, poll: count)
      }
    case .async:
      for poll in 1...2 {
        let events = try await client.repositoryEvents(owner: target.owner, name: target.name)
        try merge(events, poll: poll)
        if poll == 1 { try await Task.sleep(for: pause) }
      }
    }
    if let newest = try archive.load().first {
      lines.append("newest: " + Format.eventLine(newest))
    }
    lines.append("archive: \(archive.file.lastPathComponent) in the cache directory")
    return StyleReport(result: lines)
  }
}
