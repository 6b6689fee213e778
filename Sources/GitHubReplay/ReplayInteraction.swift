import Foundation

/// One recorded (or written) request and its response, loaded from a fixture file.
public struct ReplayInteraction: Sendable, Hashable {
  /// The request method, upper-cased, such as `GET`.
  public var method: String
  /// The recorded request target: the path and the percent-encoded query.
  public var target: String
  /// The request headers the recording lists, such as `If-None-Match` for a `304`.
  public var requestHeaders: [ReplayHeader]
  /// The recorded response.
  public var response: ReplayResponse

  /// Creates an interaction.
  ///
  /// - Parameters:
  ///   - method: The request method.
  ///   - target: The request path and query.
  ///   - requestHeaders: The recorded request headers.
  ///   - response: The response.
  public init(
    method: String, target: String, requestHeaders: [ReplayHeader] = [], response: ReplayResponse
  ) {
    self.method = method.uppercased()
    self.target = target
    self.requestHeaders = requestHeaders
    self.response = response
  }

  /// The path part of ``target``, without the query.
  public var path: String {
    RecordedRequest(index: 0, method: method, target: target, headers: []).path
  }

  /// A route that answers this interaction's request with its response.
  ///
  /// The route matches the method and path, every query item of the recorded target, and the
  /// conditional request headers (`If-None-Match`, `If-Modified-Since`) the recording lists, so
  /// a recorded `304` is only served to a request that revalidates.
  ///
  /// - Parameter path: A different path to serve the response at; `nil` keeps the recorded one.
  /// - Returns: The route.
  public func route(at path: String? = nil) -> ReplayRoute {
    let recorded = RecordedRequest(index: 0, method: method, target: target, headers: [])
    var query: [String: String] = [:]
    if path == nil {
      for item in recorded.queryItems { query[item.name] = item.value ?? "" }
    }
    var headers: [String: String] = [:]
    for header in requestHeaders
    where header.hasName("If-None-Match") || header.hasName("If-Modified-Since") {
      headers[header.name] = header.value
    }
    return ReplayRoute(
      method: method, path: path ?? recorded.path, query: query, headers: headers,
      action: .respond(response))
  }
}

extension ReplayInteraction {
  /// Loads the interactions of a fixture file.
  ///
  /// Two formats are understood: octokit/fixtures' nock definitions (a JSON array; raw files
  /// with `rawHeaders`, normalized files with `headers`) and octokit.rb's VCR cassettes (an
  /// object with `http_interactions`, bodies as `string` or line-wrapped `base64_string`).
  /// Bodies stored as parsed JSON are serialised again, so `Content-Length` always describes
  /// the bytes sent.
  ///
  /// - Parameter url: The file.
  /// - Returns: The interactions, in recorded order, without recorder bookkeeping calls.
  /// - Throws: ``ReplayServerError/fixtureNotFound(_:)`` or
  ///   ``ReplayServerError/malformedFixture(_:reason:)``.
  public static func load(contentsOf url: URL) throws(ReplayServerError) -> [ReplayInteraction] {
    try FixtureLoader.load(contentsOf: url, name: url.path)
  }
}
