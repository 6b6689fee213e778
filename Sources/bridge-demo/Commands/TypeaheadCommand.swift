import AsyncBridge
import Foundation
import GitHubAsync
import ObservableCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `bridge-demo typeahead`: search as you type in the terminal, or one query per line when
/// standard input is not a terminal.
enum TypeaheadCommand {
  static let settings = SearchAsYouTypeSettings(debounce: .milliseconds(300), perPage: 8)

  static func run(_ options: TypeaheadOptions, context: CommandContext) async throws {
    if context.console.errorIsTerminal, let note = context.backend.offlineSearchNote(for: nil) {
      context.console.printError(note)
    }
    if isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 {
      try await interactive(options.style, context: context)
    } else {
      try await lines(options.style, context: context)
    }
  }

  // MARK: Interactive

  private static func interactive(_ style: Style, context: CommandContext) async throws {
    let terminal = try RawTerminal.enter()
    context.cleanup.add { terminal.restore() }
    defer { terminal.restore() }
    let screen = TypeaheadScreen(
      console: context.console,
      heading: style == .rx
        ? "Search GitHub repositories (Rx: debounce, distinctUntilChanged, flatMapLatest). Esc quits."
        : "Search GitHub repositories (async: debounce task, Task cancellation). Esc quits.")
    // Cleanup runs the newest action first: the cursor leaves the screen, then the terminal
    // is restored.
    context.cleanup.add { screen.leave() }
    screen.update { _ in }
    let client = context.backend.makeClient()

    let feed: @Sendable (String) async -> Void
    let stop: @Sendable () async -> Void
    switch style {
    case .rx:
      let text = PublishSubject<String>()
      let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "bridge-demo.typeahead")
      let subscription = RxSearchAsYouType.activity(
        text: text.asObservable(), client: client, settings: settings, scheduler: scheduler,
        cancelled: { screen.apply(.cancelled($0)) }
      )
      .subscribe(onNext: { screen.apply($0) })
      feed = { text.onNext($0) }
      stop = { subscription.dispose() }
    case .async:
      let pipeline = AsyncSearchAsYouType(client: client, settings: settings) { screen.apply($0) }
      feed = { await pipeline.type($0) }
      // Returns once the search in flight has ended and reported its cancellation.
      stop = { await pipeline.cancel() }
    }

    var query = ""
    typing: for await key in KeyReader.keys() {
      switch key {
      case .quit:
        break typing
      case .text(let text):
        query += text
      case .backspace:
        if !query.isEmpty { query.removeLast() }
      case .clearLine:
        query = ""
      }
      let current = query
      screen.update { $0.query = current }
      await feed(current)
    }
    // In this order: the search in flight ends and is drawn as cancelled, the cursor leaves
    // the screen, and only then (when this returns) the terminal is restored and the replay
    // server stops. A server stopped under a search in flight would fail it, and its report
    // would be drawn over whatever follows.
    await stop()
    screen.leave()
  }

  // MARK: One query per line

  private static func lines(_ style: Style, context: CommandContext) async throws {
    let client = context.backend.makeClient()
    let console = context.console
    let queries = Self.queries()
    var failures = 0
    func show(_ query: String, _ outcome: Result<SearchPage, any Error>) {
      switch outcome {
      case .success(let page):
        console.print("\"\(query)\": \(page.items.count) repositories")
        for line in Format.repositoryList(page.items) { console.print("  " + line) }
      case .failure(let error):
        failures += 1
        console.printError("bridge-demo: search for \"\(query)\" failed: " + Format.error(error))
      }
    }
    switch style {
    case .rx:
      let results = queries.asObservable()
        .concatMap { query in
          client.rx.searchRepositoriesPage(query, perPage: settings.perPage).asObservable()
            .map { (query, Result<SearchPage, any Error>.success($0)) }
            .catch { error in .just((query, .failure(error))) }
        }
      for try await (query, outcome) in results.values { show(query, outcome) }
    case .async:
      for await query in queries {
        do {
          show(
            query,
            .success(try await client.searchRepositoriesPage(query, perPage: settings.perPage)))
        } catch {
          show(query, .failure(error))
        }
      }
    }
    // Each failed search has had its line; the exit status says the rest.
    if failures > 0 { throw ReportedFailure() }
  }

  /// The non-empty lines of standard input, read on a thread of their own.
  private static func queries() -> AsyncStream<String> {
    let (stream, continuation) = AsyncStream.makeStream(of: String.self)
    let thread = Thread {
      while let line = readLine() {
        let query = line.trimmingCharacters(in: .whitespaces)
        if !query.isEmpty { continuation.yield(query) }
      }
      continuation.finish()
    }
    thread.name = "bridge-demo.lines"
    thread.start()
    return stream
  }
}
