import Foundation

extension Endpoint {
  /// The longest path ``url(baseURL:path:query:)`` accepts, in bytes.
  static let maximumPathLength = 2048

  /// Builds the URL for a caller-supplied API path such as `/orgs/apple/repos`.
  ///
  /// The path is relative to the base URL (a base path such as `/api/v3` is kept). It must start
  /// with a single `/`, so it can never name a scheme or another host, and no segment may be
  /// empty, `.` or `..` (also when percent-encoded). Percent escapes the caller wrote are kept
  /// as they are; control characters, spaces, `?`, `#` and malformed escapes are rejected;
  /// other bytes URLs cannot carry raw in a path (non-ASCII, `"`, `<`, `>`, `[`, `]`, `\`,
  /// `^`, `` ` ``, `{`, `|`, `}`) are percent-encoded.
  ///
  /// - Parameters:
  ///   - baseURL: The API base URL.
  ///   - path: The path, such as `/repos/apple/swift/issues`.
  ///   - query: The query items, unencoded; they are sent sorted by name.
  /// - Returns: The URL.
  /// - Throws: ``GitHubError/invalidInput(_:)`` for a path that could leave the API.
  static func url(
    baseURL: URL, path: String, query: [String: String]
  ) throws(GitHubError) -> URL {
    let encodedPath = try apiPath(path)
    var components = try validate(baseURL: baseURL)
    components.percentEncodedPath = trimmedBasePath(components) + encodedPath
    components.percentEncodedQuery = encodedQuery(
      query.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    guard let url = components.url else {
      throw invalidPath("cannot form a request URL")
    }
    return url
  }

  /// Checks a caller's path and encodes what URLs cannot carry raw.
  static func apiPath(_ path: String) throws(GitHubError) -> String {
    let bytes = Array(path.utf8)
    guard bytes.first == UInt8(ascii: "/") else {
      throw invalidPath("must start with '/' and be relative to the API base URL")
    }
    guard bytes.count <= maximumPathLength else {
      throw invalidPath("must be at most \(maximumPathLength) bytes")
    }
    var encoded = ""
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case 0..<0x20, 0x7F:
        throw invalidPath("must not contain control characters")
      case UInt8(ascii: " "):
        throw invalidPath("must not contain spaces; percent-encode them as %20")
      case UInt8(ascii: "?"), UInt8(ascii: "#"):
        throw invalidPath("must not contain '?' or '#'; pass query items in query")
      case UInt8(ascii: "%"):
        guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2])
        else { throw invalidPath("has a '%' that does not start a percent escape") }
        encoded.unicodeScalars.append("%")
      default:
        if isPathCharacter(byte) {
          encoded.unicodeScalars.append(Unicode.Scalar(byte))
        } else {
          appendPercentEscape(byte, to: &encoded)
        }
      }
      index += 1
    }
    if encoded != "/" {
      for segment in encoded.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
        guard !segment.isEmpty else { throw invalidPath("must not have empty segments ('//')") }
        guard !isDotSegment(segment) else {
          throw invalidPath("must not have '.' or '..' segments")
        }
      }
    }
    return encoded
  }

  /// Whether a byte may appear raw in a URL path: RFC 3986's `pchar` (unreserved characters,
  /// sub-delimiters, `:` and `@`) or `/`.
  ///
  /// Anything else, such as `[`, `]`, `"`, `{` or a non-ASCII byte, must be percent-encoded:
  /// Foundation's `URLComponents` stops the program when given a path that holds one raw.
  static func isPathCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "$"),
      UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
      UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
      UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"):
      true
    default:
      false
    }
  }

  /// Whether `url` is on the API the base URL names: same scheme, host and port, and under
  /// the base path.
  static func isOnAPI(_ url: URL, baseURL: URL) -> Bool {
    guard let base = try? validate(baseURL: baseURL),
      let target = URLComponents(url: url, resolvingAgainstBaseURL: true),
      let scheme = target.scheme?.lowercased(), scheme == base.scheme?.lowercased(),
      let host = target.host?.lowercased(), host == base.host?.lowercased(),
      target.user == nil, target.password == nil,
      (target.port ?? defaultPort(scheme)) == (base.port ?? defaultPort(scheme))
    else { return false }
    let basePath = trimmedBasePath(base)
    let path = target.percentEncodedPath
    guard path.hasPrefix(basePath + "/") else { return false }
    let segments = path.dropFirst(basePath.count + 1).split(
      separator: "/", omittingEmptySubsequences: false)
    return !segments.contains(where: isDotSegment)
  }

  /// Whether a percent-encoded path segment is `.` or `..`, also when written as escapes.
  private static func isDotSegment(_ segment: Substring) -> Bool {
    let decoded = String(segment).removingPercentEncoding ?? String(segment)
    return decoded == "." || decoded == ".."
  }

  private static func defaultPort(_ scheme: String) -> Int {
    scheme == "https" ? 443 : 80
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
  }

  private static func invalidPath(_ reason: String) -> GitHubError {
    .invalidInput(InvalidInput(parameter: "path", reason: reason))
  }
}
