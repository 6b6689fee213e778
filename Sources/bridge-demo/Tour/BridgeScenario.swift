import AsyncBridge
import Foundation
import GitHubAsync
import GitHubReplay
import ObservableCore

/// The bridge itself: an Rx pipeline awaited and iterated inside async code, with a task
/// cancelled mid-search, then an `AsyncStream` of keystrokes driving an Rx pipeline.
///
/// Its two runs are the two directions of the bridge rather than the two styles: the first
/// takes the `.rx` slot, the second the `.async` one.
struct BridgeScenario: TourScenario {
  let name = TourScenarioName.bridge
  let title = "The bridge: Rx inside async, async inside Rx"
  let settings = SearchAsYouTypeSettings(debounce: .milliseconds(150), perPage: 2)

  func label(_ style: Style) -> String {
    switch style {
    case .rx: "Rx → async"
    case .async: "async → Rx"
    }
  }

  func summary(_ context: TourContext) -> [String] {
    let targets = context.targets
    return [
      "Both styles in one program. An Rx pipeline is awaited, then an Rx search's pages are",
      "iterated in a task that is cancelled while page 2 is in flight. Then the keystrokes of",
      "\"\(targets.typing.full)\" go into an AsyncStream that drives debounce and flatMapLatest.",
    ]
  }

  func code(_ style: Style, _ context: TourContext) -> [String] {
    let query = context.targets.searchQuery
    let perPage = context.targets.searchPerPage
    switch style {
    case .rx:
      return [
        "let first = try await client.rx.searchRepositoriesPage(\"\(query)\", perPage: \(perPage))",
        "  .map { page in page.items }",
        "  .value                                      // an Rx pipeline, awaited",
        "let search = Task {",
        "  for try await page in client.rx.searchRepositories(\"\(query)\", perPage: \(perPage)).values {",
        "    show(page)                                // the next page is requested meanwhile",
        "  }",
        "}",
        "search.cancel()                               // disposes the Rx subscription",
      ]
    case .async:
      let typed = prefixes(of: context.targets.typing.full).map { "\"\($0)\"" }
      return [
        "let (keystrokes, typing) = AsyncStream.makeStream(of: String.self)",
        "let subscription = keystrokes.asObservable()  // a task iterates the stream",
        "  .debounce(.milliseconds(150), scheduler: scheduler)",
        "  .distinctUntilChanged()",
        "  .flatMapLatest { query in client.rx.searchRepositoriesPage(query, perPage: 2) }",
        "  .subscribe(onNext: show)",
        "for text in [\(typed.joined(separator: ", "))] { typing.yield(text) }",
        "subscription.dispose()                        // cancels the task iterating keystrokes",
      ]
    }
  }

  func run(_ style: Style, _ context: TourContext) async throws -> StyleReport {
    switch style {
    case .rx: try await rxInsideAsync(context)
    case .async: try await asyncInsideRx(context)
    }
  }

  /// Awaits a search page through a `Single`, then iterates an Rx page stream in a task and
  /// cancels the task once the next page has been asked for.
  private func rxInsideAsync(_ context: TourContext) async throws -> StyleReport {
    let client = context.backend.makeClient()
    let targets = context.targets
    let server = context.replayServer
    let firstRequest = server?.requests.count ?? 0

    let first = try await client.rx.searchRepositoriesPage(
      targets.searchQuery, perPage: targets.searchPerPage
    )
    .map { page in page.items }
    .value

    let log = PageLog()
    let search = Task {
      do {
        for try await page in client.rx.searchRepositories(
          targets.searchQuery, perPage: targets.searchPerPage
        )
        .reportingDisposal({ log.disposed(cancelled: $0) })
        .values {
          log.arrived(page)
        }
        log.end(with: nil)
      } catch {
        log.end(with: error)
      }
    }
    // Page 1 has arrived when the loop has it; page 2 is in flight once the server has its
    // request (on another server nothing tells, so the task is cancelled after page 1).
    let pageOneArrived = await poll(for: .seconds(30)) { log.pages > 0 || log.hasEnded }
    var pageTwoRequested = false
    if let server {
      pageTwoRequested = await poll(for: .seconds(30)) {
        log.hasEnded || server.requests.dropFirst(firstRequest).contains(where: isPageTwo)
      }
    }
    search.cancel()
    await search.value
    if let error = log.error, !(error is CancellationError) { throw error }
    guard pageOneArrived, log.pages > 0 else {
      throw DemoFailure("no page of \"\(targets.searchQuery)\" arrived in 30 s")
    }
    let disposed = await poll(for: .seconds(10)) { log.disposedEarly != nil }
    // The server notices the closed connection of a delayed answer at once; wait for its log.
    var abandoned = false
    if let server, pageTwoRequested {
      abandoned = await poll(for: .seconds(10)) {
        server.abandonedRequests.contains { $0.index >= firstRequest && isPageTwo($0) }
      }
    }

    var cancelled: [String] = []
    if disposed, log.disposedEarly == true {
      cancelled.append("the search task, after page \(log.pages): its Rx subscription was disposed")
    }
    if abandoned {
      cancelled.append("the request for page 2, in flight: its connection closed before the answer")
    }
    let pages = log.pages
    return StyleReport(
      result: [
        "awaited   \(first.count) repositories on page 1 of \"\(targets.searchQuery)\""
      ] + Format.repositoryList(first, numbered: false).map { "  " + $0 } + [
        "iterated  \(pages) page\(pages == 1 ? "" : "s"), then the task was cancelled"
      ],
      cancelled: cancelled)
  }

