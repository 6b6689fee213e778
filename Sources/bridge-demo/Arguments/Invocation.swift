import Foundation
import GitHubAsync

/// Which style a command runs in.
enum StyleChoice: String, CaseIterable, Sendable {
  case rx
  case async
  case both

  /// The styles to run, in the order they run.
  var styles: [Style] {
    switch self {
    case .rx: [.rx]
    case .async: [.async]
    case .both: [.rx, .async]
    }
  }

  static func parse(_ parser: inout ArgumentParser) throws(ArgumentError) -> StyleChoice {
    guard let text = try parser.value("--style") else { return .async }
    guard let choice = StyleChoice(rawValue: text) else {
      throw ArgumentError("--style must be rx, async or both, not '\(text)'")
    }
    return choice
  }
}

/// One of the two programming styles the demo compares.
enum Style: String, Sendable, CaseIterable {
  case rx
  case async

  /// The label printed in front of this style's output.
  var label: String {
    switch self {
    case .rx: "Rx"
    case .async: "async"
    }
  }
}

/// A repository given as `OWNER/NAME`.
struct RepositoryName: Sendable, Equatable, CustomStringConvertible {
  var owner: String
  var name: String

  init(owner: String, name: String) {
    self.owner = owner
    self.name = name
  }

  /// Splits `OWNER/NAME`.
  ///
  /// - Throws: ``ArgumentError`` unless the text is two non-empty parts around one slash,
  ///   each a name the client can send (see ``validate(_:as:)``).
  init(parsing text: String) throws(ArgumentError) {
    // Split on scalars: a combining mark after the slash joins it in one Character.
    let parts = text.unicodeScalars.split(separator: "/", omittingEmptySubsequences: false)
      .map(Substring.init)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
      throw ArgumentError("expected OWNER/NAME, not '\(text)'")
    }
    owner = String(parts[0])
    name = String(parts[1])
    try Self.validate(owner, as: "OWNER")
    try Self.validate(name, as: "NAME")
  }

  /// Checks a login, owner or repository name before any request.
  ///
  /// It must not be blank, and must be a name the client sends (GitHubAsync refuses only what
  /// cannot be one path segment: `.`, `..`, `/`, control characters, over 255 bytes). Any name
  /// GitHub serves, such as `dependabot[bot]`, passes.
  ///
  /// - Parameters:
  ///   - name: The name.
  ///   - label: What it is on the command line, such as `OWNER` or `NAME`.
  /// - Throws: ``ArgumentError`` naming the label, the name and the reason.
  static func validate(_ name: String, as label: String) throws(ArgumentError) {
    guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw ArgumentError("\(label) must not be blank, not '\(name)'")
    }
    do {
      try GitHubClient.validateName(name, parameter: label)
    } catch {
      guard case .invalidInput(let input) = error else { throw ArgumentError("\(label): \(error)") }
      throw ArgumentError("\(label) '\(name)' \(input.reason)")
    }
  }

  var description: String { "\(owner)/\(name)" }
}

/// Options every command accepts: where requests go.
struct ServerOptions: Sendable, Equatable {
  /// Talk to api.github.com.
  var live = false
  /// Talk to this GitHub-compatible API.
  var baseURL: URL?

  static func parse(_ parser: inout ArgumentParser) throws(ArgumentError) -> ServerOptions {
    var options = ServerOptions()
    options.live = try parser.flag("--live")
    if let text = try parser.value("--base-url") {
      guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
        scheme == "http" || scheme == "https", url.host?.isEmpty == false
      else {
        throw ArgumentError("--base-url needs an http or https URL, not '\(text)'")
      }
      options.baseURL = url
    }
    if options.live && options.baseURL != nil {
      throw ArgumentError("--live and --base-url cannot be used together")
    }
    return options
  }
}

/// The parsed command line.
struct Invocation: Sendable {
  /// What to run.
  enum Command: Sendable {
    case tour(TourOptions)
    case repo(RepoOptions)
    case search(SearchOptions)
    case events(EventsOptions)
    case user(UserOptions)
    case typeahead(TypeaheadOptions)
    case api(ApiOptions)
  }

  /// What the program should do.
  enum Action: Sendable {
    /// Print this help text on standard output and exit with 0.
    case help(String)
    /// Run a command.
    case run(Invocation)
  }

  var server: ServerOptions
  var command: Command

  /// Parses the arguments after the program name.
  ///
  /// - Returns: The help to print, or the command to run.
  /// - Throws: ``UsageFailure`` for a mistake, with the usage of the command it concerns.
  static func parse(_ arguments: [String]) throws(UsageFailure) -> Action {
    var parser = ArgumentParser(arguments)
    var name: CommandName?
    do {
      let help = try parser.flag("--help", "-h")
      // A mistake in the server options is reported with the usage of the command, so the
      // command is found first.
      let serverOptions = Result { () throws(ArgumentError) in try ServerOptions.parse(&parser) }
      name = try CommandName.take(from: &parser)
      let chosen = name ?? .tour
      if help { return .help(chosen.help) }
      let server = try serverOptions.get()
      let command = try chosen.parseOptions(&parser, server: server)
      try parser.finish()
      return .run(Invocation(server: server, command: command))
    } catch {
      throw UsageFailure(message: error.message, usage: (name ?? .tour).usage)
    }
  }
}

/// A command-line mistake with the usage of the command it concerns.
struct UsageFailure: Error, Equatable {
  var message: String
  var usage: String
}

/// The options of `tour`.
struct TourOptions: Sendable, Equatable {
  /// The scenarios to run; all of them when empty.
  var only: [TourScenarioName] = []
  /// Where the events scenario keeps its files; a temporary directory when `nil`.
  var cacheDirectory: URL?
}

