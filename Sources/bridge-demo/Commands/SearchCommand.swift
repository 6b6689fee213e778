import AsyncBridge
import GitHubAsync
import ObservableCore

/// `bridge-demo search QUERY`: searches repositories, page after page, up to a limit.
enum SearchCommand {
  static func run(_ options: SearchOptions, context: CommandContext) async throws {
    let client = context.backend.makeClient()
    if context.console.errorIsTerminal,
      let note = context.backend.offlineSearchNote(for: options.query)
    {
      context.console.printError(note)
    }
    var results: [(Style, [Repository])] = []
    for style in options.style.styles {
      let progress = ProgressLine(console: context.console)
      defer { progress.clear() }
      progress.show("searching \(style.label): 0 of \(options.limit)")
      let repositories = try await describingFailure("search for \"\(options.query)\"") {
        try await search(style, options: options, client: client, progress: progress)
      }
      results.append((style, repositories))
    }
    if options.json {
      context.console.print(
        JSONOutput.encode(byStyle: results.map { ($0.0, $0.1.map(JSONOutput.RepositoryJSON.init)) })
      )
    } else {
      printByStyle(results, console: context.console) { repositories in
        repositories.isEmpty ? ["no repositories found"] : Format.repositoryList(repositories)
      }
    }
  }

  private static func search(
    _ style: Style, options: SearchOptions, client: GitHubClient, progress: ProgressLine
  ) async throws -> [Repository] {
    let perPage = min(options.limit, 100)
    switch style {
    case .rx:
      // One element per page; take(limit) disposes the pager once it has enough.
      return try await client.rx
        .searchRepositories(options.query, sort: options.sort, perPage: perPage)
        .scan((0, [Repository]())) { state, page in (state.0 + 1, page.items) }
        .do(onNext: { state in
          progress.show("searching \(style.label): page \(state.0)")
        })
        .flatMap { state in Observable.from(state.1) }
        .take(options.limit)
        .toArray()
        .value
    case .async:
      // One element per repository; leaving the loop requests no further page.
      var found: [Repository] = []
      for try await repository in client.searchRepositories(
        options.query, sort: options.sort, perPage: perPage)
      {
        found.append(repository)
        progress.show("searching \(style.label): \(found.count) of \(options.limit)")
        if found.count == options.limit { break }
      }
      return found
    }
  }
}
