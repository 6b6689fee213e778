import Foundation
import GitHubAsync

/// The PATH of `api`, as typed, turned into the path and query items the client requests.
///
/// Like `gh api`: `repos/o/r` and `/repos/o/r` are the same, a query may follow the first
/// `?`, and whatever the user types is sent, percent-encoded where a URL needs it: spaces,
/// quotes, `#`, `[`, non-ASCII letters, a `%` that starts no escape. A valid escape such as
/// `%20` is kept as it is, never encoded again. In the query, `&` and `=` separate the items
/// and `+` stands for a space, as in a form; write `%2B` for a plus sign. A full URL is taken
/// only on the configured API, as its path and query.
struct ApiPath: Sendable, Equatable {
  /// The path relative to the API, percent-encoded, starting with `/`.
  var path: String
  /// The query items, decoded; the client encodes them again.
  var query: [String: String]

  /// Parses a typed PATH.
  ///
  /// - Parameters:
  ///   - text: The PATH as typed, such as `search/users?q=user:a user:b&per_page=1`.
  ///   - apiBase: The configured API's base URL: a full URL is accepted only under it.
  /// - Returns: The path and query.
  /// - Throws: ``ArgumentError`` for a blank PATH, a full URL elsewhere, a path the client
  ///   would refuse (an empty, `.` or `..` segment, over 2,048 bytes encoded), or query escapes
  ///   that are not UTF-8 text.
  static func parse(_ text: String, apiBase: URL) throws(ArgumentError) -> ApiPath {
    guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw ArgumentError("PATH must not be empty")
    }
    // Split on Unicode scalars, never on Characters: a combining mark after `?`, `&`, `=` or
    // `/` joins it in one Character, but the URL still has the separator.
    var relative = Substring(text)
    if let scheme = fullURLScheme(text) {
      guard let onAPI = pathOnAPI(text, scheme: scheme, apiBase: apiBase) else {
        throw ArgumentError(
          "PATH '\(text)' is a full URL, not a path such as repos/OWNER/NAME; a URL is taken"
            + " only on the configured API, \(apiBase.absoluteString)")
      }
      relative = onAPI
    }
    let parts = relative.unicodeScalars.split(
      separator: "?", maxSplits: 1, omittingEmptySubsequences: false
    ).map(Substring.init)
    var path = encodePath(parts.first ?? "")
    // `users/octocat/` is `users/octocat`, as on GitHub.
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    do {
      try GitHubClient.validatePath(path)
    } catch {
      guard case .invalidInput(let input) = error else { throw ArgumentError("PATH: \(error)") }
      throw ArgumentError("PATH '\(text)' \(input.reason)")
    }
    var query: [String: String] = [:]
    if parts.count > 1 {
      for item in parts[1].unicodeScalars.split(separator: "&").map(Substring.init) {
        let pair = item.unicodeScalars.split(
          separator: "=", maxSplits: 1, omittingEmptySubsequences: false
        ).map(Substring.init)
        guard let name = decodeQueryComponent(pair[0]),
          let value = pair.count > 1 ? decodeQueryComponent(pair[1]) : ""
        else {
          throw ArgumentError(
            "PATH '\(text)': the query item '\(item)' has escapes that are not UTF-8 text")
        }
        query[name] = value
      }
    }
    return ApiPath(path: path, query: query)
  }

  /// The scheme of a full URL (`https` in `https://…`), or `nil` for a path.
  static func fullURLScheme(_ text: String) -> String? {
    let scalars = text.unicodeScalars
    guard let colon = scalars.firstIndex(of: ":"),
      scalars[colon...].starts(with: "://".unicodeScalars)
    else { return nil }
    let scheme = scalars[..<colon]
    guard let first = scheme.first, first.isASCIILetter,
      scheme.allSatisfy({ $0.isASCIILetter || "0123456789+-.".unicodeScalars.contains($0) })
    else { return nil }
    return String(String.UnicodeScalarView(scheme)).lowercased()
  }

  /// The part of a full URL after the configured API's base, such as `/users/octocat?x=1`, or
  /// `nil` if the URL is not on that API: another scheme, host or port, credentials, or a path
  /// outside the base path.
  static func pathOnAPI(_ text: String, scheme: String, apiBase: URL) -> Substring? {
    guard let base = URLComponents(url: apiBase, resolvingAgainstBaseURL: true),
      scheme == base.scheme?.lowercased(), scheme == "http" || scheme == "https"
    else { return nil }
    let scalars = Substring(text).unicodeScalars.dropFirst(scheme.unicodeScalars.count + 3)
    let authorityEnd =
      scalars.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? scalars.endIndex
    let authority = Substring(scalars[..<authorityEnd])
    guard !authority.contains("@") else { return nil }
    var host = authority
    var port: Int?
    if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
      host = authority[..<colon]
      let digits = authority[authority.index(after: colon)...]
      guard digits.isEmpty || Int(digits) != nil else { return nil }
      port = Int(digits)
    }
    let defaultPort = scheme == "https" ? 443 : 80
    let baseHost = (base.host ?? "").lowercased().trimmingCharacters(in: ["[", "]"])
    guard host.lowercased().trimmingCharacters(in: ["[", "]"]) == baseHost,
      (port ?? defaultPort) == (base.port ?? defaultPort)
    else { return nil }
    var basePath = base.percentEncodedPath
    while basePath.hasSuffix("/") { basePath.removeLast() }
    let remainder = Substring(scalars[authorityEnd...])
    guard remainder.hasPrefix(basePath) else { return nil }
    let relative = remainder.dropFirst(basePath.count)
    guard relative.isEmpty || relative.first == "/" || relative.first == "?" else { return nil }
    return relative
  }

  /// Percent-encodes what a path cannot carry raw, keeping `/` and valid escapes, with a
  /// leading `/`.
  static func encodePath(_ text: Substring) -> String {
    let bytes = Array(text.utf8)
    var encoded = bytes.first == UInt8(ascii: "/") ? "" : "/"
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
        bytes[index + 1].isHexDigit, bytes[index + 2].isHexDigit
      {
        encoded.unicodeScalars.append("%")
      } else if isPathCharacter(byte) {
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        appendEscape(byte, to: &encoded)
      }
      index += 1
    }
    return encoded
  }

  /// Decodes a query name or value: `+` is a space, valid escapes are decoded, and a `%`
  /// that starts no escape stays as it is.
  ///
  /// - Returns: The text, or `nil` if the decoded bytes are not UTF-8.
  static func decodeQueryComponent(_ text: Substring) -> String? {
    let bytes = Array(text.utf8)
    var decoded: [UInt8] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
        let high = bytes[index + 1].hexValue, let low = bytes[index + 2].hexValue
      {
        decoded.append(high << 4 | low)
        index += 3
        continue
      }
      decoded.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
      index += 1
    }
    // Not `String(validating:as:)`, which needs macOS 15: decoding repairs invalid UTF-8 with
    // U+FFFD, so the bytes come back unchanged exactly when they were valid.
    let text = String(decoding: decoded, as: UTF8.self)
    return text.utf8.elementsEqual(decoded) ? text : nil
  }

  /// Whether a byte may appear raw in a path: RFC 3986's `pchar` or `/`.
  private static func isPathCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default:
      "-._~!$&'()*+,;=:@/".utf8.contains(byte)
    }
  }

  private static func appendEscape(_ byte: UInt8, to text: inout String) {
    let hex = Array("0123456789ABCDEF".unicodeScalars)
    text.unicodeScalars.append("%")
    text.unicodeScalars.append(hex[Int(byte >> 4)])
    text.unicodeScalars.append(hex[Int(byte & 0x0F)])
  }
}

extension Unicode.Scalar {
  /// Whether the scalar is an ASCII letter.
  fileprivate var isASCIILetter: Bool {
    ("a"..."z").contains(self) || ("A"..."Z").contains(self)
  }
}

extension UInt8 {
  /// Whether the byte is an ASCII hexadecimal digit.
  fileprivate var isHexDigit: Bool { hexValue != nil }

  /// The value of an ASCII hexadecimal digit, or `nil`.
  fileprivate var hexValue: UInt8? {
    switch self {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
