import Foundation
import GitHubAsync
import ObservableCore

/// Search as you type: simulated keystrokes through `debounce`, `distinctUntilChanged` and
/// `flatMapLatest`, against the same with tasks and cancellation.
struct SearchAsYouTypeScenario: TourScenario {
  let name = TourScenarioName.typeahead
  let title = "Search as you type"
  let settings = SearchAsYouTypeSettings(debounce: .milliseconds(150), perPage: 2)

  func summary(_ context: TourContext) -> [String] {
    let typing = context.targets.typing
    return [
      "A typist enters \"\(typing.first)\", pauses until its search is in flight, types on to "
        + "\"\(typing.full)\",",
      "then deletes and retypes the last letter. Text is searched after 150 ms without typing.",
    ]
  }

  func code(_ style: Style, _ context: TourContext) -> [String] {
    switch style {
    case .rx:
      return [
        "text.debounce(.milliseconds(150), scheduler: scheduler)",
        "  .distinctUntilChanged()",
        "  .flatMapLatest { query in client.rx.searchRepositoriesPage(query, perPage: 2) }",
        "  .subscribe(onNext: show)",
      ]
    case .async:
      return [
        "debounce?.cancel()                          // on each keystroke",
        "debounce = Task { try await Task.sleep(for: .milliseconds(150)); settle(text) }",
        "guard text != lastQuery else { return }     // in settle(_:)",
        "search?.cancel()",
        "search = Task { show(try await client.searchRepositoriesPage(text, perPage: 2)) }",
      ]
    }
  }

  func run(_ style: Style, _ context: TourContext) async throws -> StyleReport {
    let client = context.backend.makeClient()
    let log = ActivityLog()
    let typist: Typist
    switch style {
    case .rx:
      let text = PublishSubject<String>()
      let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "bridge-demo.typing")
      let subscription = RxSearchAsYouType.activity(
        text: text.asObservable(), client: client, settings: settings, scheduler: scheduler,
        cancelled: { log.record(.cancelled($0)) }
      )
      .subscribe(
        onNext: { log.record($0) }, onError: { log.end(with: $0) },
        onCompleted: { log.end(with: nil) })
      typist = Typist(
        type: { text.onNext($0) },
        finish: {
          text.onCompleted()
          try await log.waitForEnd()
        },
        cancel: { subscription.dispose() })
    case .async:
      let pipeline = AsyncSearchAsYouType(client: client, settings: settings) { log.record($0) }
      typist = Typist(
        type: { await pipeline.type($0) },
        finish: { await pipeline.finish() },
        cancel: { await pipeline.cancel() })
    }
    let typed = try await typeScript(context.targets.typing, typist: typist, log: log)
    return report(typed: typed, log: log)
  }

  /// Types the script and returns what was typed, with `·` for each pause.
  private func typeScript(
    _ typing: (first: String, full: String), typist: Typist, log: ActivityLog
  ) async throws -> [String] {
    var typed: [String] = []
    do {
      for length in 1...typing.first.count {
        let text = String(typing.full.prefix(length))
        await typist.type(text)
        typed.append(text)
        try await Task.sleep(for: .milliseconds(30))
      }
      typed.append("·")
      // Wait until the first search is in flight, so that typing on can overtake it.
      _ = try await log.wait(for: .seconds(10)) { $0.contains(.searching(typing.first)) }
      for length in (typing.first.count + 1)...typing.full.count {
        let text = String(typing.full.prefix(length))
        await typist.type(text)
        typed.append(text)
        try await Task.sleep(for: .milliseconds(20))
      }
      typed.append("·")
      let answered = try await log.wait(for: .seconds(30)) { activity in
        activity.contains { entry in
          if case .results(typing.full, _) = entry { return true }
          return false
        }
      }
      guard answered else { throw DemoFailure("no answer for \"\(typing.full)\" in 30 s") }
      // Delete and retype the last letter: the text settles on what was already searched.
      await typist.type(String(typing.full.dropLast()))
      typed.append(String(typing.full.dropLast()))
      try await Task.sleep(for: .milliseconds(20))
      await typist.type(typing.full)
      typed.append(typing.full)
      try await typist.finish()
      try log.throwFirstFailure()
    } catch {
      await typist.cancel()
      throw error
    }
    return typed
  }

  private func report(typed: [String], log: ActivityLog) -> StyleReport {
    let entries = log.entries
    var settled: [String] = []
    var searched: [String] = []
    var cancelled: [String] = []
    var result = ["no results"]
    for entry in entries {
      switch entry {
      case .settled(let text): settled.append("\"\(text)\"")
      case .searching(let text): searched.append("\"\(text)\"")
      case .cancelled(let text):
        cancelled.append("search for \"\(text)\", in flight when newer text settled")
      case .results(let text, let repositories):
        result =
          ["\(repositories.count) repositories for \"\(text)\""]
          + Format.repositoryList(repositories, numbered: false).map { "  " + $0 }
      case .failed(let text, let message):
        result = ["search for \"\(text)\" failed: \(message)"]
      case .cleared: break
      }
    }
    return StyleReport(
      result: [
        "typed     " + typed.joined(separator: " "),
        "settled   " + settled.joined(separator: ", "),
        "searched  " + searched.joined(separator: ", "),
      ] + result,
      cancelled: cancelled)
  }
}

/// Drives a pipeline the way a user drives a search field.
private struct Typist: Sendable {
  var type: @Sendable (String) async -> Void
  var finish: @Sendable () async throws -> Void
  var cancel: @Sendable () async -> Void
}

/// The activity of a pipeline, recorded from any thread.
final class ActivityLog: Sendable {
  private let state = _Mutex<(entries: [SearchActivity], ended: Bool, error: (any Error)?)>(
    ([], false, nil))

  func record(_ activity: SearchActivity) {
    state.withLock { $0.entries.append(activity) }
  }

  func end(with error: (any Error)?) {
    state.withLock { state in
      state.ended = true
      state.error = error
    }
  }

  var entries: [SearchActivity] { state.withLock { $0.entries } }

  /// Polls until the entries satisfy `condition` or `timeout` passes.
  ///
  /// - Returns: Whether the condition was met.
  /// - Throws: ``DemoFailure`` as soon as a search has failed: the scenario ends with the
  ///   first failure instead of typing on against a server it cannot use.
  func wait(
    for timeout: Duration, until condition: ([SearchActivity]) -> Bool
  ) async throws -> Bool {
    try await poll(for: timeout) {
      try throwFirstFailure()
      return condition(entries)
    }
  }

  /// Throws the first failed search, if there is one.
  ///
  /// - Throws: ``DemoFailure`` with the search and its error.
  func throwFirstFailure() throws(DemoFailure) {
    for entry in entries {
      if case .failed(let text, let message) = entry {
        throw DemoFailure("search for \"\(text)\": \(message)")
      }
    }
  }

  /// Waits until the pipeline has ended, and rethrows its error.
  func waitForEnd() async throws {
    let deadline = ContinuousClock.now + .seconds(30)
    while true {
      let (ended, error) = state.withLock { ($0.ended, $0.error) }
      if ended {
        if let error { throw error }
        return
      }
      guard ContinuousClock.now < deadline else {
        throw DemoFailure("the search pipeline did not end in 30 s")
      }
      try await Task.sleep(for: .milliseconds(5))
    }
  }
}
