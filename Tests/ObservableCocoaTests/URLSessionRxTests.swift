import Foundation
import GitHubReplay
import ObservableCocoa
import ObservableCore
import ObservableTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("URLSession.rx", .timeLimit(.minutes(1)))
struct URLSessionRxTests {
  private let repositoryPath = ReplayScenario.GitHubPaths.repository

  // MARK: Success

  @Test("response delivers the HTTP response and the body of a recorded fixture, then completes")
  func responseSucceeds() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let session = makeSession()
    defer { session.invalidateAndCancel() }
    let request = try makeRequest(server, repositoryPath)
    let (expected, _) = try await session.data(for: request)

    let outcome = await outcome(of: session.rx.response(request: request))

    #expect(outcome.completed)
    #expect(outcome.error == nil)
    try #require(outcome.elements.count == 1)
    let (response, data) = outcome.elements[0]
    expectEqual(response.statusCode, 200)
    expectEqual(response.value(forHTTPHeaderField: "ETag"), (try fixtureETag()))
    expectEqual(data, expected)
    #expect(!data.isEmpty)
  }

  @Test("response delivers a 404 or a 500 without failing")
  func responseDeliversErrorStatuses() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let session = makeSession()
    defer { session.invalidateAndCancel() }

    for (path, status) in errorStatuses {
      let outcome = await outcome(of: session.rx.response(request: try makeRequest(server, path)))
      #expect(outcome.completed)
      expectEqual(outcome.elements.map(\.response.statusCode), [status])
    }
  }

  @Test("data delivers the body of a recorded fixture")
  func dataSucceeds() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let session = makeSession()
    defer { session.invalidateAndCancel() }
    let request = try makeRequest(server, repositoryPath)
    let (expected, _) = try await session.data(for: request)

    let outcome = await outcome(of: session.rx.data(request: request))

    #expect(outcome.completed)
    expectEqual(outcome.elements, [expected])
  }

  @Test("json(request:) and json(url:) deliver the fixture as a JSONValue")
  func jsonValueSucceeds() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let session = makeSession()
    defer { session.invalidateAndCancel() }
    let request = try makeRequest(server, repositoryPath)

    let sources = [
      session.rx.json(request: request), session.rx.json(url: try #require(request.url)),
    ]
    for source in sources {
      let outcome = await outcome(of: source)
      #expect(outcome.completed)
      try #require(outcome.elements.count == 1)
      let json = outcome.elements[0]
      expectEqual(json["full_name"]?.stringValue, "octokit-fixture-org/hello-world")
      expectEqual(json["owner"]?["login"]?.stringValue, "octokit-fixture-org")
      expectEqual(json["id"]?.intValue, 103_703_892)
      expectEqual(json["private"]?.boolValue, false)
      expectEqual(json["url"]?.stringValue, server.baseURL.absoluteString + repositoryPath)
    }
  }

  @Test("json(_:request:decoder:) and json(_:url:decoder:) decode the fixture")
  func jsonDecodableSucceeds() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let session = makeSession()
    defer { session.invalidateAndCancel() }
    let request = try makeRequest(server, repositoryPath)
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase

    let sources = [
      session.rx.json(Repository.self, request: request, decoder: decoder),
      session.rx.json(Repository.self, url: try #require(request.url), decoder: decoder),
    ]
    for source in sources {
      let outcome = await outcome(of: source)
      #expect(outcome.completed)
      expectEqual(outcome.elements.map(\.fullName), ["octokit-fixture-org/hello-world"])
      expectEqual(outcome.elements.map(\.owner.login), ["octokit-fixture-org"])
    }
  }

  // MARK: HTTP errors

  @Test("data fails a 404 or a 500 with httpRequestFailed, carrying the response and body")
  func dataFailsErrorStatuses() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let session = makeSession()
    defer { session.invalidateAndCancel() }

    for (path, status) in errorStatuses {
      let request = try makeRequest(server, path)
      let (expected, _) = try await session.data(for: request)
      let outcome = await outcome(of: session.rx.data(request: request))

      #expect(outcome.elements.isEmpty)
      #expect(!outcome.completed)
      guard case .httpRequestFailed(let response, let data) = outcome.error as? RxCocoaURLError
      else {
        Issue.record(
          "expected httpRequestFailed for \(status), got \(String(describing: outcome.error))")
        continue
      }
      #expect(response.statusCode == status)
      #expect(data == expected)
      #expect(data.map { JSONValue.decode($0)?["message"]?.stringValue != nil } == true)
    }
  }

  @Test("the JSON forms fail an error status with httpRequestFailed, not deserializationError")
  func jsonFailsErrorStatuses() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let session = makeSession()
    defer { session.invalidateAndCancel() }
    let request = try makeRequest(server, ReplayScenario.GitHubPaths.serverError)

    let value = await outcome(of: session.rx.json(request: request))
    let decoded = await outcome(of: session.rx.json(Repository.self, request: request))

    for error in [value.error, decoded.error] {
      guard case .httpRequestFailed(let response, _) = error as? RxCocoaURLError else {
        Issue.record("expected httpRequestFailed, got \(String(describing: error))")
        continue
      }
      expectEqual(response.statusCode, 500)
    }
  }

  // MARK: Deserialization

  @Test("a body that is not JSON fails the JSON forms with deserializationError")
  func badJSON() async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub("/bad", .respond(.json(#"{"full_name": "truncated"#)))
    let session = makeSession()
    defer { session.invalidateAndCancel() }
    let request = try makeRequest(server, "/bad")

    let value = await outcome(of: session.rx.json(request: request))
    let decoded = await outcome(of: session.rx.json(Repository.self, request: request))

    for outcome in [value.error, decoded.error] {
      guard case .deserializationError = outcome as? RxCocoaURLError else {
        Issue.record("expected deserializationError, got \(String(describing: outcome))")
        continue
      }
    }
    #expect(value.elements.isEmpty && !value.completed)
    #expect(decoded.elements.isEmpty && !decoded.completed)
  }

  @Test("JSON of the wrong shape fails the Decodable form with the DecodingError inside")
  func wrongShape() async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub("/list", .respond(.json(#"[{"full_name": "a"}]"#)))
    let session = makeSession()
    defer { session.invalidateAndCancel() }
    let request = try makeRequest(server, "/list")

    let decoded = await outcome(of: session.rx.json(Repository.self, request: request))
    let value = await outcome(of: session.rx.json(request: request))

    guard case .deserializationError(let error) = decoded.error as? RxCocoaURLError else {
      Issue.record("expected deserializationError, got \(String(describing: decoded.error))")
      return
    }
    #expect(error is DecodingError)
    expectEqual(value.elements, [.array([.object(["full_name": .string("a")])])])
  }

  // MARK: Cold

  @Test("nothing is sent before subscription, and each subscription sends its own request")
  func cold() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let session = makeSession()
    defer { session.invalidateAndCancel() }
    let request = try makeRequest(server, repositoryPath)

    let sources: [Observable<Void>] = [
      session.rx.response(request: request).map { _ in },
      session.rx.data(request: request).map { _ in },
      session.rx.json(request: request).map { _ in },
      session.rx.json([String: JSONValue].self, request: request).map { _ in },
    ]
    // A task that had been created would be in the session until it completed, and a task that
    // completed would be in the server's log.
    #expect(await taskCount(session) == 0)
    #expect(server.requests.isEmpty)

    for (index, source) in sources.enumerated() {
      let first = await outcome(of: source)
      let second = await outcome(of: source)
      #expect(first.completed && second.completed)
      expectEqual(server.requests(path: repositoryPath).count, 2 * (index + 1))
    }
  }

  // MARK: Cancellation

  @Test("disposing while the server holds the answer closes the connection, and nothing follows")
  func disposeCancels() async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub("/slow", .hang)
    let session = makeSession()
    defer { session.invalidateAndCancel() }
    let events = Box<[String]>([])

    let subscription = session.rx.data(request: try makeRequest(server, "/slow"))
      .subscribe { event in events.append("\(event)") }
    #expect(await server.waitForRequests(count: 1))
    #expect(server.abandonedRequests.isEmpty)

    subscription.dispose()

    #expect(await server.waitForAbandonedRequests(count: 1))
    #expect(server.abandonedRequests.map(\.path) == ["/slow"])
    // The session calls the task's handler (with `cancelled`) before it forgets the task, so
    // once it has no task left, whatever the cancelled task delivers has been delivered.
    #expect(await waitUntil { await taskCount(session) == 0 })
    #expect(events.value.isEmpty)
  }

  // MARK: Transport errors

  @Test("a refused connection fails with the session's URLError, unwrapped")
  func connectionRefused() async throws {
    let stopped = try ReplayServer.start()
    let url = try makeRequest(stopped, "/anything")
    stopped.stop()
    let session = makeSession()
    defer { session.invalidateAndCancel() }

    let response = await outcome(of: session.rx.response(request: url))
    let data = await outcome(of: session.rx.data(request: url))

    for outcome in [response.error, data.error] {
      let error = try #require(outcome as? URLError)
      expectEqual(error.code, .cannotConnectToHost)
    }
    #expect(response.elements.isEmpty && data.elements.isEmpty)
  }

  @Test("a connection that closes mid-body fails with the session's error, not a partial body")
  func truncatedBody() async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub("/cut", .truncateBody(.json(#"{"message": "a long enough body"}"#), bytes: 5))
    let session = makeSession()
    defer { session.invalidateAndCancel() }

    let outcome = await outcome(of: session.rx.data(request: try makeRequest(server, "/cut")))

    #expect(outcome.elements.isEmpty)
    #expect(outcome.error is URLError)
  }

  @Test("a response that is not HTTP fails with nonHTTPResponse")
  func nonHTTPResponse() async throws {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [PlainResponseProtocol.self]
    let session = URLSession(configuration: configuration)
    defer { session.invalidateAndCancel() }
    let url = try #require(URL(string: "plain://host/file"))

    let outcome = await outcome(of: session.rx.data(request: URLRequest(url: url)))

    guard case .nonHTTPResponse(let response) = outcome.error as? RxCocoaURLError else {
      Issue.record("expected nonHTTPResponse, got \(String(describing: outcome.error))")
      return
    }
    expectEqual(response.url, url)
    #expect(!(response is HTTPURLResponse))
  }

  // MARK: Descriptions

  @Test("the errors describe themselves without the body")
  func descriptions() throws {
    let url = try #require(URL(string: "http://127.0.0.1:9/repos/x"))
    let response = try #require(
      HTTPURLResponse(url: url, statusCode: 404, httpVersion: "HTTP/1.1", headerFields: [:]))
    let failed = RxCocoaURLError.httpRequestFailed(response: response, data: Data("secret".utf8))

    expectEqual(
      failed.description,
      "HTTP request failed with status 404 (http://127.0.0.1:9/repos/x, 6 bytes of body).")
    expectEqual(failed.debugDescription, failed.description)
    #expect(!failed.description.contains("secret"))
    #expect(RxCocoaURLError.unknown.description.contains("neither a response nor an error"))
    let plain = URLResponse(
      url: url, mimeType: "text/plain", expectedContentLength: 0, textEncodingName: nil)
    #expect(
      RxCocoaURLError.nonHTTPResponse(response: plain).description.contains(url.absoluteString))
    let decoding = RxCocoaURLError.deserializationError(error: TestError(id: 7))
    #expect(decoding.description.contains("TestError(id: 7)"))
  }
}

// MARK: - Helpers

/// The paths of the GitHub scenario that answer error statuses, with their statuses.
private let errorStatuses = [
  (ReplayScenario.GitHubPaths.missingRepository, 404),
  (ReplayScenario.GitHubPaths.serverError, 500),
]

/// The parts of the recorded repository the Decodable tests read.
private struct Repository: Decodable, Sendable {
  struct Owner: Decodable, Sendable {
    let login: String
  }

  let fullName: String
  let owner: Owner
}

/// What one subscription received, once it terminated.
private struct Outcome<Element: Sendable>: Sendable {
  var elements: [Element] = []
  var error: (any Error)?
  var completed = false
}

/// Subscribes to `source` and waits for its terminal event.
private func outcome<Element: Sendable>(of source: Observable<Element>) async -> Outcome<Element> {
  let box = Box(Outcome<Element>())
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    _ = source.subscribe { event in
      let stopped = box.mutate { outcome -> Bool in
        switch event {
        case .next(let element):
          outcome.elements.append(element)
          return false
        case .error(let error):
          outcome.error = error
          return true
        case .completed:
          outcome.completed = true
          return true
        }
      }
      if stopped { continuation.resume() }
    }
  }
  return box.value
}

