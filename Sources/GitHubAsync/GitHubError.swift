import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Everything that can go wrong with a GitHub request, as one typed error.
///
/// The async calls throw it directly (`throws(GitHubError)`); the Rx calls send it as their
/// error event. No case, description or debug description ever contains the token.
///
/// ```swift
/// do {
///   let repository = try await client.repository(owner: "apple", name: "swift")
/// } catch .notFound {
///   showMissing()
/// } catch .rateLimited(let limit) {
///   retry(after: limit.retryDate)
/// } catch {
///   show(error.description)
/// }
/// ```
public enum GitHubError: Error, Sendable, Hashable, CustomStringConvertible,
  CustomDebugStringConvertible
{
  /// 404: the resource does not exist, or the token may not see it.
  case notFound(GitHubMessage)
  /// 401: the token is missing where required, wrong, or expired (`Bad credentials`).
  case unauthorized(GitHubMessage)
  /// 403 without rate-limit signs: the token lacks permission.
  case forbidden(GitHubMessage)
  /// 403 or 429 because of a primary or secondary rate limit.
  case rateLimited(RateLimitExceeded)
  /// 422: GitHub rejected the request's parameters, such as a search past the 1,000th result.
  case validationFailed(ValidationFailure)
  /// 5xx: GitHub failed.
  case serverError(GitHubMessage)
  /// A 3xx response that was not followed: a redirect without a `Location`, to a scheme other
  /// than HTTP(S), or from HTTPS to plain HTTP. Ordinary 301, 302 and 307 redirects of `GET`
  /// requests are followed and never produce this error.
  case redirect(status: Int, location: String?)
  /// The response arrived but its body is not the JSON that was expected.
  case decodingFailed(DecodingFailure)
  /// The request did not complete: no connection, a timeout (`URLError.Code.timedOut`), a
  /// connection closed in the middle of the body, and so on.
  case transport(URLError)
  /// An argument was rejected before any request was made: a name that cannot be one path
  /// segment (empty, `.`, `..`, containing `/` or a control character, or over 255 bytes in
  /// UTF-8), an empty search query, a page size outside 1–100, a page below 1, an unusable
  /// base URL or a token that cannot go into a header.
  ///
  /// Names are not checked against GitHub's naming rules: `dependabot[bot]`, `a--b` or
  /// `octocat-` are percent-encoded and sent, and a name no account has is
  /// ``GitHubError/notFound(_:)``.
  case invalidInput(InvalidInput)
  /// The request was cancelled: the calling `Task` was cancelled.
  ///
  /// On Linux, swift-corelibs-foundation reports a cancelled request as
  /// `URLError(.cancelled)`; the client maps that, and a cancellation noticed before the
  /// request started, to this case.
  case cancelled
  /// Any other status the client does not expect, such as 409 or 410, or a 304 with no cached
  /// response to reuse.
  case unexpectedStatus(GitHubMessage)

  /// The HTTP status behind the error, if a response arrived.
  public var status: Int? {
    switch self {
    case .notFound(let message), .unauthorized(let message), .forbidden(let message),
      .serverError(let message), .unexpectedStatus(let message):
      message.status
    case .rateLimited(let limit): limit.status
    case .validationFailed(let failure): failure.status
    case .redirect(let status, _): status
    case .decodingFailed(let failure): failure.status
    case .transport, .invalidInput, .cancelled: nil
    }
  }

  /// A one-line description, without the token.
  public var description: String {
    switch self {
    case .notFound(let message): "not found (\(message))"
    case .unauthorized(let message): "unauthorized (\(message))"
    case .forbidden(let message): "forbidden (\(message))"
    case .rateLimited(let limit): "rate limited (\(limit))"
    case .validationFailed(let failure): "validation failed (\(failure))"
    case .serverError(let message): "server error (\(message))"
    case .redirect(let status, let location):
      "redirect not followed (HTTP \(status), Location: \(location ?? "none"))"
    case .decodingFailed(let failure): "decoding failed (\(failure))"
    case .transport(let error): "transport error (URLError \(error.code.rawValue))"
    case .invalidInput(let input): "invalid input (\(input))"
    case .cancelled: "cancelled"
    case .unexpectedStatus(let message): "unexpected status (\(message))"
    }
  }

  /// The same as ``description``.
  public var debugDescription: String { "GitHubError: " + description }
}

