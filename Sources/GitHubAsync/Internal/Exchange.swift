import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A request ready to send, with the cached response it revalidates.
struct PreparedRequest: Sendable {
  var request: URLRequest
  var cacheKey: String
  var cached: CachedResponse?
}

/// A successful response, reduced to what the calls need.
struct Exchange: Sendable {
  var status: Int
  var body: Data
  /// The body came from the cache after a 304.
  var isNotModified: Bool
  var link: String?
  var pollInterval: Int?
  var etag: String?
  var rateLimit: RateLimit?

  /// The `rel="next"` target of the `Link` header, as a URL.
  var nextPage: URL? {
    link.flatMap { LinkHeader($0).target(for: "next") }.flatMap {
      URL(strictString: $0)
    }
  }
}

/// The body of a GitHub error response.
private struct ErrorBody: Decodable {
  var message: String?
  var documentationURL: String?
  var errors: [ValidationFailure.FieldError]?

  private enum CodingKeys: String, CodingKey {
    case message, errors
    case documentationURL = "documentation_url"
  }

  /// An `errors[]` element: an object, or (in older responses) a plain string.
  private struct LenientFieldError: Decodable {
    var value: ValidationFailure.FieldError

    init(from decoder: any Decoder) throws {
      if let text = try? decoder.singleValueContainer().decode(String.self) {
        value = ValidationFailure.FieldError(message: text)
      } else {
        value = try ValidationFailure.FieldError(from: decoder)
      }
    }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    message = try? container.decodeIfPresent(String.self, forKey: .message)
    documentationURL = try? container.decodeIfPresent(String.self, forKey: .documentationURL)
    errors = (try? container.decodeIfPresent([LenientFieldError].self, forKey: .errors))?
      .map(\.value)
  }
}

extension GitHubClient {
  /// Builds the request for `url`: headers, token, timeout and conditional headers.
  func prepare(_ url: URL) throws(GitHubError) -> PreparedRequest {
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    request.cachePolicy = .reloadIgnoringLocalCacheData
    request.timeoutInterval = Self.sessionTimeout(configuration.timeout)
    request.setValue("application/vnd.github+json", forHTTPHeaderField: "Accept")
    request.setValue(configuration.apiVersion, forHTTPHeaderField: "X-GitHub-Api-Version")
    request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
    if let token = configuration.token {
      guard token.isWellFormed else {
        throw .invalidInput(
          InvalidInput(
            parameter: "token", reason: "must be visible ASCII characters without spaces"))
      }
      request.setValue("Bearer " + token.value, forHTTPHeaderField: "Authorization")
    }
    let key = url.absoluteString
    let cached = configuration.cache.cachedResponse(for: key)
    if let etag = cached?.etag {
      request.setValue(etag, forHTTPHeaderField: "If-None-Match")
    }
    if let lastModified = cached?.lastModified {
      request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
    }
    return PreparedRequest(request: request, cacheKey: key, cached: cached)
  }

  /// The timeout URLSession is given.
  ///
  /// swift-corelibs-foundation truncates timeouts to whole seconds, so on Linux the value is
  /// rounded up to at least one second.
  static func sessionTimeout(_ timeout: Duration) -> TimeInterval {
    let (seconds, attoseconds) = timeout.components
    let interval = Double(seconds) + Double(attoseconds) / 1e18
    #if canImport(FoundationNetworking)
      return max(1, interval.rounded(.up))
    #else
      return max(0.001, interval)
    #endif
  }

  /// Turns what URLSession delivered into an exchange or a typed error.
  ///
  /// Records the rate limit and updates the cache on the way.
  func complete(
    _ prepared: PreparedRequest, data: Data?, response: URLResponse?, error: (any Error)?
  ) -> Result<Exchange, GitHubError> {
    if let error { return .failure(Self.map(error)) }
    guard let http = response as? HTTPURLResponse else {
      return .failure(.transport(URLError(.badServerResponse)))
    }
    // Linux rewrites header-name case in allHeaderFields (ETag becomes Etag);
    // value(forHTTPHeaderField:) looks names up without regard to case everywhere.
    let header = { (name: String) in http.value(forHTTPHeaderField: name) }
    let rateLimit = RateLimit(header: header)
    if let rateLimit { recordRateLimit(rateLimit) }
    let body = data ?? Data()
    let pollInterval = header("X-Poll-Interval").flatMap {
      Int($0.trimmingCharacters(in: .whitespaces))
    }
    let status = http.statusCode

    switch status {
    case 200..<300:
      let etag = header("ETag")
      let lastModified = header("Last-Modified")
      if etag != nil || lastModified != nil {
        configuration.cache.store(
          CachedResponse(
            etag: etag, lastModified: lastModified, body: body, pollInterval: pollInterval),
          for: prepared.cacheKey)
      }
      return .success(
        Exchange(
          status: status, body: body, isNotModified: false, link: header("Link"),
          pollInterval: pollInterval, etag: etag, rateLimit: rateLimit))
    case 304:
      guard let cached = prepared.cached else {
        return .failure(
          .unexpectedStatus(GitHubMessage(status: 304, message: "Not Modified without a cache")))
      }
      return .success(
        Exchange(
          status: status, body: cached.body, isNotModified: true, link: header("Link"),
          pollInterval: pollInterval ?? cached.pollInterval, etag: header("ETag") ?? cached.etag,
          rateLimit: rateLimit))
    default:
      return .failure(classify(status: status, body: body, header: header, rateLimit: rateLimit))
    }
  }

