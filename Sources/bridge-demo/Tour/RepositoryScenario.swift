import GitHubAsync
import ObservableCore

/// Fetch a repository: a `Single` against an `async throws` call.
struct RepositoryScenario: TourScenario {
  let name = TourScenarioName.repository
  let title = "Fetch a repository"

  func summary(_ context: TourContext) -> [String] {
    [
      "One request. Rx returns a cold Single that sends it on subscribe; async sends it when awaited."
    ]
  }

  func code(_ style: Style, _ context: TourContext) -> [String] {
    let target = context.targets.repository
    switch style {
    case .rx:
      return [
        "client.rx.repository(owner: \"\(target.owner)\", name: \"\(target.name)\")",
        "  .subscribe(onSuccess: show, onFailure: report)",
      ]
    case .async:
      return [
        "let repository = try await client.repository(",
        "  owner: \"\(target.owner)\", name: \"\(target.name)\")",
      ]
    }
  }

  func run(_ style: Style, _ context: TourContext) async throws -> StyleReport {
    let client = context.backend.makeClient()
    let target = context.targets.repository
    let repository: Repository
    switch style {
    case .rx:
      repository = try await subscribeAndWait { show, report in
        client.rx.repository(owner: target.owner, name: target.name)
          .subscribe(onSuccess: show, onFailure: report)
      }
    case .async:
      repository = try await client.repository(owner: target.owner, name: target.name)
    }
    return StyleReport(result: [Self.describe(repository)])
  }

  static func describe(_ repository: Repository) -> String {
    var text = "\(repository.fullName)  ★ \(Format.count(repository.stargazersCount))"
    if let description = repository.description, !description.isEmpty {
      text += "  \"\(Format.truncated(description, 50))\""
    }
    return text
  }
}
