import AsyncBridge
import GitHubAsync
import ObservableCore

/// Search with pagination: an Rx stream of pages against `for try await` over repositories.
struct PaginationScenario: TourScenario {
  let name = TourScenarioName.pagination
  let title = "Search with pagination"

  func summary(_ context: TourContext) -> [String] {
    let targets = context.targets
    return [
      "The first \(targets.searchTake) repositories for \"\(targets.searchQuery)\", "
        + "\(targets.searchPerPage) per page, following GitHub's Link headers.",
      "Stopping early asks for no further page: take(\(targets.searchTake)) disposes, break ends the loop.",
    ]
  }

  func code(_ style: Style, _ context: TourContext) -> [String] {
    let targets = context.targets
    switch style {
    case .rx:
      return [
        "client.rx.searchRepositories(\"\(targets.searchQuery)\", perPage: \(targets.searchPerPage))  // Observable<SearchPage>",
        "  .flatMap { page in Observable.from(page.items) }",
        "  .take(\(targets.searchTake))",
        "  .toArray()",
        "  .subscribe(onSuccess: show, onFailure: report)",
      ]
    case .async:
      return [
        "for try await repository in client.searchRepositories(\"\(targets.searchQuery)\", perPage: \(targets.searchPerPage)) {",
        "  found.append(repository)",
        "  if found.count == \(targets.searchTake) { break }",
        "}",
      ]
    }
  }

  func run(_ style: Style, _ context: TourContext) async throws -> StyleReport {
    let client = context.backend.makeClient()
    let targets = context.targets
    switch style {
    case .rx:
      let pages = PageCounter()
      let repositories: [Repository] = try await subscribeAndWait { show, report in
        client.rx.searchRepositories(targets.searchQuery, perPage: targets.searchPerPage)
          .do(onNext: { _ in pages.pageArrived() })
          .reportingCancellation { pages.disposedEarly() }
          .flatMap { page in Observable.from(page.items) }
          .take(targets.searchTake)
          .toArray()
          .subscribe(onSuccess: show, onFailure: report)
      }
      let (count, disposed) = pages.snapshot
      return StyleReport(
        result: Self.describe(repositories, pages: count),
        cancelled: disposed
          ? ["the page stream, disposed by take(\(targets.searchTake)) after page \(count)"] : [])
    case .async:
      var found: [Repository] = []
      for try await repository in client.searchRepositories(
        targets.searchQuery, perPage: targets.searchPerPage)
      {
        found.append(repository)
        if found.count == targets.searchTake { break }
      }
      return StyleReport(
        result: Self.describe(found, pages: nil),
        cancelled: found.count == targets.searchTake
          ? ["the search, ended by break after \(found.count) repositories"] : [])
    }
  }

  static func describe(_ repositories: [Repository], pages: Int?) -> [String] {
    let heading =
      "\(repositories.count) repositories"
      + (pages.map { " from \($0) page\($0 == 1 ? "" : "s")" } ?? "")
    return [heading] + Format.repositoryList(repositories, numbered: false).map { "  " + $0 }
  }
}

/// Counts the pages an Rx search delivered, and whether it was disposed before its end.
private final class PageCounter: Sendable {
  private let state = _Mutex((pages: 0, disposedEarly: false))

  func pageArrived() { state.withLock { $0.pages += 1 } }
  func disposedEarly() { state.withLock { $0.disposedEarly = true } }
  var snapshot: (Int, Bool) { state.withLock { ($0.pages, $0.disposedEarly) } }
}
