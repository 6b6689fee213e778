import Foundation

/// The JSON decoding rules for GitHub responses.
enum GitHubJSON {
  /// A decoder that reads ISO-8601 dates, with or without fractional seconds.
  static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = parseDate(text) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "Expected an ISO-8601 date, got \(text.debugDescription)"
        )
      }
      return date
    }
    return decoder
  }

  /// Parses `2020-04-21T09:31:21Z`, `2020-04-21T09:31:21.123Z` or `2020-04-21T11:31:21+02:00`.
  static func parseDate(_ text: String) -> Date? {
    if let date = try? Date(
      text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    {
      return date
    }
    return try? Date(text, strategy: .iso8601)
  }
}

extension KeyedDecodingContainer {
  /// Decodes a URL string, treating `null`, a missing key and an unparsable string (such as a
  /// URI template with `{…}`) as `nil`.
  func decodeURLIfPresent(forKey key: Key) throws -> URL? {
    guard let text = try decodeIfPresent(String.self, forKey: key), !text.isEmpty else {
      return nil
    }
    return URL(strictString: text)
  }

  /// Decodes a value, or returns `fallback` when the key is missing or `null`.
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key, default fallback: T) throws -> T {
    try decodeIfPresent(type, forKey: key) ?? fallback
  }
}

extension URL {
  /// Parses `string` as a URL without repairing it: `nil` for anything that is not a valid URL
  /// reference (a space, a `{`, …), where `URL(string:)` from macOS 14 and iOS 17 on would
  /// percent-encode the invalid characters instead.
  ///
  /// - Parameter string: The URL's text.
  init?(strictString string: String) {
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
      self.init(string: string, encodingInvalidCharacters: false)
    } else {
      // Before those releases, `URL(string:)` already rejects invalid characters.
      self.init(string: string)
    }
  }
}
