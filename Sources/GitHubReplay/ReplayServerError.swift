/// Why the replay server or its fixture loader failed.
public enum ReplayServerError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A socket call failed while the server was starting.
  ///
  /// - Parameters:
  ///   - call: The failing system call, such as `bind`.
  ///   - errno: The error number it left.
  case socket(call: String, errno: Int32)
  /// A fixture file does not exist in the bundled fixtures or at the given location.
  ///
  /// - Parameter name: The fixture's path relative to the fixtures folder, or its URL.
  case fixtureNotFound(String)
  /// A fixture file exists but is not in a format the loader understands.
  ///
  /// - Parameters:
  ///   - name: The fixture's path or URL.
  ///   - reason: What was wrong.
  case malformedFixture(String, reason: String)

  /// A one-line description of the failure.
  public var description: String {
    switch self {
    case .socket(let call, let code): "replay server: \(call) failed with errno \(code)"
    case .fixtureNotFound(let name): "replay fixture not found: \(name)"
    case .malformedFixture(let name, let reason): "malformed replay fixture \(name): \(reason)"
    }
  }
}