/// The status and the `message` GitHub sent with an error response.
public struct GitHubMessage: Sendable, Hashable, CustomStringConvertible {
  /// The HTTP status.
  public var status: Int
  /// GitHub's `message`, such as `Not Found`; `nil` if the body had none.
  public var message: String?
  /// GitHub's `documentation_url`, if any.
  public var documentationURL: String?

  /// Creates a message.
  ///
  /// - Parameters:
  ///   - status: The HTTP status.
  ///   - message: The message.
  ///   - documentationURL: The documentation link.
  public init(status: Int, message: String? = nil, documentationURL: String? = nil) {
    self.status = status
    self.message = message
    self.documentationURL = documentationURL
  }

  /// `HTTP 404: Not Found`.
  public var description: String {
    "HTTP \(status)" + (message.map { ": \($0)" } ?? "")
  }
}

/// A rate limit that stopped a request, with when to try again.
public struct RateLimitExceeded: Sendable, Hashable, CustomStringConvertible {
  /// Which of GitHub's limits was hit.
  public enum Kind: Sendable, Hashable {
    /// The hourly request budget (`x-ratelimit-remaining` reached 0).
    case primary
    /// A secondary limit on bursts or concurrency (`Retry-After`, or a message saying so).
    case secondary
  }

  /// Which limit was hit.
  public var kind: Kind
  /// The HTTP status, 403 or 429.
  public var status: Int
  /// GitHub's message.
  public var message: String?
  /// The seconds to wait, from `Retry-After`.
  ///
  /// For a secondary limit without the header this is 60, the minimum GitHub's documentation
  /// asks for.
  public var retryAfter: Duration?
  /// When the primary limit resets, from `x-ratelimit-reset`.
  public var resetDate: Date?
  /// The rate-limit headers of the response.
  public var rateLimit: RateLimit?

  /// Creates a description of an exceeded limit.
  ///
  /// - Parameters:
  ///   - kind: Which limit.
  ///   - status: The HTTP status.
  ///   - message: GitHub's message.
  ///   - retryAfter: The wait from `Retry-After`.
  ///   - resetDate: The reset time.
  ///   - rateLimit: The rate-limit headers.
  public init(
    kind: Kind, status: Int, message: String? = nil, retryAfter: Duration? = nil,
    resetDate: Date? = nil, rateLimit: RateLimit? = nil
  ) {
    self.kind = kind
    self.status = status
    self.message = message
    self.retryAfter = retryAfter
    self.resetDate = resetDate
    self.rateLimit = rateLimit
  }

  /// The earliest time to try again, measured from `now`.
  ///
  /// - Parameter now: The time the response arrived; the current time by default.
  /// - Returns: `now + retryAfter` when there is a `Retry-After`, else the reset time, else
  ///   `nil`.
  public func retryDate(from now: Date = Date()) -> Date? {
    if let retryAfter {
      let (seconds, attoseconds) = retryAfter.components
      return now.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
    }
    return resetDate
  }

  /// The time from `now` until ``resetDate``, rounded up to whole milliseconds: zero once it
  /// has passed, `nil` without a reset date.
  ///
  /// A reset date far in the future (a server may send any number) is clamped to 10¹² seconds
  /// before converting, so it cannot overflow; it still exceeds any bound a caller sets.
  func durationUntilReset(from now: Date) -> Duration? {
    guard let resetDate else { return nil }
    let seconds = min(resetDate.timeIntervalSince(now), 1e12)
    guard seconds.isFinite else { return nil }
    return seconds > 0 ? .milliseconds(Int64((seconds * 1000).rounded(.up))) : .zero
  }