/// An ephemeral session without a cache, so every test sends its own requests.
private func makeSession() -> URLSession {
  let configuration = URLSessionConfiguration.ephemeral
  configuration.urlCache = nil
  configuration.timeoutIntervalForRequest = 60
  return URLSession(configuration: configuration)
}

/// A `GET` request for `path` on `server`.
private func makeRequest(_ server: ReplayServer, _ path: String) throws -> URLRequest {
  URLRequest(url: try #require(URL(string: server.baseURL.absoluteString + path)))
}

/// The `ETag` of the recorded repository.
private func fixtureETag() throws -> String? {
  try ReplayFixture.repository.response().header("ETag")
}

/// How many tasks the session has that have not completed.
private func taskCount(_ session: URLSession) async -> Int {
  await withCheckedContinuation { continuation in
    session.getAllTasks { continuation.resume(returning: $0.count) }
  }
}

/// Polls `condition` every millisecond until it holds, for at most 30 seconds of polling.
private func waitUntil(_ condition: () async -> Bool) async -> Bool {
  for _ in 0..<30_000 {
    if await condition() { return true }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return await condition()
}

extension JSONValue {
  /// Decodes `data`, or returns `nil`.
  fileprivate static func decode(_ data: Data) -> JSONValue? {
    try? JSONDecoder().decode(JSONValue.self, from: data)
  }
}

/// A protocol that answers every `plain:` request with a plain `URLResponse`, as a `file:` or
/// `data:` URL would.
private final class PlainResponseProtocol: URLProtocol {
  override class func canInit(with request: URLRequest) -> Bool {
    request.url?.scheme == "plain"
  }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest {
    request
  }

  override func startLoading() {
    guard let url = request.url else { return }
    let response = URLResponse(
      url: url, mimeType: "text/plain", expectedContentLength: 2, textEncodingName: nil)
    client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
    client?.urlProtocol(self, didLoad: Data("ok".utf8))
    client?.urlProtocolDidFinishLoading(self)
  }

  override func stopLoading() {}
}
