import Foundation
import ObservableCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// RxCocoa's `URLSession.rx` requests: `response(request:)`, `data(request:)` and the JSON
/// forms.
///
/// Every `NSObject`, `URLSession` included, is `ReactiveCompatible` (see ObservableCore), so
/// these are reached as `URLSession.shared.rx.data(request: request)`.
///
/// The sequences are cold: calling a method sends nothing; each subscription starts its own
/// data task, and disposing the subscription cancels that task. Events arrive on the session's
/// delegate queue; to drive user interface state, turn the sequence into a `Driver` (for
/// example with `asDriver(onErrorJustReturn:)`), which delivers on the main scheduler.
///
/// Unlike RxCocoa, nothing is logged: RxCocoa prints a `curl` command and the outcome of each
/// request in debug builds (`Logging.URLRequests`); here, add `debug()` to a sequence to see
/// its events.
extension Reactive where Base: URLSession {
  /// A sequence of the HTTP response and body of `request`: one element, then completion.
  ///
  /// ```swift
  /// URLSession.shared.rx.response(request: URLRequest(url: url))
  ///   .subscribe(onNext: { response, data in
  ///     print(response.statusCode, data.count)
  ///   })
  /// ```
  ///
  /// Every status is delivered, `404` and `500` included; use ``data(request:)`` to fail on a
  /// status outside `200..<300`. Each subscription sends the request again.
  ///
  /// **Cancellation:** the data task starts when the sequence is subscribed to, not when this
  /// method is called, and disposing the subscription before the answer arrives cancels the
  /// task, which closes its connection; the observer then receives nothing more, not even the
  /// `cancelled` error.
  ///
  /// - Parameter request: The request to send.
  /// - Returns: A sequence of one `(response, data)` pair. It fails with the session's error
  ///   (such as a `URLError` for a refused connection or a timeout), with
  ///   ``RxCocoaURLError/nonHTTPResponse(response:)`` if the response is not an HTTP response,
  ///   or with ``RxCocoaURLError/unknown`` if the session reports neither a response nor an
  ///   error.
  public func response(request: URLRequest) -> Observable<(response: HTTPURLResponse, data: Data)> {
    let session: URLSession = base
    return Observable.create { observer in
      let task = session.dataTask(with: request) { data, response, error in
        // A cancelled task calls back with `cancelled`; by then the subscription is disposed
        // and the observer drops the event.
        if let error {
          observer.onError(error)
          return
        }
        guard let response else {
          observer.onError(RxCocoaURLError.unknown)
          return
        }
        guard let httpResponse = response as? HTTPURLResponse else {
          observer.onError(RxCocoaURLError.nonHTTPResponse(response: response))
          return
        }
        // Foundation hands over empty `Data` for an empty body; `nil` is read the same way.
        observer.onNext((response: httpResponse, data: data ?? Data()))
        observer.onCompleted()
      }
      task.resume()
      return Disposables.create { task.cancel() }
    }
  }

  /// A sequence of the body of `request`, failing unless the HTTP status is in `200..<300`.
  ///
  /// ```swift
  /// URLSession.shared.rx.data(request: URLRequest(url: url))
  ///   .subscribe(onNext: { data in print(data.count) })
  /// ```
  ///
  /// Each subscription sends the request again.
  ///
  /// **Cancellation:** the data task starts when the sequence is subscribed to, and disposing
  /// the subscription before the answer arrives cancels the task and closes its connection;
  /// the observer then receives nothing more.
  ///
  /// - Parameter request: The request to send.
  /// - Returns: A sequence of one body. Besides the errors of ``response(request:)``, it fails
  ///   with ``RxCocoaURLError/httpRequestFailed(response:data:)``, carrying the response and
  ///   its body, when the status is outside `200..<300`.
  public func data(request: URLRequest) -> Observable<Data> {
    response(request: request).map { response, data in
      guard (200..<300).contains(response.statusCode) else {
        throw RxCocoaURLError.httpRequestFailed(response: response, data: data)
      }
      return data
    }
  }

