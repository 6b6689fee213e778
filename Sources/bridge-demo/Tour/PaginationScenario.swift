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
          .reportingDisposal { pages.disposed(early: $0) }
          .flatMap { page in Observable.from(page.items) }
          .take(targets.searchTake)
          .toArray()
          .subscribe(onSuccess: show, onFailure: report)
      }
      // take(3) sends its last element and completion before it disposes the page stream,
      // so the Single succeeds first: wait for the disposal before saying what it cancelled.
      let (count, disposed) = await pages.disposal()
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

/// Counts the pages an Rx search delivered, and says whether it was disposed before its end.
private final class PageCounter: Sendable {
  private struct State {
    var pages = 0
    /// Whether it was disposed before its end, once it has been disposed.
    var disposedEarly: Bool?
    var waiter: CheckedContinuation<(Int, Bool), Never>?
  }

  private let state = _Mutex(State())

  func pageArrived() { state.withLock { $0.pages += 1 } }

  /// Records the page stream's disposal, and resumes ``disposal()``.
  func disposed(early: Bool) {
    let (waiter, result) = state.withLock { state in
      state.disposedEarly = early
      defer { state.waiter = nil }
      return (state.waiter, (state.pages, early))
    }
    waiter?.resume(returning: result)
  }

  /// Waits until the page stream has been disposed.
  ///
  /// - Returns: The number of pages, and whether the stream was disposed before its end.
  func disposal() async -> (Int, Bool) {
    await withCheckedContinuation { continuation in
      let result = state.withLock { state -> (Int, Bool)? in
        guard let early = state.disposedEarly else {
          state.waiter = continuation
          return nil
        }
        return (state.pages, early)
      }
      if let result { continuation.resume(returning: result) }
    }
  }
}
