import AsyncBridge
import GitHubAsync
import ObservableCore

#if canImport(Observation)
  import Observation
#endif

/// A search view model as an `@Observable` class: its query drives an Rx search through the
/// Observation bridge, the results are bound back into it, and read back as they change.
struct ObservationScenario: TourScenario {
  let name = TourScenarioName.observation
  let title = "A view model with Observation"

  func summary(_ context: TourContext) -> [String] {
    let typing = context.targets.typing
    return [
      "An @Observable model's query drives an Rx search; the results are bound back into the "
        + "model and read back.",
      "Its query is set to \"\(typing.first)\", then, once those results are back, to "
        + "\"\(typing.full)\". Rx reads the model with withObservationTracking, async with Observations.",
    ]
  }

  func code(_ style: Style, _ context: TourContext) -> [String] {
    let pipeline = [
      "  .filter { !$0.isEmpty }",
      "  .flatMapLatest { query in client.rx.searchRepositoriesPage(query, perPage: 2) }",
      "  .bind(to: model, \\.results)",
    ]
    switch style {
    case .rx:
      return ["Observable.observing { model.query }"] + pipeline + [
        "Observable.observing { model.results }.subscribe(onNext: show)"
      ]
    case .async:
      return ["Observable.observations { model.query }"] + pipeline + [
        "for await results in Observations({ model.results }) { show(results) }"
      ]
    }
  }

  func run(_ style: Style, _ context: TourContext) async throws -> StyleReport {
    #if canImport(Observation) && compiler(>=6.2)
      guard #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) else {
        return StyleReport(result: ["needs macOS 26 or later (Observations)"])
      }
      return try await ObservationRun(style: style, context: context).run()
    #else
      return StyleReport(result: ["needs Swift 6.2 or later (Observations)"])
    #endif
  }
}

#if canImport(Observation) && compiler(>=6.2)
  /// The results of one search, as the model keeps them.
  struct SearchResults: Sendable, Equatable {
    var query: String
    var repositories: [Repository]
  }

  /// The view model: what a search screen would show.
  @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
  @MainActor @Observable
  final class RepositorySearchModel {
    var query = ""
    var results = SearchResults(query: "", repositories: [])
  }

  /// One run of the scenario in one style.
  @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
  private struct ObservationRun {
    let style: Style
    let context: TourContext

    /// What the pipeline and the reader saw, from any thread.
    final class Log: Sendable {
      let queries = _Mutex<[String]>([])
      let results = _Mutex<[SearchResults]>([])
      /// The first search that failed, and how.
      let failure = _Mutex<(query: String, error: String)?>(nil)
    }

    func run() async throws -> StyleReport {
      let client = context.backend.makeClient()
      let typing = context.targets.typing
      let log = Log()
      let model = await RepositorySearchModel()
      let wiring = await Self.wire(model, style: style, client: client, log: log)
      defer { for disposable in wiring.disposables { disposable.dispose() } }
      defer { wiring.reader?.cancel() }

      // Wait until the pipeline and the reader have the model's first values (Observations
      // reads them in its task), then set each query and wait until its results are read back.
      try await Self.poll(log) { log in
        !log.queries.withLock { $0.isEmpty } && !log.results.withLock { $0.isEmpty }
      }
      for query in [typing.first, typing.full] {
        await MainActor.run { model.query = query }
        try await Self.poll(log) { log in log.results.withLock { $0.last?.query == query } }
      }
      let queries = log.queries.withLock { $0 }.map { "\"\($0)\"" }
      let readBack = log.results.withLock { $0 }
      let last = readBack.last ?? SearchResults(query: "", repositories: [])
      return StyleReport(
        result: [
          "query     " + queries.joined(separator: " → "),
          "results   "
            + readBack.map { "\"\($0.query)\" (\($0.repositories.count))" }
            .joined(separator: " → "),
          "\(last.repositories.count) repositories for \"\(last.query)\", read back from the model",
        ] + Format.repositoryList(last.repositories, numbered: false).map { "  " + $0 })
    }

    /// Connects the model to the search, and a reader to the model.
    @MainActor
    private static func wire(
      _ model: RepositorySearchModel, style: Style, client: GitHubClient, log: Log
    ) -> (disposables: [any Disposable], reader: Task<Void, Never>?) {
      let queries: Observable<String>
      switch style {
      case .rx: queries = Observable.observing { model.query }
      case .async: queries = Observable.observations { @MainActor in model.query }
      }
      let search =
        queries
        .do(onNext: { query in log.queries.withLock { $0.append(query) } })
        .filter { !$0.isEmpty }
        .flatMapLatest { query in
          client.rx.searchRepositoriesPage(query, perPage: 2).asObservable()
            .map { SearchResults(query: query, repositories: $0.items) }
            .catch { error in
              log.failure.withLock { $0 = $0 ?? (query, Format.error(error)) }
              return .empty()
            }
        }
        .bind(to: model, \.results)
      switch style {
      case .rx:
        let reader = Observable.observing { model.results }
          .subscribe(onNext: { results in log.results.withLock { $0.append(results) } })
        return ([search, reader], nil)
      case .async:
        let reader = Task { @MainActor in
          for await results in Observations({ model.results }) {
            log.results.withLock { $0.append(results) }
          }
        }
        return ([search], reader)
      }
    }

    /// Polls the log until `condition` holds, for up to 30 seconds.
    ///
    /// - Throws: ``DemoFailure`` as soon as a search has failed, or at the deadline.
    private static func poll(_ log: Log, until condition: (Log) -> Bool) async throws {
      let deadline = ContinuousClock.now + .seconds(30)
      while !condition(log) {
        if let failure = log.failure.withLock({ $0 }) {
          throw DemoFailure("search for \"\(failure.query)\": \(failure.error)")
        }
        guard ContinuousClock.now < deadline else {
          throw DemoFailure("nothing new read back from the model in 30 s")
        }
        try await Task.sleep(for: .milliseconds(5))
      }
    }
  }
#endif
