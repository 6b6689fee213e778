import Foundation
import GitHubAsync
import GitHubReplay
import ObservableCore
import ObservableTesting
import Testing

/// Every call, in both styles, against the replay server: success, each error status, a
/// followed 301, broken bodies, a timeout and cancellation.
@Suite("GitHubClient: every call in both styles")
struct GitHubCallMatrixTests {
  @Test("succeeds with the recorded response", arguments: Call.allCases, Style.allCases)
  fileprivate func success(call: Call, style: Style) async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub(call.path, .respond(try call.successResponse()))

    let result = await call.run(on: makeClient(server), style: style)

    #expect(try result.get() == call.expectedSummary)
    expectEqual(server.requests.map(\.path), [call.path])
  }

  @Test(
    "404 is notFound (a free name for isUsernameAvailable)", arguments: Call.allCases,
    Style.allCases)
  fileprivate func notFound(call: Call, style: Style) async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub(call.path, .respond(try ReplayFixture.repositoryNotFound.response()))

    let result = await call.run(on: makeClient(server), style: style)

    if call == .usernameAvailable {
      #expect(try result.get() == "available: true")
    } else {
      guard case .failure(.notFound(let message)) = result else {
        Issue.record("expected notFound, got \(result)")
        return
      }
      expectEqual(message, GitHubMessage(status: 404, message: "Not Found"))
    }
  }

  @Test("401 is unauthorized with GitHub's message", arguments: Call.allCases, Style.allCases)
  fileprivate func unauthorized(call: Call, style: Style) async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub(call.path, .respond(try ReplayFixture.badCredentials.response()))

    let result = await call.run(on: makeClient(server), style: style)

    guard case .failure(.unauthorized(let message)) = result else {
      Issue.record("expected unauthorized, got \(result)")
      return
    }
    expectEqual(message.status, 401)
    expectEqual(message.message, "Bad credentials")
  }

  @Test(
    "403 with remaining 0 is a primary rate limit until the reset", arguments: Call.allCases,
    Style.allCases)
  fileprivate func primaryRateLimit(call: Call, style: Style) async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub(call.path, .respond(try ReplayFixture.rateLimitPrimary.response()))

    let result = await call.run(on: makeClient(server), style: style)

    guard case .failure(.rateLimited(let limit)) = result else {
      Issue.record("expected rateLimited, got \(result)")
      return
    }
    expectEqual(limit.kind, .primary)
    expectEqual(limit.status, 403)
    expectEqual(limit.resetDate, Date(timeIntervalSince1970: 1_714_996_800))
    #expect(limit.retryAfter == nil)
    expectEqual(limit.rateLimit?.remaining, 0)
  }

  @Test("429 with Retry-After is a secondary rate limit", arguments: Call.allCases, Style.allCases)
  fileprivate func secondaryRateLimit(call: Call, style: Style) async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub(call.path, .respond(try ReplayFixture.rateLimitSecondary.response()))

    let result = await call.run(on: makeClient(server), style: style)

    guard case .failure(.rateLimited(let limit)) = result else {
      Issue.record("expected rateLimited, got \(result)")
      return
    }
    expectEqual(limit.kind, .secondary)
    expectEqual(limit.status, 429)
    expectEqual(limit.retryAfter, .seconds(60))
    let now = Date(timeIntervalSince1970: 1_000)
    expectEqual(limit.retryDate(from: now), Date(timeIntervalSince1970: 1_060))
  }

  @Test(
    "422 is validationFailed with message and errors[]", arguments: Call.allCases, Style.allCases)
  fileprivate func validationFailed(call: Call, style: Style) async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub(call.path, .respond(try ReplayFixture.validationFailed.response(status: 422)))

    let result = await call.run(on: makeClient(server), style: style)

    guard case .failure(.validationFailed(let failure)) = result else {
      Issue.record("expected validationFailed, got \(result)")
      return
    }
    expectEqual(failure.message, "Validation Failed")
    expectEqual(
      failure.errors,
      [
        ValidationFailure.FieldError(resource: "Label", field: "color", code: "invalid")
      ])
  }

  @Test("5xx is serverError", arguments: Call.allCases, Style.allCases)
  fileprivate func serverError(call: Call, style: Style) async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub(call.path, .respond(try ReplayFixture.serverError.response()))

    let result = await call.run(on: makeClient(server), style: style)

    guard case .failure(.serverError(let message)) = result else {
      Issue.record("expected serverError, got \(result)")
      return
    }
    expectEqual(message, GitHubMessage(status: 500, message: "Server Error"))
  }

  @Test("a recorded 301 is followed to the new location", arguments: Call.allCases, Style.allCases)
  fileprivate func movedPermanently(call: Call, style: Style) async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    let moved = try ReplayFixture.renamedRepository.response(status: 301)
    server.stub(call.path, .respond(moved))
    server.stub("/repositories/515436299", .respond(try call.successResponse()))

    let result = await call.run(on: makeClient(server), style: style)

    #expect(try result.get() == call.expectedSummary)
    expectEqual(server.requests.map(\.path), [call.path, "/repositories/515436299"])
  }

  @Test(
    "malformed JSON is decodingFailed with the status and body prefix", arguments: Call.allCases,
    Style.allCases)
  fileprivate func malformedJSON(call: Call, style: Style) async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub(call.path, .respond(.json(#"{"id": 1, "name": "#)))

    let result = await call.run(on: makeClient(server), style: style)

    if call == .usernameAvailable {
      // The body of a 200 is not read: the name is taken.
      #expect(try result.get() == "available: false")
      return
    }
    guard case .failure(.decodingFailed(let failure)) = result else {
      Issue.record("expected decodingFailed, got \(result)")
      return
    }
    #expect(failure.status == 200)
    #expect(failure.bodyPrefix == #"{"id": 1, "name": "#)
  }

  @Test("a truncated body is a transport error", arguments: Call.allCases, Style.allCases)
  fileprivate func truncatedBody(call: Call, style: Style) async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub(call.path, .truncateBody(try call.successResponse(), bytes: 40))

    let result = await call.run(on: makeClient(server), style: style)

    guard case .failure(.transport) = result else {
      Issue.record("expected a transport error, got \(result)")
      return
    }
  }

  @Test(
    "a response slower than the timeout fails with timedOut", arguments: Call.allCases,
    Style.allCases)
  fileprivate func timeout(call: Call, style: Style) async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub(call.path, .delay(.seconds(10), try call.successResponse()))

    let result = await call.run(on: makeClient(server, timeout: .milliseconds(500)), style: style)

    guard case .failure(.transport(let error)) = result else {
      Issue.record("expected a timeout, got \(result)")
      return
    }
    expectEqual(error.code, .timedOut)
    #expect(await server.waitForAbandonedRequests())
  }

  @Test(
    "cancelling closes the connection: Task cancel (async) or dispose (Rx)",
    arguments: Call.allCases, Style.allCases)
  fileprivate func cancellation(call: Call, style: Style) async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    server.stub(call.path, .hang)
    let client = makeClient(server)

    switch style {
    case .async:
      let task = Task { await call.run(on: client, style: .async) }
      #expect(await server.waitForRequests())
      task.cancel()
      let result = await task.value
      guard case .failure(.cancelled) = result else {
        Issue.record("expected cancelled, got \(result)")
        return
      }
    case .rx:
      let observer = TestableObserver<String>()
      let subscription = call.observable(on: client).subscribe(observer)
      #expect(await server.waitForRequests())
      subscription.dispose()
      #expect(await server.waitForAbandonedRequests())
      #expect(observer.events.isEmpty)
    }
    #expect(await server.waitForAbandonedRequests())
    expectEqual(server.abandonedRequests.map(\.path), [call.path])
  }
}

