extension GitHubClient {
  /// Checks a login, owner or repository name exactly as the calls that take one check it
  /// before any request, so that a command line or a form can report the mistake first.
  ///
  /// ```swift
  /// try GitHubClient.validateName("dependabot[bot]", parameter: "username")  // fine
  /// try GitHubClient.validateName("../x", parameter: "owner")  // throws .invalidInput
  /// ```
  ///
  /// Only a name that cannot be one path segment is refused: empty, `.`, `..`, containing `/`
  /// or a control character, or over 255 bytes in UTF-8. Every other name is percent-encoded
  /// and sent, and GitHub answers ``GitHubError/notFound(_:)`` for one that does not exist.
  ///
  /// - Parameters:
  ///   - name: The name.
  ///   - parameter: The name of the argument, for the error, such as `owner` or `username`.
  /// - Throws: ``GitHubError/invalidInput(_:)`` naming `parameter` and the reason.
  public static func validateName(_ name: String, parameter: String) throws(GitHubError) {
    try Validation.pathSegment(name, parameter: parameter)
  }

  /// Checks an API path exactly as ``get(_:path:query:)`` and
  /// ``paginate(_:path:query:items:)`` check it before any request.
  ///
  /// ```swift
  /// try GitHubClient.validatePath("/repos/apple/swift/issues")  // fine
  /// try GitHubClient.validatePath("/repos/a/../b")  // throws .invalidInput
  /// ```
  ///
  /// - Parameter path: The path relative to the API base URL, such as `/orgs/apple/repos`.
  /// - Throws: ``GitHubError/invalidInput(_:)`` (parameter `path`) for a path that does not
  ///   start with a single `/`, is longer than 2,048 bytes, has an empty, `.` or `..` segment
  ///   (also when percent-encoded), or contains a control character, a space, `?`, `#` or a
  ///   `%` that starts no percent escape.
  public static func validatePath(_ path: String) throws(GitHubError) {
    _ = try Endpoint.apiPath(path)
  }
}
