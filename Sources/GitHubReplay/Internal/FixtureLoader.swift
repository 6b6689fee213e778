import Foundation

/// Reads nock definitions and VCR cassettes into ``ReplayInteraction`` values.
enum FixtureLoader {
  static func load(contentsOf url: URL, name: String) throws(ReplayServerError)
    -> [ReplayInteraction]
  {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw .fixtureNotFound(name)
    }
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      throw .malformedFixture(name, reason: "not JSON")
    }
    if let definitions = root as? [Any] {
      return try nockInteractions(definitions, name: name)
    }
    if let cassette = root as? [String: Any],
      let interactions = cassette["http_interactions"] as? [Any]
    {
      return try vcrInteractions(interactions, name: name)
    }
    throw .malformedFixture(name, reason: "neither nock definitions nor a VCR cassette")
  }

  // MARK: nock (octokit/fixtures)

  private static func nockInteractions(_ definitions: [Any], name: String)
    throws(ReplayServerError) -> [ReplayInteraction]
  {
    var result: [ReplayInteraction] = []
    for (position, entry) in definitions.enumerated() {
      guard let definition = entry as? [String: Any],
        let method = definition["method"] as? String,
        let target = definition["path"] as? String,
        let status = definition["status"] as? Int
      else {
        throw .malformedFixture(name, reason: "entry \(position) lacks method, path or status")
      }
      let requestHeaders = headerList(fromObject: definition["reqheaders"])
      if requestHeaders.value(named: "x-octokit-fixture-ignore") == "true" { continue }

      var headers: [ReplayHeader]
      if let raw = definition["rawHeaders"] as? [Any] {
        guard raw.count.isMultiple(of: 2) else {
          throw .malformedFixture(name, reason: "entry \(position) has odd rawHeaders")
        }
        headers = stride(from: 0, to: raw.count, by: 2).map {
          ReplayHeader(stringValue(raw[$0]), stringValue(raw[$0 + 1]))
        }
      } else {
        headers = headerList(fromObject: definition["headers"])
      }
      let body = try bodyData(definition["response"], name: name, position: position)
      if definition["responseIsBinary"] as? Bool == true {
        throw .malformedFixture(name, reason: "entry \(position) has a binary body")
      }
      headers.removeAll { $0.hasName("Content-Length") }
      result.append(
        ReplayInteraction(
          method: method, target: target, requestHeaders: requestHeaders,
          response: ReplayResponse(status: status, headers: headers, body: body)))
    }
    return result
  }

  private static func bodyData(_ value: Any?, name: String, position: Int)
    throws(ReplayServerError) -> Data
  {
    switch value {
    case nil, is NSNull:
      return Data()
    case let text as String:
      return Data(text.utf8)
    case let object?:
      do {
        return try JSONSerialization.data(
          withJSONObject: object, options: [.withoutEscapingSlashes, .fragmentsAllowed])
      } catch {
        throw .malformedFixture(name, reason: "entry \(position) has an unserialisable body")
      }
    }
  }

  // MARK: VCR (octokit.rb)

  private static func vcrInteractions(_ interactions: [Any], name: String)
    throws(ReplayServerError) -> [ReplayInteraction]
  {
    var result: [ReplayInteraction] = []
    for (position, entry) in interactions.enumerated() {
      guard let interaction = entry as? [String: Any],
        let request = interaction["request"] as? [String: Any],
        let response = interaction["response"] as? [String: Any],
        let method = request["method"] as? String,
        let uri = request["uri"] as? String,
        let status = (response["status"] as? [String: Any])?["code"] as? Int
      else {
        throw .malformedFixture(name, reason: "interaction \(position) is incomplete")
      }
      var headers = headerList(fromObject: response["headers"])
      headers.removeAll { $0.hasName("Content-Length") }
      let body = try vcrBody(response["body"], name: name, position: position)
      result.append(
        ReplayInteraction(
          method: method, target: originForm(of: uri),
          requestHeaders: headerList(fromObject: request["headers"]),
          response: ReplayResponse(status: status, headers: headers, body: body)))
    }
    return result
  }

  private static func vcrBody(_ value: Any?, name: String, position: Int)
    throws(ReplayServerError) -> Data
  {
    guard let body = value as? [String: Any] else { return Data() }
    if let encoded = body["base64_string"] as? String {
      guard let data = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters) else {
        throw .malformedFixture(name, reason: "interaction \(position) has invalid base64")
      }
      return data
    }
    if let text = body["string"] as? String { return Data(text.utf8) }
    return Data()
  }

  /// Drops the scheme and authority of an absolute URL, keeping the path and query as written.
  private static func originForm(of uri: String) -> String {
    guard let schemeEnd = uri.range(of: "://") else { return uri }
    let rest = uri[schemeEnd.upperBound...]
    guard let slash = rest.firstIndex(of: "/") else { return "/" }
    return String(rest[slash...])
  }

  // MARK: shared

  /// Header lines from a `{name: value}` or `{name: [values]}` object, one line per value.
  ///
  /// Key order in a JSON object is not preserved by `JSONSerialization`, so the lines are
  /// sorted by name to keep replays deterministic.
  private static func headerList(fromObject value: Any?) -> [ReplayHeader] {
    guard let object = value as? [String: Any] else { return [] }
    var headers: [ReplayHeader] = []
    for name in object.keys.sorted() {
      if let values = object[name] as? [Any] {
        headers += values.map { ReplayHeader(name, stringValue($0)) }
      } else if let value = object[name] {
        headers.append(ReplayHeader(name, stringValue(value)))
      }
    }
    return headers
  }

  private static func stringValue(_ value: Any) -> String {
    switch value {
    case let text as String: text
    case let number as NSNumber: number.stringValue
    default: "\(value)"
    }
  }
}
