import Foundation

/// Builds request URLs from a base URL, path segments and query items, percent-encoding every
/// piece so that no input can change the path's structure or the query.
enum Endpoint {
  /// Percent-encodes everything but RFC 3986 "unreserved" characters.
  ///
  /// `/`, `?`, `#`, `%`, `+`, `&`, `=` and spaces are all encoded.
  static func percentEncode(_ text: String) -> String {
    var encoded = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        appendPercentEscape(byte, to: &encoded)
      }
    }
    return encoded
  }

  /// Appends `byte` as a percent escape, such as `%5B`.
  static func appendPercentEscape(_ byte: UInt8, to text: inout String) {
    let hex = Array("0123456789ABCDEF".unicodeScalars)
    text.unicodeScalars.append("%")
    text.unicodeScalars.append(hex[Int(byte >> 4)])
    text.unicodeScalars.append(hex[Int(byte & 0x0F)])
  }

  /// The base URL's percent-encoded path without trailing slashes, ready for `/…` to follow.
  static func trimmedBasePath(_ components: URLComponents) -> String {
    var basePath = components.percentEncodedPath
    while basePath.hasSuffix("/") { basePath.removeLast() }
    return basePath
  }

  /// The percent-encoded query for `items`, in order, or `nil` for none.
  static func encodedQuery(_ items: [(String, String)]) -> String? {
    items.isEmpty
      ? nil : items.map { percentEncode($0.0) + "=" + percentEncode($0.1) }.joined(separator: "&")
  }

  /// Checks a base URL: HTTP or HTTPS, with a host, and no query or fragment.
  static func validate(baseURL: URL) throws(GitHubError) -> URLComponents {
    guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = components.host, !host.isEmpty,
      components.query == nil, components.fragment == nil
    else {
      throw .invalidInput(
        InvalidInput(
          parameter: "baseURL", reason: "must be an http or https URL with a host and no query"))
    }
    components.user = nil
    components.password = nil
    return components
  }

  /// Appends percent-encoded path segments and query items to the base URL.
  ///
  /// - Parameters:
  ///   - baseURL: The API base URL, possibly with a path such as `/api/v3`.
  ///   - segments: The path segments, unencoded, such as `["repos", owner, name]`.
  ///   - query: The query items, unencoded, in order.
  /// - Returns: The URL.
  /// - Throws: ``GitHubError/invalidInput(_:)`` for an unusable base URL.
  static func url(
    baseURL: URL, segments: [String], query: [(String, String)] = []
  ) throws(GitHubError) -> URL {
    var components = try validate(baseURL: baseURL)
    components.percentEncodedPath =
      trimmedBasePath(components) + "/" + segments.map(percentEncode).joined(separator: "/")
    components.percentEncodedQuery = encodedQuery(query)
    guard let url = components.url else {
      throw .invalidInput(InvalidInput(parameter: "baseURL", reason: "cannot form a request URL"))
    }
    return url
  }
}

/// The checks made before any request.
enum Validation {
  /// The longest name accepted as a path segment, in UTF-8 bytes.
  ///
  /// GitHub's own limits are far lower (39 characters for a login, 100 for a repository
  /// name), so no real name comes near it; it is the common file-name limit (`NAME_MAX`).
  /// Percent-encoded, such a segment is at most 765 characters, so a URL with several of them
  /// stays well below the 8 KB request-line limit of common servers and proxies.
  static let maximumSegmentBytes = 255

  /// A name the client puts into the URL path as one segment: a login, a repository owner or
  /// name.
  ///
  /// Only what could send the request somewhere other than intended, or cannot be a path
  /// segment, is rejected: an empty name, `.` and `..` (dot segments, which URL
  /// normalisation removes), `/`, control characters (Unicode category Cc: U+0000–U+001F,
  /// U+007F–U+009F) and more than ``maximumSegmentBytes`` bytes. Everything else, such as
  /// `dependabot[bot]`, `a--b`, spaces, `?`, `#`, `%`, `\` and non-ASCII letters, is
  /// percent-encoded by ``Endpoint/percentEncode(_:)`` into exactly one segment; GitHub answers
  /// 404 for a name that does not exist.
  static func pathSegment(_ value: String, parameter: String) throws(GitHubError) {
    guard !value.isEmpty else { throw invalid(parameter, "must not be empty") }
    guard value != ".", value != ".." else { throw invalid(parameter, "must not be '.' or '..'") }
    guard !value.utf8.contains(UInt8(ascii: "/")) else {
      throw invalid(parameter, "must not contain '/'")
    }
    guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else {
      throw invalid(parameter, "must not contain control characters")
    }
    guard value.utf8.count <= maximumSegmentBytes else {
      throw invalid(parameter, "must be at most \(maximumSegmentBytes) bytes in UTF-8")
    }
  }

  /// A search query: not empty or only whitespace.
  static func searchQuery(_ value: String) throws(GitHubError) {
    guard !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw invalid("query", "must not be empty")
    }
  }

  /// A page size: 1 to 100.
  static func perPage(_ value: Int) throws(GitHubError) {
    guard (1...100).contains(value) else { throw invalid("perPage", "must be from 1 to 100") }
  }

  /// A page number: 1 or more.
  static func page(_ value: Int) throws(GitHubError) {
    guard value >= 1 else { throw invalid("page", "must be 1 or more") }
  }

  private static func invalid(_ parameter: String, _ reason: String) -> GitHubError {
    .invalidInput(InvalidInput(parameter: parameter, reason: reason))
  }
}
