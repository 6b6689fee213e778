import AsyncBridge
import GitHubAsync
import ObservableCore

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
