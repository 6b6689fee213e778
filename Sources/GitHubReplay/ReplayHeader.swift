/// One HTTP header line: a name and a value.
///
/// Headers are kept as a list rather than a dictionary, so repeated names (two `Vary` lines in a
/// GitHub response) survive a replay. Names compare case-insensitively in lookups.
public struct ReplayHeader: Sendable, Hashable, CustomStringConvertible {
  /// The header name, in the case it was recorded or received.
  public var name: String
  /// The header value.
  public var value: String

  /// Creates a header line.
  ///
  /// - Parameters:
  ///   - name: The header name.
  ///   - value: The header value.
  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }

  /// The line as it would appear on the wire, `Name: value`.
  public var description: String { "\(name): \(value)" }

  /// Whether the header's name is `name`, ignoring case.
  ///
  /// - Parameter name: The name to compare with.
  /// - Returns: `true` if the names match.
  public func hasName(_ name: String) -> Bool {
    self.name.lowercased() == name.lowercased()
  }
}

extension Array where Element == ReplayHeader {
  /// The value of the first header named `name`, ignoring case.
  ///
  /// - Parameter name: The header name.
  /// - Returns: The value, or `nil` if no header has that name.
  public func value(named name: String) -> String? {
    first { $0.hasName(name) }?.value
  }

  /// The values of every header named `name`, ignoring case, in order.
  ///
  /// - Parameter name: The header name.
  /// - Returns: The values; empty if no header has that name.
  public func values(named name: String) -> [String] {
    filter { $0.hasName(name) }.map(\.value)
  }
}
