import Foundation

/// An HTTP response the replay server sends: a status, header lines and a body.
///
/// The server sets `Content-Length` and `Connection: close` itself, so any framing headers in
/// ``headers`` (`Content-Length`, `Transfer-Encoding`, `Connection`, `Keep-Alive`, the legacy
/// `Status` and `Content-Encoding`) are left out when the response is written. Absolute
/// `https://api.github.com` URLs in `Link` and `Location` headers and in the body are rewritten
/// to the server's own base URL.
public struct ReplayResponse: Sendable, Hashable {
  /// The status code, such as `200`.
  public var status: Int
  /// The header lines, in order, with repeated names kept.
  public var headers: [ReplayHeader]
  /// The body bytes, before URL rewriting.
  public var body: Data

  /// Creates a response.
  ///
  /// - Parameters:
  ///   - status: The status code.
  ///   - headers: The header lines.
  ///   - body: The body bytes.
  public init(status: Int, headers: [ReplayHeader] = [], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// Creates a response with a JSON body and `Content-Type: application/json; charset=utf-8`.
  ///
  /// ```swift
  /// let missing = ReplayResponse.json(status: 404, #"{"message":"Not Found"}"#)
  /// ```
  ///
  /// - Parameters:
  ///   - status: The status code.
  ///   - json: The body text; it is sent as given, valid JSON or not.
  ///   - headers: More header lines, sent after `Content-Type`.
  /// - Returns: The response.
  public static func json(
    status: Int = 200, _ json: String, headers: [ReplayHeader] = []
  ) -> ReplayResponse {
    ReplayResponse(
      status: status,
      headers: [ReplayHeader("Content-Type", "application/json; charset=utf-8")] + headers,
      body: Data(json.utf8))
  }

  /// The value of the first header named `name`, ignoring case.
  ///
  /// - Parameter name: The header name.
  /// - Returns: The value, or `nil`.
  public func header(_ name: String) -> String? {
    headers.value(named: name)
  }

  /// Returns a copy with the headers named `name` replaced by one line with `value`.
  ///
  /// - Parameters:
  ///   - name: The header name, matched ignoring case.
  ///   - value: The new value; `nil` removes the header.
  /// - Returns: The changed response.
  public func settingHeader(_ name: String, _ value: String?) -> ReplayResponse {
    var copy = self
    copy.headers.removeAll { $0.hasName(name) }
    if let value { copy.headers.append(ReplayHeader(name, value)) }
    return copy
  }

  /// The body decoded as UTF-8, with invalid bytes replaced.
  public var bodyText: String {
    String(decoding: body, as: UTF8.self)
  }
}

/// What the server does with a request that matched a route.
public enum ReplayAction: Sendable {
  /// Sends the response at once.
  case respond(ReplayResponse)
  /// Waits, then sends the response.
  ///
  /// If the client closes the connection during the wait, the server records the request in
  /// ``ReplayServer/abandonedRequests`` and sends nothing.
  case delay(Duration, ReplayResponse)
  /// Never answers. The connection stays open until the client closes it (recorded in
  /// ``ReplayServer/abandonedRequests``) or the server stops.
  case hang
  /// Closes the connection without sending anything.
  case dropConnection
  /// Sends the status line and headers with the full `Content-Length`, then only the first
  /// `bytes` bytes of the body, then closes the connection.
  case truncateBody(ReplayResponse, bytes: Int)
  /// Builds the response from the request. The closure runs on the connection's thread with no
  /// server lock held.
  case handler(@Sendable (RecordedRequest) -> ReplayResponse)
  /// Answers the requests that reach it one after another with the actions in order: the
  /// first request gets the first action, the second the second, and every request after the
  /// last action gets the last one again.
  ///
  /// The count is kept per route (and for the fallback), from the moment the route is added;
  /// ``ReplayServer/clearLogs()`` does not reset it. An empty sequence answers GitHub's 404,
  /// and a sequence inside a sequence is indexed by the same count.
  ///
  /// ```swift
  /// // A 502, then the recorded repository:
  /// server.stub(
  ///   ReplayScenario.GitHubPaths.repository,
  ///   .sequence([.respond(.json(status: 502, #"{"message":"Bad Gateway"}"#)), .respond(ok)]))
  /// ```
  case sequence([ReplayAction])
}

extension ReplayAction {
  /// The default answer for a request no route matches: GitHub's `404 Not Found` JSON body.
  public static let notFound = ReplayAction.respond(
    .json(
      status: 404,
      #"{"message":"Not Found","documentation_url":"https://docs.github.com/rest"}"#))
}