// MARK: - Harness

/// The calls under test.
private enum Call: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case repository, search, searchPage, user, events, usernameAvailable

  var testDescription: String { rawValue }

  var path: String {
    switch self {
    case .repository: "/repos/octocat/hello-world"
    case .search, .searchPage: "/search/repositories"
    case .user, .usernameAvailable: "/users/octocat"
    case .events: "/repos/octocat/hello-world/events"
    }
  }

  /// A recorded (or, for search, written) 200 for the call.
  func successResponse() throws -> ReplayResponse {
    switch self {
    case .repository: try ReplayFixture.repository.response()
    case .search, .searchPage:
      // The last page of the written search: no `Link` to follow.
      try ReplayFixture.searchRepositories.interactions()[2].response
    case .user, .usernameAvailable: try ReplayFixture.user.response()
    case .events: try ReplayFixture.repositoryEvents.response()
    }
  }

  var expectedSummary: String {
    switch self {
    case .repository: "octokit-fixture-org/hello-world"
    case .search, .searchPage: "octocat/swift-spoon-knife"
    case .user: "sferik"
    case .events: "30 events"
    case .usernameAvailable: "available: false"
    }
  }

  func run(on client: GitHubClient, style: Style) async -> Result<String, GitHubError> {
    switch style {
    case .async: await runAsync(on: client)
    case .rx: await collect(observable(on: client))
    }
  }

  private func runAsync(on client: GitHubClient) async -> Result<String, GitHubError> {
    do throws(GitHubError) {
      switch self {
      case .repository:
        return .success(try await client.repository(owner: "octocat", name: "hello-world").fullName)
      case .search:
        var names: [String] = []
        for try await repository in client.searchRepositories("swift") {
          names.append(repository.fullName)
        }
        return .success(names.joined(separator: ","))
      case .searchPage:
        let page = try await client.searchRepositoriesPage("swift")
        return .success(page.items.map(\.fullName).joined(separator: ","))
      case .user:
        return .success(try await client.user("octocat").login)
      case .events:
        let events = try await client.repositoryEvents(owner: "octocat", name: "hello-world")
        return .success("\(events.events.count) events")
      case .usernameAvailable:
        return .success("available: \(try await client.isUsernameAvailable("octocat"))")
      }
    } catch {
      return .failure(error)
    }
  }

  /// The Rx call, reduced to the same summary strings.
  func observable(on client: GitHubClient) -> Observable<String> {
    switch self {
    case .repository:
      client.rx.repository(owner: "octocat", name: "hello-world").asObservable().map(\.fullName)
    case .search:
      client.rx.searchRepositories("swift").map {
        $0.items.map(\.fullName).joined(separator: ",")
      }
    case .searchPage:
      client.rx.searchRepositoriesPage("swift").asObservable().map {
        $0.items.map(\.fullName).joined(separator: ",")
      }
    case .user:
      client.rx.user("octocat").asObservable().map(\.login)
    case .events:
      client.rx.repositoryEvents(owner: "octocat", name: "hello-world").asObservable()
        .map { "\($0.events.count) events" }
    case .usernameAvailable:
      client.rx.isUsernameAvailable("octocat").asObservable().map { "available: \($0)" }
    }
  }
}

