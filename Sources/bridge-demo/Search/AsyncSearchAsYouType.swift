import GitHubAsync

/// Search as you type with async/await: a debounce task, a comparison with the last query,
/// and a search task that newer text cancels.
///
/// The same behaviour as ``RxSearchAsYouType``, written with tasks. Each keystroke cancels
/// the pending debounce task and starts another; when one sleeps through, its text is
/// searched unless it equals the last search, and the search in flight, if any, is cancelled.
actor AsyncSearchAsYouType {
  private let client: GitHubClient
  private let settings: SearchAsYouTypeSettings
  private let report: @Sendable (SearchActivity) -> Void

  private var pendingText: String?
  private var debounceTask: Task<Void, Never>?
  private var lastQuery: String?
  private var searchTask: Task<Void, Never>?
  private var searchNumber = 0
  /// Whether ``cancel()`` was called: nothing is settled or searched any more.
  private var stopped = false

  /// Creates a pipeline.
  ///
  /// - Parameters:
  ///   - client: The GitHub client.
  ///   - settings: The debounce time and page size.
  ///   - report: Called with every activity, in order for each search.
  init(
    client: GitHubClient, settings: SearchAsYouTypeSettings,
    report: @escaping @Sendable (SearchActivity) -> Void
  ) {
    self.client = client
    self.settings = settings
    self.report = report
  }

  /// The text of the field after a keystroke.
  func type(_ text: String) {
    guard !stopped else { return }
    pendingText = text
    debounceTask?.cancel()
    debounceTask = Task { [settings] in
      do {
        try await Task.sleep(for: settings.debounce)
      } catch {
        return  // cancelled by the next keystroke
      }
      self.settle()
    }
  }

  /// Ends the input: pending text is searched at once, and the call returns when the last
  /// search has answered.
  func finish() async {
    debounceTask?.cancel()
    settle()
    await searchTask?.value
  }

  /// Cancels everything in flight, and returns once it has ended.
  ///
  /// The search in flight, if any, reports its cancellation before this returns; nothing is
  /// reported afterwards, so the caller may then take down what the reports go to (the
  /// screen, the server).
  func cancel() async {
    stopped = true
    pendingText = nil
    let debounce = debounceTask
    let search = searchTask
    debounce?.cancel()
    search?.cancel()
    await debounce?.value
    await search?.value
  }

  private func settle() {
    guard !stopped, let text = pendingText else { return }
    pendingText = nil
    report(.settled(text))
    guard text != lastQuery else { return }
    lastQuery = text
    searchTask?.cancel()
    searchNumber += 1
    guard !text.isEmpty else {
      searchTask = nil
      report(.cleared)
      return
    }
    report(.searching(text))
    let number = searchNumber
    let client = client
    let perPage = settings.perPage
    searchTask = Task {
      let outcome: Result<SearchPage, GitHubError>
      do throws(GitHubError) {
        outcome = .success(try await client.searchRepositoriesPage(text, perPage: perPage))
      } catch {
        outcome = .failure(error)
      }
      self.searchEnded(text, number: number, outcome: outcome)
    }
  }

  private func searchEnded(_ text: String, number: Int, outcome: Result<SearchPage, GitHubError>) {
    // A search that newer text replaced is reported as cancelled, even if its answer came in
    // just before the cancellation reached it: its results are stale.
    guard number == searchNumber else {
      report(.cancelled(text))
      return
    }
    switch outcome {
    case .success(let page): report(.results(text, page.items))
    case .failure(.cancelled): report(.cancelled(text))
    case .failure(let error): report(.failed(text, Format.error(error)))
    }
  }
}