  /// A sequence of the JSON body of `request`, as a `JSONValue` (ObservableCore).
  ///
  /// RxCocoa's `json(request:options:)` delivers `Any` from `JSONSerialization`, which code
  /// casts with `as? [String: Any]`; `Any` is not `Sendable`, so here the document is a
  /// `JSONValue` to switch over or subscript, and there is no `options:` parameter (top-level
  /// strings, numbers and `null` are accepted, as with `.fragmentsAllowed`). To decode a model
  /// type instead, use ``json(_:request:decoder:)``.
  ///
  /// ```swift
  /// URLSession.shared.rx.json(request: URLRequest(url: url))
  ///   .map { json in json["full_name"]?.stringValue ?? "" }
  /// ```
  ///
  /// **Cancellation:** the data task starts when the sequence is subscribed to, and disposing
  /// the subscription before the answer arrives cancels the task and closes its connection;
  /// the observer then receives nothing more.
  ///
  /// - Parameter request: The request to send.
  /// - Returns: A sequence of one JSON document. Besides the errors of ``data(request:)``, it
  ///   fails with ``RxCocoaURLError/deserializationError(error:)`` if the body is not JSON.
  public func json(request: URLRequest) -> Observable<JSONValue> {
    json(JSONValue.self, request: request)
  }

  /// A sequence of the JSON body of a `GET` request for `url`, as a `JSONValue`.
  ///
  /// RxCocoa's `json(url:)` delivers `Any`; see ``json(request:)`` for the difference.
  ///
  /// **Cancellation:** the data task starts when the sequence is subscribed to, and disposing
  /// the subscription before the answer arrives cancels the task and closes its connection;
  /// the observer then receives nothing more.
  ///
  /// - Parameter url: The URL to get.
  /// - Returns: A sequence of one JSON document, failing as ``json(request:)`` does.
  public func json(url: URL) -> Observable<JSONValue> {
    json(request: URLRequest(url: url))
  }

  /// A sequence of the JSON body of `request`, decoded as `type`.
  ///
  /// This has no RxCocoa counterpart: where RxCocoa code casts the `Any` of
  /// `json(request:)`, it decodes a `Decodable` model with `decoder`.
  ///
  /// ```swift
  /// struct Repository: Decodable, Sendable { let fullName: String }
  /// let decoder = JSONDecoder()
  /// decoder.keyDecodingStrategy = .convertFromSnakeCase
  /// URLSession.shared.rx.json(Repository.self, request: request, decoder: decoder)
  /// ```
  ///
  /// **Cancellation:** the data task starts when the sequence is subscribed to, and disposing
  /// the subscription before the answer arrives cancels the task and closes its connection;
  /// the observer then receives nothing more.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - request: The request to send.
  ///   - decoder: The decoder; a new `JSONDecoder` by default. Do not change its settings
  ///     after passing it, since requests in flight use it.
  /// - Returns: A sequence of one decoded value. Besides the errors of ``data(request:)``, it
  ///   fails with ``RxCocoaURLError/deserializationError(error:)``, carrying the
  ///   `DecodingError`, if the body does not decode.
  public func json<Value: Decodable & Sendable>(
    _ type: Value.Type, request: URLRequest, decoder: JSONDecoder = JSONDecoder()
  ) -> Observable<Value> {
    data(request: request).map { data in
      do {
        return try decoder.decode(Value.self, from: data)
      } catch {
        throw RxCocoaURLError.deserializationError(error: error)
      }
    }
  }

  /// A sequence of the JSON body of a `GET` request for `url`, decoded as `type`.
  ///
  /// **Cancellation:** the data task starts when the sequence is subscribed to, and disposing
  /// the subscription before the answer arrives cancels the task and closes its connection;
  /// the observer then receives nothing more.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - url: The URL to get.
  ///   - decoder: The decoder; a new `JSONDecoder` by default.
  /// - Returns: A sequence of one decoded value, failing as ``json(_:request:decoder:)`` does.
  public func json<Value: Decodable & Sendable>(
    _ type: Value.Type, url: URL, decoder: JSONDecoder = JSONDecoder()
  ) -> Observable<Value> {
    json(type, request: URLRequest(url: url), decoder: decoder)
  }
}