  /// Maps a URLSession error: cancellation to ``GitHubError/cancelled``, everything else to
  /// ``GitHubError/transport(_:)``.
  static func map(_ error: any Error) -> GitHubError {
    if error is CancellationError { return .cancelled }
    let urlError: URLError
    if let direct = error as? URLError {
      urlError = direct
    } else {
      let bridged = error as NSError
      #if canImport(FoundationNetworking)
        let code = URLError.Code(rawValue: bridged.code) ?? .unknown
      #else
        let code = URLError.Code(rawValue: bridged.code)
      #endif
      urlError =
        bridged.domain == NSURLErrorDomain
        ? URLError(code, userInfo: bridged.userInfo) : URLError(.unknown)
    }
    return urlError.code == .cancelled ? .cancelled : .transport(urlError)
  }

  /// Chooses the error for a non-success status, by the status, the headers and the message.
  private func classify(
    status: Int, body: Data, header: (String) -> String?, rateLimit: RateLimit?
  ) -> GitHubError {
    // Everything quoted from the body is redacted: a server (or a proxy) may echo the token.
    let parsed = try? JSONDecoder().decode(ErrorBody.self, from: body)
    let documentationURL = parsed?.documentationURL.map(redacting)
    let message = GitHubMessage(
      status: status, message: parsed?.message.map(redacting), documentationURL: documentationURL)
    switch status {
    case 300..<400:
      return .redirect(status: status, location: header("Location").map(redacting))
    case 401:
      return .unauthorized(message)
    case 403, 429:
      if let exceeded = Self.rateLimitExceeded(
        status: status, message: message.message, header: header, rateLimit: rateLimit)
      {
        return .rateLimited(exceeded)
      }
      if status == 429 {
        return .rateLimited(
          RateLimitExceeded(
            kind: .secondary, status: status, message: message.message,
            retryAfter: .seconds(60), resetDate: rateLimit?.reset, rateLimit: rateLimit))
      }
      return .forbidden(message)
    case 404:
      return .notFound(message)
    case 422:
      return .validationFailed(
        ValidationFailure(
          status: status, message: message.message,
          errors: (parsed?.errors ?? []).map(redacting), documentationURL: documentationURL))
    case 500..<600:
      return .serverError(message)
    default:
      return .unexpectedStatus(message)
    }
  }

  /// Recognises a rate limit in a 403 or 429.
  ///
  /// `Retry-After` means a secondary limit; `x-ratelimit-remaining: 0` means the primary
  /// limit; without either header, GitHub's message decides. Anything else is not a rate
  /// limit.
  static func rateLimitExceeded(
    status: Int, message: String?, header: (String) -> String?, rateLimit: RateLimit?
  ) -> RateLimitExceeded? {
    let text = message?.lowercased() ?? ""
    if let retryAfter = header("Retry-After").flatMap({
      Int($0.trimmingCharacters(in: .whitespaces))
    }), retryAfter >= 0 {
      return RateLimitExceeded(
        kind: .secondary, status: status, message: message, retryAfter: .seconds(retryAfter),
        resetDate: rateLimit?.reset, rateLimit: rateLimit)
    }
    if rateLimit?.remaining == 0 {
      return RateLimitExceeded(
        kind: .primary, status: status, message: message, resetDate: rateLimit?.reset,
        rateLimit: rateLimit)
    }
    if text.contains("secondary rate limit") || text.contains("abuse detection") {
      return RateLimitExceeded(
        kind: .secondary, status: status, message: message, retryAfter: .seconds(60),
        resetDate: rateLimit?.reset, rateLimit: rateLimit)
    }
    if text.contains("rate limit exceeded") {
      return RateLimitExceeded(
        kind: .primary, status: status, message: message, resetDate: rateLimit?.reset,
        rateLimit: rateLimit)
    }
    return nil
  }

  /// Decodes a body, or fails with the status and the start of the body.
  func decode<T: Decodable>(
    _ type: T.Type, from exchange: Exchange, itemsKey: String? = nil
  ) throws(GitHubError) -> T {
    do {
      let decoder = GitHubJSON.decoder()
      if let itemsKey, let key = ItemsKey.userInfoKey { decoder.userInfo[key] = itemsKey }
      return try decoder.decode(type, from: exchange.body)
    } catch {
      let prefix = String(decoding: exchange.body.prefix(200), as: UTF8.self)
      throw .decodingFailed(
        DecodingFailure(
          status: exchange.status, bodyPrefix: redacting(prefix), reason: Self.reason(for: error)))
    }
  }

  /// Redacts every text field of a validation error.
  private func redacting(_ error: ValidationFailure.FieldError) -> ValidationFailure.FieldError {
    ValidationFailure.FieldError(
      resource: error.resource.map(redacting), field: error.field.map(redacting),
      code: error.code.map(redacting), message: error.message.map(redacting))
  }

  /// Replaces the token, wherever it appears in `text`, with `<redacted>`.
  func redacting(_ text: String) -> String {
    guard let token = configuration.token?.value, !token.isEmpty else { return text }
    return text.replacingOccurrences(of: token, with: "<redacted>")
  }

  private static func reason(for error: any Error) -> String {
    if let notFound = error as? ItemsListNotFound { return notFound.reason }
    guard let decodingError = error as? DecodingError else { return "invalid JSON" }
    func path(_ keys: [any CodingKey]) -> String {
      keys.isEmpty
        ? "the top level"
        : keys.map { $0.intValue.map(String.init) ?? $0.stringValue }
          .joined(separator: ".")
    }
    switch decodingError {
    case .keyNotFound(let key, let context):
      return "missing key '\(key.stringValue)' at \(path(context.codingPath))"
    case .typeMismatch(let type, let context):
      return "expected \(type) at \(path(context.codingPath))"
    case .valueNotFound(let type, let context):
      return "null where \(type) was expected at \(path(context.codingPath))"
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty
        ? "invalid JSON" : "invalid value at \(path(context.codingPath))"
    @unknown default:
      return "invalid JSON"
    }
  }
}
