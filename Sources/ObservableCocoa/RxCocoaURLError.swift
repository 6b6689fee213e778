import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The errors of the `URLSession.rx` requests, with RxCocoa's name and cases.
///
/// Transport failures are not wrapped: a refused connection, a timeout or a lost connection
/// fails the sequence with the session's own `URLError`, as in RxCocoa.
///
/// ```swift
/// session.rx.data(request: request)
///   .subscribe(onError: { error in
///     if case RxCocoaURLError.httpRequestFailed(let response, _) = error {
///       showStatus(response.statusCode)
///     }
///   })
/// ```
public enum RxCocoaURLError: Error, Sendable {
  /// The session reported neither an error nor a response.
  case unknown
  /// The response was not an HTTP response (for example a `file:` or `data:` URL).
  case nonHTTPResponse(response: URLResponse)
  /// The HTTP status was outside `200..<300`. `data` is the response body, which is never
  /// `nil` when this module reports the error; it is optional to match RxCocoa.
  case httpRequestFailed(response: HTTPURLResponse, data: Data?)
  /// The body could not be decoded; `error` is the decoder's error.
  case deserializationError(error: any Error)
}

extension RxCocoaURLError: CustomStringConvertible, CustomDebugStringConvertible {
  /// A description of the error for logs.
  ///
  /// It gives the status and URL of a failed request, the type and URL of a non-HTTP response,
  /// or the decoder's error, and never includes the response body.
  public var description: String {
    switch self {
    case .unknown:
      return "The URL session reported neither a response nor an error."
    case .nonHTTPResponse(let response):
      let url = response.url?.absoluteString ?? "no URL"
      return "The response is not an HTTP response (\(type(of: response)), \(url))."
    case .httpRequestFailed(let response, let data):
      let url = response.url?.absoluteString ?? "no URL"
      let size = data.map { ", \($0.count) bytes of body" } ?? ""
      return "HTTP request failed with status \(response.statusCode) (\(url)\(size))."
    case .deserializationError(let error):
      return "The response could not be deserialized: \(error)"
    }
  }

  /// The same text as ``description``.
  public var debugDescription: String { description }
}
