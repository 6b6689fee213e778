import Foundation
import GitHubAsync
import GitHubReplay
import ObservableCore
import ObservableTesting
import Testing

/// Names that could send a request elsewhere, or cannot be a path segment, are rejected before
/// any request; everything else is percent-encoded as exactly one segment, and the server's log
/// proves no request reached another path.
@Suite("GitHubClient: input validation and encoding")
struct GitHubInputValidationTests {
  /// Rejected for every name: empty, dot segments, `/`, control characters, over 255 bytes.
  static let rejectedNames: [String] = [
    "", ".", "..", "octo/cat", "../admin", "/", "a/", "/a", "hello/world/events", "octo\ncat",
    "octo\rcat", "octo\tcat", "octocat\u{0}", "\u{7F}", "a\u{85}b", "a\u{9F}",
    "a\r\nX-Injected: 1", String(repeating: "a", count: 256),
    String(repeating: "é", count: 128),
  ]

  /// Accepted names and the exact path segment the server must receive for each.
  static let acceptedNames: [(name: String, segment: String)] = [
    ("dependabot[bot]", "dependabot%5Bbot%5D"),
    ("github-actions[bot]", "github-actions%5Bbot%5D"),
    ("shipit[bot]", "shipit%5Bbot%5D"),
    ("a--b", "a--b"),
    ("octocat-", "octocat-"),
    ("-octocat", "-octocat"),
    ("octo.cat", "octo.cat"),
    ("octo_cat", "octo_cat"),
    ("...", "..."),
    (".a", ".a"),
    ("..%2F", "..%252F"),
    ("..%2f..%2fusers", "..%252f..%252fusers"),
    ("%2e%2e", "%252e%252e"),
    ("%2E", "%252E"),
    ("%", "%25"),
    ("a?b", "a%3Fb"),
    ("a#b", "a%23b"),
    ("a\\b", "a%5Cb"),
    ("..\\..", "..%5C.."),
    ("octo cat", "octo%20cat"),
    ("a;b", "a%3Bb"),
    ("a&b=c", "a%26b%3Dc"),
    ("a+b", "a%2Bb"),
    ("ôctocat", "%C3%B4ctocat"),
    ("😀", "%F0%9F%98%80"),
    ("\u{2215}", "%E2%88%95"),  // DIVISION SLASH looks like '/' but is not one
    ("~", "~"),
    (String(repeating: "a", count: 255), String(repeating: "a", count: 255)),
  ]

  static let acceptedNameIndices = Array(acceptedNames.indices)

  @Test(
    "rejected owner and user names fail in both styles, without a request",
    arguments: rejectedNames)
  func rejectedLogin(_ login: String) async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = validationClient(server)

    await expectInvalid("owner") { try await client.repository(owner: login, name: "hello-world") }
    await expectInvalid("owner") { try await client.repositoryEvents(owner: login, name: "x") }
    await expectInvalid("username") { try await client.user(login) }
    await expectInvalid("username") { try await client.isUsernameAvailable(login) }
    await expectInvalidRx("owner", client.rx.repository(owner: login, name: "hello-world"))
    await expectInvalidRx("owner", client.rx.repositoryEvents(owner: login, name: "x"))
    await expectInvalidRx("username", client.rx.user(login))
    await expectInvalidRx("username", client.rx.isUsernameAvailable(login))

