import AsyncBridge
import GitHubAsync
import ObservableCore

/// `bridge-demo repo OWNER/NAME`: shows a repository.
enum RepoCommand {
  static func run(_ options: RepoOptions, context: CommandContext) async throws {
    let client = context.backend.makeClient()
    let owner = options.repository.owner
    let name = options.repository.name
    var results: [(Style, Repository)] = []
    for style in options.style.styles {
      let repository = try await describingFailure("repository \(options.repository)") {
        switch style {
        case .rx: try await client.rx.repository(owner: owner, name: name).value
        case .async: try await client.repository(owner: owner, name: name)
        }
      }
      results.append((style, repository))
    }
    if options.json {
      context.console.print(
        JSONOutput.encode(byStyle: results.map { ($0.0, JSONOutput.RepositoryJSON($0.1)) }))
    } else {
      printByStyle(results, console: context.console, format: Format.repositoryDetails)
    }
  }
}
