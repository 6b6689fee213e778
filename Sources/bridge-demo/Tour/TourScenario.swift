import Foundation
import GitHubAsync
import GitHubReplay
import ObservableCore

/// The names of the tour's scenarios, for `--only`.
enum TourScenarioName: String, CaseIterable, Sendable {
  case repository, pagination, bridge, chained, typeahead, events, signup, observation

  /// Parses a comma-separated list.
  static func parseList(_ text: String) throws(ArgumentError) -> [TourScenarioName] {
    var names: [TourScenarioName] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let name = TourScenarioName(rawValue: String(part)) else {
        throw ArgumentError(
          "--only takes \(allCases.map(\.rawValue).joined(separator: ", ")), not '\(part)'")
      }
      if !names.contains(name) { names.append(name) }
    }
    return names
  }
}

/// One scenario of the tour: the same task written in both styles.
protocol TourScenario: Sendable {
  var name: TourScenarioName { get }
  /// A few words.
  var title: String { get }
  /// One or two lines on what the scenario shows.
  func summary(_ context: TourContext) -> [String]
  /// The label printed above a style's run: the style's own, unless the scenario's two runs
  /// show something else, such as the two directions of the bridge.
  func label(_ style: Style) -> String
  /// The essential lines of code of a style.
  func code(_ style: Style, _ context: TourContext) -> [String]
  /// Runs the scenario in a style.
  ///
  /// - Returns: What the run produced and what it cancelled.
  func run(_ style: Style, _ context: TourContext) async throws -> StyleReport
}

extension TourScenario {
  func label(_ style: Style) -> String { style.label }
}

/// What one run of a scenario produced.
struct StyleReport: Sendable {
  /// The result, one or more lines.
  var result: [String]
  /// What was cancelled; empty when nothing was.
  var cancelled: [String] = []
}

/// What the scenarios get.
struct TourContext: Sendable {
  let backend: Backend
  let targets: TourTargets
  /// Where the events scenario keeps its files.
  let directory: URL

  /// The replay server the demo runs, if it runs one: requests are counted there, and
  /// faults can be injected.
  var replayServer: ReplayServer? { backend.replayServer }
}

/// The names each scenario uses: the recordings offline, real ones with `--live`.
struct TourTargets: Sendable {
  var repository: RepositoryName
  var searchQuery: String
  var searchPerPage: Int
  var searchTake: Int
  var user: String
  /// What the typist types before pausing, and in all.
  var typing: (first: String, full: String)
  var eventsRepository: RepositoryName
  var takenUsername: String
  var freeUsername: String

  /// The names the replay server has recordings for.
  ///
  /// The typist ends on the recorded search, `swift`: offline, a query without a recording
  /// finds nothing, as `sw` does.
  static let replay = TourTargets(
    repository: RepositoryName(owner: "octokit-fixture-org", name: "hello-world"),
    searchQuery: "swift", searchPerPage: 2, searchTake: 3, user: "sferik",
    typing: ("sw", "swift"),
    eventsRepository: RepositoryName(owner: "sferik", name: "rails_admin"),
    takenUsername: "sferik", freeUsername: "sferik-rx")

  /// Names on github.com.
  static let live = TourTargets(
    repository: RepositoryName(owner: "ReactiveX", name: "RxSwift"),
    searchQuery: "reactive swift", searchPerPage: 2, searchTake: 3, user: "octocat",
    typing: ("rx", "rxswift"),
    eventsRepository: RepositoryName(owner: "ReactiveX", name: "RxSwift"),
    takenUsername: "octocat", freeUsername: "bridge-demo-7f3a9c")
}

/// Awaits a Single's subscription: resumes with its success or failure.
///
/// The Rx scenarios subscribe as an app would, with `onSuccess` and `onFailure`, and this
/// turns that subscription into a value the tour can print.
func subscribeAndWait<Element: Sendable>(
  _ subscribe: (@escaping @Sendable (Element) -> Void, @escaping @Sendable (any Error) -> Void)
    -> any Disposable
) async throws -> Element {
  try await withCheckedThrowingContinuation { continuation in
    _ = subscribe(
      { continuation.resume(returning: $0) }, { continuation.resume(throwing: $0) })
  }
}
