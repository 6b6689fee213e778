import Foundation
import GitHubAsync
import GitHubReplay
import ObservableCore
import Synchronization
import Testing

/// Names GitHub could never accept are rejected before any request; everything else is
/// percent-encoded, and the server's log proves no request reached another path.
@Suite("GitHubClient: input validation and encoding")
struct GitHubInputValidationTests {
  static let badLogins: [String] = [
    "", "-octocat", "octocat-", "octo--cat", "octo/cat", "../admin", "..", ".", "octo cat",
    "octo?cat", "octo#cat", "octo%2Fcat", "octo\ncat", "octo.cat", "octo_cat", "ôctocat",
    "octocat\u{0}", String(repeating: "a", count: 40), "😀",
  ]

  static let badRepositoryNames: [String] = [
    "", ".", "..", "hello/world", "../../users", "hello world", "hello?x=1", "hello#frag",
    "hello%20world", "hello\nworld", "héllo", "hello\\world", String(repeating: "r", count: 101),
  ]

  @Test(
    "bad owner and user names are rejected in both styles, without a request", arguments: badLogins)
  func badLogin(_ login: String) async throws {
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
    "bad repository names are rejected in both styles, without a request",
    arguments: badRepositoryNames)
  func badRepositoryName(_ name: String) async throws {
    let server = try ReplayServer.start(scenario: .gitHub())
    defer { server.stop() }
    let client = validationClient(server)

    await expectInvalid("name") { try await client.repository(owner: "octocat", name: name) }
    await expectInvalid("name") { try await client.repositoryEvents(owner: "octocat", name: name) }
    await expectInvalidRx("name", client.rx.repository(owner: "octocat", name: name))
    await expectInvalidRx("name", client.rx.repositoryEvents(owner: "octocat", name: name))

    #expect(server.requests.isEmpty)
  }

  @Test("names at the limits are accepted")
  func boundaryNames() async throws {
    let server = try ReplayServer.start()
    defer { server.stop() }
    let client = validationClient(server)
    let longest = String(repeating: "a", count: 39)
    let longestRepository = String(repeating: "r", count: 100)

    _ = try? await client.repository(owner: longest, name: longestRepository)
    _ = try? await client.repository(owner: "a-b-c", name: "._-.x")
    _ = try? await client.repository(owner: "0", name: "...")

    #expect(
      server.requests.map(\.path) == [
        "/repos/\(longest)/\(longestRepository)", "/repos/a-b-c/._-.x", "/repos/0/...",
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
    #expect(requests.count == queries.count)
    for (request, query) in zip(requests, queries) {
      #expect(request.path == "/search/repositories")
      #expect(request.queryValue("q") == query)
      #expect(request.queryItems.map(\.name) == ["q", "per_page", "page"])
      #expect(request.queryValue("per_page") == "30")
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
    #expect(input.parameter == "perPage")
    #expect(server.requests.isEmpty)
  }

  @Test("an invalid-input description names the parameter, not the value")
  func descriptionOmitsValue() async {
    let client = GitHubClient(configuration: GitHubConfiguration(token: nil))
    do {
      _ = try await client.user("secret value")
      Issue.record("expected an error")
    } catch {
      #expect(error.description.contains("username"))
      #expect(!error.description.contains("secret value"))
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