/// The two styles.
private enum Style: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case async, rx

  var testDescription: String { rawValue }
}

/// Subscribes, waits for the terminal event, and joins the elements with commas.
private func collect(_ observable: Observable<String>) async -> Result<String, GitHubError> {
  let observer = TestableObserver<String>()
  let subscription = observable.subscribe(observer)
  defer { subscription.dispose() }
  guard await observer.waitForTermination(timeout: .seconds(60)) else {
    return .failure(.transport(URLError(.unknown)))
  }
  #expect(observer.grammarViolations.isEmpty)
  if let error = observer.events.last?.value.error {
    guard let gitHubError = error as? GitHubError else {
      Issue.record("Rx error is not a GitHubError: \(error)")
      return .failure(.transport(URLError(.unknown)))
    }
    return .failure(gitHubError)
  }
  return .success(observer.elements.joined(separator: ","))
}

/// A request timeout far beyond any wait of the tests: on a loaded machine (the whole suite in
/// parallel with the stress tests) 60 s passed before a cancellation test disposed of a request
/// that the server holds open, and the observer saw URLError -1001 instead of nothing.
private func makeClient(_ server: ReplayServer, timeout: Duration = .seconds(600)) -> GitHubClient {
  GitHubClient(
    configuration: GitHubConfiguration(
      baseURL: server.baseURL, token: GitHubToken("matrix-token"), timeout: timeout))
}