  /// Types into an `AsyncStream` that an Observable reads, searches what settles, and
  /// disposes the subscription while the stream is still open.
  private func asyncInsideRx(_ context: TourContext) async throws -> StyleReport {
    let client = context.backend.makeClient()
    let full = context.targets.typing.full
    let log = ActivityLog()
    let termination = _Mutex<AsyncStream<String>.Continuation.Termination?>(nil)
    let (keystrokes, typing) = AsyncStream.makeStream(of: String.self)
    typing.onTermination = { reason in termination.withLock { $0 = reason } }
    let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "bridge-demo.bridge")
    let subscription = RxSearchAsYouType.activity(
      text: keystrokes.asObservable(), client: client, settings: settings, scheduler: scheduler,
      cancelled: { log.record(.cancelled($0)) }
    )
    .subscribe(
      onNext: { log.record($0) }, onError: { log.end(with: $0) },
      onCompleted: { log.end(with: nil) })
    let typed = prefixes(of: full)
    for text in typed { typing.yield(text) }
    let answered: Bool
    do {
      answered = try await log.wait(for: .seconds(30)) { activity in
        activity.contains { entry in
          if case .results(full, _) = entry { return true }
          return false
        }
      }
    } catch {
      subscription.dispose()
      throw error
    }
    subscription.dispose()
    guard answered else { throw DemoFailure("no answer for \"\(full)\" in 30 s") }
    let ended = await poll(for: .seconds(10)) { termination.withLock { $0 } != nil }

    var settled: [String] = []
    var searched: [String] = []
    var result: [String] = []
    for entry in log.entries {
      switch entry {
      case .settled(let text): settled.append("\"\(text)\"")
      case .searching(let text): searched.append("\"\(text)\"")
      case .results(let text, let repositories):
        result =
          ["\(repositories.count) repositories for \"\(text)\""]
          + Format.repositoryList(repositories, numbered: false).map { "  " + $0 }
      case .cancelled, .failed, .cleared: break
      }
    }
    var cancelled: [String] = []
    if ended, case .cancelled? = termination.withLock({ $0 }) {
      cancelled.append("the task iterating the keystrokes, by dispose(): the stream ended")
    }
    return StyleReport(
      result: [
        "typed     " + typed.joined(separator: " ") + ", into the AsyncStream at once",
        "settled   " + settled.joined(separator: ", "),
        "searched  " + searched.joined(separator: ", "),
      ] + result,
      cancelled: cancelled)
  }

  /// Each prefix of `text`, shortest first, as a typist produces them.
  private func prefixes(of text: String) -> [String] {
    (1...max(1, text.count)).map { String(text.prefix($0)) }
  }
}

/// Whether a request asks for the second page of a search.
private func isPageTwo(_ request: RecordedRequest) -> Bool {
  request.path == ReplayScenario.GitHubPaths.searchRepositories
    && request.queryValue("page") == "2"
}

/// The pages an iterated search delivered, how it ended, and whether its subscription was
/// disposed before the search's end.
private final class PageLog: Sendable {
  private struct State {
    var pages = 0
    var ended = false
    var error: (any Error)?
    var disposedEarly: Bool?
  }

  private let state = _Mutex(State())

  func arrived(_ page: SearchPage) { state.withLock { $0.pages += 1 } }

  func end(with error: (any Error)?) {
    state.withLock { state in
      state.ended = true
      state.error = error
    }
  }

  func disposed(cancelled: Bool) { state.withLock { $0.disposedEarly = cancelled } }

  var pages: Int { state.withLock { $0.pages } }
  var hasEnded: Bool { state.withLock { $0.ended } }
  var error: (any Error)? { state.withLock { $0.error } }
  var disposedEarly: Bool? { state.withLock { $0.disposedEarly } }
}
