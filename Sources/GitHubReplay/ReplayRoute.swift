import Foundation

/// A rule that tells the replay server how to answer matching requests.
///
/// A route matches when the method matches (ignoring case), the raw percent-encoded path is
/// equal, every query item in ``query`` is present with that decoded value, and every header in
/// ``headers`` is present with that exact value. Other query items and headers are ignored.
///
/// When several routes match, the one with the most query and header conditions wins; among
/// equally specific routes the one added last wins, so a test can override a scenario's route
/// by adding its own.
///
/// ```swift
/// server.add(ReplayRoute(path: "/repos/octocat/hello-world", action: .hang))
/// server.add(
///   ReplayRoute(path: "/search/repositories", query: ["page": "2"], action: .dropConnection))
/// ```
public struct ReplayRoute: Sendable {
  /// The method to match, such as `GET`.
  public var method: String
  /// The raw path to match, percent-encoded as on the wire, without the query.
  public var path: String
  /// Query items that must be present, by decoded name and value.
  public var query: [String: String]
  /// Headers that must be present, by name (ignoring case) and exact value.
  public var headers: [String: String]
  /// What to do with a matching request.
  public var action: ReplayAction

  /// Creates a route.
  ///
  /// - Parameters:
  ///   - method: The method to match.
  ///   - path: The raw path to match.
  ///   - query: Query items that must be present.
  ///   - headers: Headers that must be present.
  ///   - action: What to do with a matching request.
  public init(
    method: String = "GET", path: String, query: [String: String] = [:],
    headers: [String: String] = [:], action: ReplayAction
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
    self.action = action
  }

  /// How many conditions beyond method and path this route has.
  var specificity: Int { query.count + headers.count }

  /// Whether `request` satisfies this route.
  ///
  /// - Parameter request: The request.
  /// - Returns: `true` on a match.
  func matches(_ request: RecordedRequest) -> Bool {
    guard method.uppercased() == request.method.uppercased(), path == request.path else {
      return false
    }
    for (name, value) in query where request.queryValue(name) != value {
      return false
    }
    for (name, value) in headers {
      let received = request.headers.values(named: name).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      if !received.contains(value) { return false }
    }
    return true
  }
}
