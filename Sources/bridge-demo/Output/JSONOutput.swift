import Foundation
import GitHubAsync

/// The JSON the commands print with `--json`.
enum JSONOutput {
  /// A repository.
  struct RepositoryJSON: Encodable, Equatable {
    var fullName: String
    var description: String?
    var language: String?
    var stars: Int
    var forks: Int
    var openIssues: Int
    var defaultBranch: String?
    var url: String?

    init(_ repository: Repository) {
      fullName = repository.fullName
      description = repository.description
      language = repository.language
      stars = repository.stargazersCount
      forks = repository.forksCount
      openIssues = repository.openIssuesCount
      defaultBranch = repository.defaultBranch
      url = repository.htmlURL?.absoluteString
    }
  }

  /// A user.
  struct UserJSON: Encodable, Equatable {
    var login: String
    var name: String?
    var company: String?
    var location: String?
    var bio: String?
    var publicRepos: Int?
    var followers: Int?
    var following: Int?
    var url: String?

    init(_ user: User) {
      login = user.login
      name = user.name
      company = user.company
      location = user.location
      bio = user.bio
      publicRepos = user.publicRepos
      followers = user.followers
      following = user.following
      url = user.htmlURL?.absoluteString
    }
  }

  /// The result of one events request.
  struct EventsJSON: Encodable {
    var repository: String
    var poll: Int
    var status: Int
    var newEvents: [ArchivedEvent]
    /// Every archived event, newest first; left out for polls after the first.
    var archive: [ArchivedEvent]?
  }

  /// Encodes a value as JSON with sorted keys, and slashes as they are (`"a/b"`, not
  /// `"a\/b"`).
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - pretty: Whether to indent, or to print one line.
  /// - Returns: The JSON text.
  static func encode<Value: Encodable>(_ value: Value, pretty: Bool = true) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting =
      pretty
      ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      : [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    guard let data = try? encoder.encode(value) else { return "null" }
    return String(decoding: data, as: UTF8.self)
  }

  /// Encodes one value per style: the value alone for one style, or an object keyed by style.
  ///
  /// - Parameter results: The values, in style order.
  /// - Returns: The JSON text.
  static func encode<Value: Encodable>(byStyle results: [(Style, Value)]) -> String {
    if results.count == 1, let only = results.first { return encode(only.1) }
    var object: [String: Value] = [:]
    for (style, value) in results { object[style.rawValue] = value }
    return encode(object)
  }
}