  /// `primary, HTTP 403, resets at …` or `secondary, HTTP 429, retry after 60 seconds`.
  public var description: String {
    var text = (kind == .primary ? "primary" : "secondary") + ", HTTP \(status)"
    if let retryAfter { text += ", retry after \(retryAfter)" }
    if let resetDate { text += ", resets at \(resetDate.timeIntervalSince1970)" }
    return text
  }
}

/// GitHub's 422 body: a message and the fields it rejected.
public struct ValidationFailure: Sendable, Hashable, CustomStringConvertible {
  /// One rejected field, from `errors[]`.
  public struct FieldError: Sendable, Hashable, Decodable {
    /// The kind of resource, such as `Label` or `Search`.
    public var resource: String?
    /// The field, such as `color` or `q`.
    public var field: String?
    /// The reason code, such as `invalid`, `missing` or `already_exists`.
    public var code: String?
    /// A human-readable message, for `custom` codes.
    public var message: String?

    /// Creates a field error.
    ///
    /// - Parameters:
    ///   - resource: The resource.
    ///   - field: The field.
    ///   - code: The code.
    ///   - message: The message.
    public init(
      resource: String? = nil, field: String? = nil, code: String? = nil, message: String? = nil
    ) {
      self.resource = resource
      self.field = field
      self.code = code
      self.message = message
    }
  }

  /// The HTTP status, 422.
  public var status: Int
  /// GitHub's message, such as `Validation Failed`.
  public var message: String?
  /// The rejected fields; empty when GitHub sent none.
  public var errors: [FieldError]
  /// GitHub's `documentation_url`.
  public var documentationURL: String?

  /// Creates a validation failure.
  ///
  /// - Parameters:
  ///   - status: The HTTP status.
  ///   - message: The message.
  ///   - errors: The rejected fields.
  ///   - documentationURL: The documentation link.
  public init(
    status: Int = 422, message: String?, errors: [FieldError] = [], documentationURL: String? = nil
  ) {
    self.status = status
    self.message = message
    self.errors = errors
    self.documentationURL = documentationURL
  }

  /// The message and each field error as `resource.field: code`.
  public var description: String {
    let fields = errors.map { error in
      [error.resource, error.field].compactMap { $0 }.joined(separator: ".") + ": "
        + (error.code ?? error.message ?? "?")
    }
    return ([message ?? "HTTP \(status)"] + fields).joined(separator: "; ")
  }
}

/// A response body that could not be decoded.
public struct DecodingFailure: Sendable, Hashable, CustomStringConvertible {
  /// The HTTP status of the response.
  public var status: Int
  /// The first bytes of the body (at most 200), as text.
  public var bodyPrefix: String
  /// What the decoder reported, such as a missing key and its path.
  public var reason: String

  /// Creates a decoding failure.
  ///
  /// - Parameters:
  ///   - status: The HTTP status.
  ///   - bodyPrefix: The start of the body.
  ///   - reason: The decoder's complaint.
  public init(status: Int, bodyPrefix: String, reason: String) {
    self.status = status
    self.bodyPrefix = bodyPrefix
    self.reason = reason
  }

  /// `HTTP 200, <reason>, body: <prefix>`.
  public var description: String {
    "HTTP \(status), \(reason), body: \(bodyPrefix.debugDescription)"
  }
}

/// An argument the client refused to send.
public struct InvalidInput: Sendable, Hashable, CustomStringConvertible {
  /// The parameter, such as `owner`, `name`, `username`, `query` or `perPage`.
  public var parameter: String
  /// Why it was rejected, such as `must not contain '/'`; never the rejected value itself.
  public var reason: String

  /// Creates an invalid-input description.
  ///
  /// - Parameters:
  ///   - parameter: The parameter name.
  ///   - reason: Why it was rejected.
  public init(parameter: String, reason: String) {
    self.parameter = parameter
    self.reason = reason
  }

  /// `owner: <reason>`.
  public var description: String { "\(parameter): \(reason)" }
}