    #expect(server.requests.isEmpty)
  }

  @Test(
    "rejected repository names fail in both styles, without a request",
    arguments: rejectedNames)
  func rejectedRepositoryName(_ name: String) async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = validationClient(server)

    await expectInvalid("name") { try await client.repository(owner: "octocat", name: name) }
    await expectInvalid("name") { try await client.repositoryEvents(owner: "octocat", name: name) }
    await expectInvalidRx("name", client.rx.repository(owner: "octocat", name: name))
    await expectInvalidRx("name", client.rx.repositoryEvents(owner: "octocat", name: name))

    #expect(server.requests.isEmpty)
  }

  @Test(
    "accepted names reach exactly their own path, as one encoded segment, in both styles",
    arguments: acceptedNameIndices)
  func acceptedName(_ index: Int) async throws {
    let (name, segment) = Self.acceptedNames[index]
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = validationClient(server)

    _ = await asyncResult { () async throws(GitHubError) in try await client.user(name) }
    _ = await rxResult(client.rx.user(name))
    _ = await asyncResult { () async throws(GitHubError) in
      try await client.isUsernameAvailable(name)
    }
    _ = await rxResult(client.rx.isUsernameAvailable(name))
    _ = await asyncResult { () async throws(GitHubError) in
      try await client.repository(owner: name, name: name)
    }
    _ = await rxResult(client.rx.repository(owner: name, name: name))
    _ = await asyncResult { () async throws(GitHubError) in
      try await client.repositoryEvents(owner: name, name: "x")
    }
    _ = await rxResult(client.rx.repositoryEvents(owner: "octocat", name: name))

    expectEqual(
      server.requests.map(\.target),
      [
        "/users/\(segment)", "/users/\(segment)", "/users/\(segment)", "/users/\(segment)",
        "/repos/\(segment)/\(segment)", "/repos/\(segment)/\(segment)",
        "/repos/\(segment)/x/events", "/repos/octocat/\(segment)/events",
      ])
    for request in server.requests {
      expectEqual(request.decodedPath?.contains("/\(name)"), true, "\(request.target)")
    }
  }

  @Test("real repository names reach their path in both styles")
  func realRepositoryNames() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = validationClient(server)
    let names = [".github", "repo.name_v2", "_private", "a--b-", ".github.io"]

    for name in names {
      _ = await asyncResult { () async throws(GitHubError) in
        try await client.repository(owner: "octocat", name: name)
      }
      _ = await rxResult(client.rx.repository(owner: "octocat", name: name))
      _ = await asyncResult { () async throws(GitHubError) in
        try await client.repositoryEvents(owner: "octocat", name: name)
      }
      _ = await rxResult(client.rx.repositoryEvents(owner: "octocat", name: name))
    }

    #expect(
      server.requests.map(\.target)
        == names.flatMap { name in
          [
            "/repos/octocat/\(name)", "/repos/octocat/\(name)", "/repos/octocat/\(name)/events",
            "/repos/octocat/\(name)/events",
          ]
        })
  }

  @Test("the recorded bot user shipit[bot] is fetched in both styles")
  func recordedBotUser() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = validationClient(server)

    let asyncUser = try await client.user("shipit[bot]")
    let rxUser = try await rxResult(client.rx.user("shipit[bot]")).get()
    let asyncTaken = try await client.isUsernameAvailable("shipit[bot]")
    let rxTaken = try await rxResult(client.rx.isUsernameAvailable("shipit[bot]")).get()

    for user in [asyncUser, rxUser] {
      expectEqual(user.login, "shipit[bot]")
      expectEqual(user.type, "Bot")
      expectEqual(user.id, 32_029_183)
    }
    #expect(!asyncTaken)
    #expect(!rxTaken)
    expectEqual(server.requests.map(\.path), Array(repeating: "/users/shipit%5Bbot%5D", count: 4))
    expectEqual(ReplayScenario.GitHubPaths.botUser, "/users/shipit%5Bbot%5D")
  }

  @Test("bot logins with no recording reach the server and come back as 404, in both styles")
  func unrecordedBotUsers() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = validationClient(server)

    for login in ["dependabot[bot]", "github-actions[bot]"] {
      let asyncResult = await asyncResult { () async throws(GitHubError) in
        try await client.user(login)
      }
      let singleResult = await rxResult(client.rx.user(login))
      for result in [asyncResult, singleResult] {
        guard case .failure(.notFound) = result else {
          Issue.record("expected notFound for \(login), got \(result)")
          continue
        }
      }
    }
    expectEqual(
      server.requests.map(\.path),
      [
        "/users/dependabot%5Bbot%5D", "/users/dependabot%5Bbot%5D",
        "/users/github-actions%5Bbot%5D", "/users/github-actions%5Bbot%5D",
      ])
  }

  @Test("names at the length limit are accepted, one byte more is not")
  func boundaryNames() async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    let client = validationClient(server)
    let longest = String(repeating: "a", count: 255)
    let longestMultibyte = String(repeating: "é", count: 127) + "a"  // 255 bytes

    _ = try? await client.repository(owner: longest, name: longestMultibyte)
    _ = try? await client.repository(owner: "a-b-c", name: "._-.x")
    _ = try? await client.repository(owner: "0", name: "...")
    await expectInvalid("owner") {
      try await client.repository(owner: longest + "a", name: "x")
    }
    await expectInvalid("name") {
      try await client.repository(owner: "x", name: longestMultibyte + "a")
    }

    let encodedMultibyte = String(repeating: "%C3%A9", count: 127) + "a"
    expectEqual(
      server.requests.map(\.path),
      [
        "/repos/\(longest)/\(encodedMultibyte)", "/repos/a-b-c/._-.x", "/repos/0/...",
      ])
  }

  @Test("search queries are percent-encoded, never pasted into the URL")
  func queryEncoding() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = validationClient(server)
    let queries = [
      "c++ language:c++", "a&per_page=1", "a#b", "100% ?", "über straße 😀", "line\nbreak",
      "/../users/octocat", "x=y&q=z",
    ]

    for query in queries {
      _ = try await client.searchRepositoriesPage(query)
    }

    let requests = server.requests
    expectEqual(requests.count, queries.count)
    for (request, query) in zip(requests, queries) {
      expectEqual(request.path, "/search/repositories")
      expectEqual(request.queryValue("q"), query)
      expectEqual(request.queryItems.map(\.name), ["q", "per_page", "page"])
      expectEqual(request.queryValue("per_page"), "30")
    }
    #expect(requests[0].target.hasPrefix("/search/repositories?q=c%2B%2B%20language%3Ac%2B%2B&"))
  }

  @Test("perPage and page are checked")
  func pageArguments() async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = validationClient(server)

    await expectInvalid("perPage") { try await client.searchRepositoriesPage("x", perPage: 0) }
    await expectInvalid("perPage") { try await client.searchRepositoriesPage("x", perPage: 101) }
    await expectInvalid("page") { try await client.searchRepositoriesPage("x", page: 0) }
    await expectInvalid("query") { try await client.searchRepositoriesPage(" ") }
    await expectInvalidRx("perPage", client.rx.searchRepositoriesPage("x", perPage: -1))
    await expectInvalidRx("query", client.rx.searchRepositoriesPage(""))

    let observer = TestableObserverBox()
    _ = client.rx.searchRepositories("x", perPage: 500).subscribe { observer.record($0) }
    guard case .invalidInput(let input) = observer.error else {
      Issue.record("expected invalidInput, got \(String(describing: observer.error))")
      return
    }
    expectEqual(input.parameter, "perPage")
    #expect(server.requests.isEmpty)
  }

  @Test("an invalid-input description names the parameter, not the value")
  func descriptionOmitsValue() async {
    let client = GitHubClient(configuration: GitHubConfiguration(token: nil))
    do {
      _ = try await client.user("secret/value")
      Issue.record("expected an error")
    } catch {
      #expect(error.description.contains("username"))
      #expect(!error.description.contains("secret"))
    }
  }
}