/// The options of `repo`.
struct RepoOptions: Sendable, Equatable {
  var repository: RepositoryName
  var style: StyleChoice
  var json: Bool
}

/// The options of `search`.
struct SearchOptions: Sendable, Equatable {
  var query: String
  var limit: Int
  var sort: RepositorySearchSort?
  var style: StyleChoice
  var json: Bool
}

/// The options of `events`.
struct EventsOptions: Sendable, Equatable {
  var repository: RepositoryName
  var poll: Bool
  /// The number of polls before stopping; unlimited when `nil`.
  var polls: Int?
  /// The least wait between polls; the server's `X-Poll-Interval` wins when it is longer.
  var interval: Duration?
  var cacheDirectory: URL?
  var style: StyleChoice
  var json: Bool
}

/// The options of `user`.
struct UserOptions: Sendable, Equatable {
  var name: String
  var style: StyleChoice
  var json: Bool
}

/// The options of `typeahead`.
struct TypeaheadOptions: Sendable, Equatable {
  var style: Style
}

/// The commands, with their usage and help texts.
enum CommandName: String, CaseIterable, Sendable {
  case tour, repo, search, events, user, typeahead, api

  /// Takes the command name: the first argument left once the options every command
  /// accepts have been taken, unless it is an option.
  ///
  /// - Returns: The command, or `nil` if the arguments start with an option or there are
  ///   none (the tour, then).
  /// - Throws: ``ArgumentError`` if the first argument names no command.
  static func take(from parser: inout ArgumentParser) throws(ArgumentError) -> CommandName? {
    guard let word = parser.leadingWord() else { return nil }
    guard let name = CommandName(rawValue: word) else {
      throw ArgumentError("unknown command '\(word)'")
    }
    return name
  }

  /// Takes the command's options and arguments.
  ///
  /// - Parameters:
  ///   - parser: The arguments left after the command name and the server options.
  ///   - server: Where requests go, for `api`, which takes full URLs on that API.
  /// - Returns: The command.
  /// - Throws: ``ArgumentError`` for a mistake.
  func parseOptions(
    _ parser: inout ArgumentParser, server: ServerOptions
  ) throws(ArgumentError) -> Invocation.Command {
    switch self {
    case .tour:
      var options = TourOptions()
      if let list = try parser.value("--only") {
        options.only = try TourScenarioName.parseList(list)
      }
      options.cacheDirectory = try parser.value("--cache-dir").map(Self.directory)
      return .tour(options)
    case .repo:
      let style = try StyleChoice.parse(&parser)
      let json = try parser.flag("--json")
      let repository = try RepositoryName(parsing: parser.requiredPositional("OWNER/NAME"))
      return .repo(RepoOptions(repository: repository, style: style, json: json))
    case .search:
      let style = try StyleChoice.parse(&parser)
      let json = try parser.flag("--json")
      let limit = try parser.value("--limit").map { text throws(ArgumentError) in
        guard let limit = Int(text), (1...1000).contains(limit) else {
          throw ArgumentError("--limit must be a number from 1 to 1000, not '\(text)'")
        }
        return limit
      }
      let sort = try parser.value("--sort").map { text throws(ArgumentError) in
        guard let sort = RepositorySearchSort(rawValue: text), sort != .helpWantedIssues else {
          throw ArgumentError("--sort must be stars, forks or updated, not '\(text)'")
        }
        return sort
      }
      let query = try parser.requiredPositional("QUERY")
      guard !query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
        throw ArgumentError("QUERY must not be empty")
      }
      return .search(
        SearchOptions(query: query, limit: limit ?? 10, sort: sort, style: style, json: json))
    case .events:
      let style = try StyleChoice.parse(&parser)
      let json = try parser.flag("--json")
      let poll = try parser.flag("--poll")
      let polls = try parser.value("--polls").map { text throws(ArgumentError) in
        guard let count = Int(text), count >= 1 else {
          throw ArgumentError("--polls must be a number of 1 or more, not '\(text)'")
        }
        return count
      }
      let interval = try parser.value("--interval").map { text throws(ArgumentError) in
        guard let seconds = Double(text), seconds >= 0, seconds <= 86_400 else {
          throw ArgumentError("--interval must be a number of seconds, not '\(text)'")
        }
        return Duration.milliseconds(Int64((seconds * 1000).rounded()))
      }
      if !poll && (polls != nil || interval != nil) {
        throw ArgumentError("--polls and --interval need --poll")
      }
      let cacheDirectory = try parser.value("--cache-dir").map(Self.directory)
      let repository = try RepositoryName(parsing: parser.requiredPositional("OWNER/NAME"))
      return .events(
        EventsOptions(
          repository: repository, poll: poll, polls: polls, interval: interval,
          cacheDirectory: cacheDirectory, style: style, json: json))
    case .user:
      let style = try StyleChoice.parse(&parser)
      let json = try parser.flag("--json")
      let name = try parser.requiredPositional("NAME")
      guard !name.isEmpty else { throw ArgumentError("NAME must not be empty") }
      try RepositoryName.validate(name, as: "NAME")
      return .user(UserOptions(name: name, style: style, json: json))
    case .typeahead:
      var style = Style.rx
      if let text = try parser.value("--style") {
        guard let choice = Style(rawValue: text) else {
          throw ArgumentError("--style must be rx or async, not '\(text)'")
        }
        style = choice
      }
      return .typeahead(TypeaheadOptions(style: style))
    case .api:
      // Offline, the replay server stands for api.github.com; --live is api.github.com.
      let apiBase = server.baseURL ?? GitHubConfiguration.gitHubAPI
      return .api(try ApiOptions.parse(&parser, apiBase: apiBase))
    }
  }

  private static func directory(_ path: String) -> URL {
    URL(fileURLWithPath: path, isDirectory: true)
  }
}
