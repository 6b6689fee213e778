import Foundation

/// A request the replay server received, exactly as the client sent it.
///
/// Tests use the request log to assert what went over the wire: the method, the raw
/// percent-encoded path, the decoded query items and every header line.
///
/// The ``description`` hides the value of an `Authorization` header, so a log that prints
/// requests does not leak a token. ``headers`` still holds the real value for assertions.
public struct RecordedRequest: Sendable, Hashable, CustomStringConvertible {
  /// The position of this request in the server's log, from 0.
  public var index: Int
  /// The method, such as `GET`.
  public var method: String
  /// The request target as sent: the path and query, still percent-encoded.
  public var target: String
  /// The path part of ``target``, still percent-encoded.
  public var path: String
  /// The query part of ``target`` after `?`, still percent-encoded, or `nil` without one.
  public var query: String?
  /// The query items, percent-decoded (`+` reads as a space, as in form encoding).
  public var queryItems: [QueryItem]
  /// The header lines in the order received.
  public var headers: [ReplayHeader]
  /// The body bytes; empty for a `GET`.
  public var body: Data

  /// One decoded query item.
  public struct QueryItem: Sendable, Hashable {
    /// The decoded name.
    public var name: String
    /// The decoded value, or `nil` for an item without `=`.
    public var value: String?

    /// Creates a query item.
    ///
    /// - Parameters:
    ///   - name: The decoded name.
    ///   - value: The decoded value.
    public init(name: String, value: String?) {
      self.name = name
      self.value = value
    }
  }

  /// Creates a recorded request.
  ///
  /// - Parameters:
  ///   - index: The position in the log.
  ///   - method: The method.
  ///   - target: The raw request target.
  ///   - headers: The header lines.
  ///   - body: The body bytes.
  public init(
    index: Int, method: String, target: String, headers: [ReplayHeader], body: Data = Data()
  ) {
    self.index = index
    self.method = method
    self.target = target
    self.headers = headers
    self.body = body
    let withoutFragment =
      target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
      .first.map(String.init) ?? target
    if let mark = withoutFragment.firstIndex(of: "?") {
      path = String(withoutFragment[..<mark])
      let rawQuery = String(withoutFragment[withoutFragment.index(after: mark)...])
      query = rawQuery
      queryItems = Self.parseQuery(rawQuery)
    } else {
      path = withoutFragment
      query = nil
      queryItems = []
    }
  }

  /// The path with percent escapes decoded, or `nil` if an escape is invalid.
  public var decodedPath: String? {
    path.removingPercentEncoding
  }

  /// The value of the first header named `name`, ignoring case.
  ///
  /// - Parameter name: The header name.
  /// - Returns: The value, or `nil`.
  public func header(_ name: String) -> String? {
    headers.value(named: name)
  }

  /// The decoded value of the first query item named `name`.
  ///
  /// - Parameter name: The decoded item name.
  /// - Returns: The decoded value, or `nil` if the item is missing or has no value.
  public func queryValue(_ name: String) -> String? {
    queryItems.first { $0.name == name }?.value
  }

  /// The method and target, then the headers, one per line, with `Authorization` redacted.
  public var description: String {
    let lines = headers.map { header in
      header.hasName("Authorization") ? "\(header.name): <redacted>" : header.description
    }
    return ([method + " " + target] + lines).joined(separator: "\n")
  }

  private static func parseQuery(_ query: String) -> [QueryItem] {
    query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = decodeComponent(parts[0])
      let value = parts.count > 1 ? decodeComponent(parts[1]) : nil
      return QueryItem(name: name, value: value)
    }
  }

  private static func decodeComponent(_ component: Substring) -> String {
    let spaced = component.replacingOccurrences(of: "+", with: " ")
    return spaced.removingPercentEncoding ?? spaced
  }
}
