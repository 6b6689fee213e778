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

/// `bridge-demo user NAME`: shows a user.
enum UserCommand {
  static func run(_ options: UserOptions, context: CommandContext) async throws {
    let client = context.backend.makeClient()
    var results: [(Style, User)] = []
    for style in options.style.styles {
      let user = try await describingFailure("user \(options.name)") {
        switch style {
        case .rx: try await client.rx.user(options.name).value
        case .async: try await client.user(options.name)
        }
      }
      results.append((style, user))
    }
    if options.json {
      context.console.print(
        JSONOutput.encode(byStyle: results.map { ($0.0, JSONOutput.UserJSON($0.1)) }))
    } else {
      printByStyle(results, console: context.console, format: Format.userDetails)
    }
  }
}

/// Prints each style's result; with more than one style, under a label per style.
func printByStyle<Value>(
  _ results: [(Style, Value)], console: Console, format: (Value) -> [String]
) {
  let labelled = results.count > 1
  for (index, (style, value)) in results.enumerated() {
    if labelled {
      if index > 0 { console.print() }
      console.print(console.style.bold("\(style.label):"))
    }
    for line in format(value) { console.print(labelled ? "  " + line : line) }
  }
}
