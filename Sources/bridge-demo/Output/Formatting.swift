import Foundation
import GitHubAsync

/// Text formats for results and measurements.
enum Format {
  /// A count with thousands separators: `1,210`.
  static func count(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var grouped = ""
    for (index, character) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
      grouped.append(character)
    }
    return (value < 0 ? "-" : "") + grouped
  }

  /// A measured duration: `14 ms` or `1.52 s`.
  static func duration(_ duration: Duration) -> String {
    let milliseconds =
      Double(duration.components.seconds) * 1000
      + Double(duration.components.attoseconds) / 1e15
    if milliseconds < 1000 { return "\(Int(milliseconds.rounded())) ms" }
    return String(format: "%.2f s", milliseconds / 1000)
  }

  /// A date and time in UTC: `2020-05-14 13:34`.
  static func date(_ date: Date?) -> String {
    guard let date else { return "?" }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter.string(from: date)
  }

  /// The text with every character that could break the line or take over the terminal
  /// written as an escape: control characters (a line feed as the characters `\n`, ESC as
  /// `\u{1B}`), line and paragraph separators, and the bidirectional overrides.
  ///
  /// - Parameter text: The text, such as an error message that quotes an argument.
  /// - Returns: One line of text.
  static func oneLine(_ text: String) -> String {
    var line = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": line += "\\n"
      case "\r": line += "\\r"
      case "\t": line += "\\t"
      case "\u{2028}", "\u{2029}", "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}":
        line += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default:
        if scalar.properties.generalCategory == .control {
          line += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
          line.unicodeScalars.append(scalar)
        }
      }
    }
    return line
  }

  /// A text shortened to `limit` characters with an ellipsis.
  static func truncated(_ text: String, _ limit: Int) -> String {
    text.count <= limit ? text : String(text.prefix(max(0, limit - 1))) + "…"
  }

  /// A text padded with spaces to `width` characters.
  static func padded(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }

  /// One line per repository: name, stars, language and description, in columns.
  static func repositoryList(_ repositories: [Repository], numbered: Bool = true) -> [String] {
    let nameWidth = min(40, repositories.map(\.fullName.count).max() ?? 0)
    let starsWidth = repositories.map { count($0.stargazersCount).count }.max() ?? 0
    return repositories.enumerated().map { index, repository in
      let stars = count(repository.stargazersCount)
      let number = numbered ? "\(index + 1). " : ""
      var line =
        number + padded(truncated(repository.fullName, 40), nameWidth) + "  ★ "
        + String(repeating: " ", count: starsWidth - stars.count) + stars
      if let language = repository.language { line += "  " + language }
      if let description = repository.description, !description.isEmpty {
        line += "  " + truncated(description, 60)
      }
      return line
    }
  }

  /// The details of a repository, one fact per line.
  static func repositoryDetails(_ repository: Repository) -> [String] {
    var lines = [repository.fullName]
    if let description = repository.description, !description.isEmpty {
      lines.append("  " + description)
    }
    lines.append(
      "  stars \(count(repository.stargazersCount))  forks \(count(repository.forksCount))"
        + "  open issues \(count(repository.openIssuesCount))")
    if let language = repository.language { lines.append("  language   \(language)") }
    if let branch = repository.defaultBranch { lines.append("  branch     \(branch)") }
    if let license = repository.license?.spdxID ?? repository.license?.name {
      lines.append("  license    \(license)")
    }
    if let url = repository.htmlURL { lines.append("  url        \(url.absoluteString)") }
    if let updated = repository.pushedAt ?? repository.updatedAt {
      lines.append("  pushed     \(date(updated)) UTC")
    }
    return lines
  }

  /// The details of a user, one fact per line.
  static func userDetails(_ user: User) -> [String] {
    var lines = [user.login + (user.name.map { " (\($0))" } ?? "")]
    if let bio = user.bio, !bio.isEmpty { lines.append("  " + bio) }
    if let company = user.company, !company.isEmpty { lines.append("  company    \(company)") }
    if let location = user.location, !location.isEmpty {
      lines.append("  location   \(location)")
    }
    var counts: [String] = []
    if let repos = user.publicRepos { counts.append("public repos \(count(repos))") }
    if let followers = user.followers { counts.append("followers \(count(followers))") }
    if let following = user.following { counts.append("following \(count(following))") }
    if !counts.isEmpty { lines.append("  " + counts.joined(separator: "  ")) }
    if let url = user.htmlURL { lines.append("  url        \(url.absoluteString)") }
    if let created = user.createdAt { lines.append("  joined     \(date(created)) UTC") }
    return lines
  }

  /// One line for an archived event: time, type, actor.
  static func eventLine(_ event: ArchivedEvent) -> String {
    "\(date(event.createdAt))  \(padded(event.type, 24))  \(event.actor)"
  }

  /// A message for an error, with a hint where one helps.
  static func error(_ error: any Error) -> String {
    guard let gitHubError = error as? GitHubError else {
      return String(describing: error)
    }
    switch gitHubError {
    case .rateLimited(let limit):
      var text = "GitHub's rate limit was reached (\(limit))"
      if let retry = limit.retryDate() { text += "; try again after \(date(retry)) UTC" }
      return text + "; a token in GITHUB_TOKEN raises the limit"
    case .unauthorized:
      return "\(gitHubError); check the token in GITHUB_TOKEN"
    case .transport(let urlError):
      return
        "cannot reach the server (URLError \(urlError.code.rawValue)): \(urlError.localizedDescription)"
    default:
      return gitHubError.description
    }
  }
}