/// Records the terminal event of an observable subscribed with a closure.
private final class TestableObserverBox: Sendable {
  private let storage = _Mutex<GitHubError?>(nil)

  var error: GitHubError? { storage.withLock { $0 } }

  func record<Element>(_ event: ObservableCore.Event<Element>) {
    if let error = event.error as? GitHubError { storage.withLock { $0 = error } }
  }
}

private func validationClient(_ server: ReplayServer) -> GitHubClient {
  GitHubClient(configuration: GitHubConfiguration(baseURL: server.baseURL, token: nil))
}

private func expectInvalid<T>(
  _ parameter: String, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async throws -> T
) async {
  do {
    _ = try await body()
    Issue.record("expected invalidInput(\(parameter))", sourceLocation: sourceLocation)
  } catch {
    guard case .invalidInput(let input) = error as? GitHubError, input.parameter == parameter
    else {
      Issue.record(
        "expected invalidInput(\(parameter)), got \(error)", sourceLocation: sourceLocation)
      return
    }
  }
}

private func expectInvalidRx<T: Sendable>(
  _ parameter: String, _ single: Single<T>, sourceLocation: SourceLocation = #_sourceLocation
) async {
  let result = await withCheckedContinuation { continuation in
    _ = single.subscribe { continuation.resume(returning: $0) }
  }
  guard case .failure(let error) = result,
    case .invalidInput(let input) = error as? GitHubError, input.parameter == parameter
  else {
    Issue.record(
      "expected invalidInput(\(parameter)), got \(result)", sourceLocation: sourceLocation)
    return
  }
}

/// The result of a `Single`'s one subscription, awaited.
private func rxResult<T: Sendable>(_ single: Single<T>) async -> Result<T, GitHubError> {
  let result = await withCheckedContinuation { continuation in
    _ = single.subscribe { continuation.resume(returning: $0) }
  }
  return result.mapError { error in
    error as? GitHubError ?? .transport(URLError(.unknown))
  }
}

/// The result of an async call, awaited.
private func asyncResult<T>(_ body: () async throws(GitHubError) -> T) async -> Result<
  T, GitHubError
> {
  do {
    return .success(try await body())
  } catch {
    return .failure(error)
  }
}
